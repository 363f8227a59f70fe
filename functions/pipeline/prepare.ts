import { logger } from '../lib/observability/logger';
import { buildCompareConfig, storeConfigSnapshot } from '../lib/compare-runs/config';
import { patchForRun, readComparison } from '../lib/compare-runs/comparison-state';
import { checkRunnable } from '../lib/compare-runs/runnable';
import { wantsPersonMatch } from '../lib/compare-runs/person-matching';
import { NOT_RUNNABLE, PipelineError, type PreparedRun, type RunInput } from '../lib/compare-runs/types';
import { instrumented } from '../lib/observability/instrumented';
import { shardCount } from '../../shared/compare-shards/shard-plan';
import { config as settings } from '../lib/config';

/**
 * PrepareComparison: checks the comparison is still runnable (the route checked too, but files or
 * data points may have changed since), loads its data points and mappings into a configuration
 * snapshot in S3, and records progress stage `loading`. A run that is no longer the comparison's
 * current one (superseded) passes through untouched.
 */
export const handler = instrumented('pipeline/prepare', async function handler(event: RunInput): Promise<PreparedRun> {
  const run: RunInput = {
    organization_id: event.organization_id,
    company_id: event.company_id,
    comparison_id: event.comparison_id,
    run_id: event.run_id,
    started_by_user_id: event.started_by_user_id ?? null,
  };
  const comparison = await readComparison(run);
  if (!comparison) throw new PipelineError(NOT_RUNNABLE, 'The comparison no longer exists.');
  const empty = { id: '', name: '', parsed_key: '', row_count: null };
  if (comparison.run_id !== run.run_id) {
    logger.info('comparison run superseded', { comparison_id: run.comparison_id, run_id: run.run_id });
    return { ...run, baseline: empty, secondary: empty, config_key: '', data_point_count: 0, superseded: true };
  }

  const runnable = await checkRunnable(comparison);
  if (!runnable.ok) throw new PipelineError(NOT_RUNNABLE, runnable.message);
  const config = await buildCompareConfig(runnable.dataPoints);
  const columns = Object.fromEntries(
    runnable.dataPoints.map((p) => [p.id, { baseline_column_name: p.baseline_column_name, secondary_column_name: p.secondary_column_name }]),
  );
  const config_key = await storeConfigSnapshot(run, { config, columns });
  // An invoice is read whole (its sections are only understood in order), and matching by person
  // pairs rows across the whole files; other audits split by key when large.
  const shards =
    comparison.audit_type === 'INVOICE_RECONCILIATION' || wantsPersonMatch(comparison)
      ? 0
      : shardCount(
          { baseline: runnable.baseline.row_count ?? null, secondary: runnable.secondary.row_count ?? null },
          { thresholdRows: settings.shardThresholdRows, rowsPerShard: settings.shardRows },
        );
  const ref = (f: typeof runnable.baseline) => ({ id: f.id, name: f.name, parsed_key: f.parsed_key!, row_count: f.row_count ?? null });
  await patchForRun(
    run,
    { progress: { stage: 'loading', processed: 0, total: runnable.baseline.row_count ?? null, stage_started_at: new Date().toISOString() } },
    { whenStatus: 'RUNNING' },
  );
  logger.info('comparison run prepared', {
    comparison_id: run.comparison_id,
    run_id: run.run_id,
    data_points: runnable.dataPoints.length,
    baseline_rows: runnable.baseline.row_count,
    secondary_rows: runnable.secondary.row_count,
    shards,
  });
  return {
    ...run,
    baseline: ref(runnable.baseline),
    secondary: ref(runnable.secondary),
    config_key,
    data_point_count: runnable.dataPoints.length,
    ...(shards ? { shard_count: shards } : {}),
  };
});
