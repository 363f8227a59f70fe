import { randomUUID } from 'node:crypto';
import { DescribeExecutionCommand, StartExecutionCommand } from '@aws-sdk/client-sfn';
import { runComparison } from '../../../shared/api/results';
import { stepNumber } from '../../../shared/comparisons';
import { can } from '../../../shared/permissions/actions';
import { sfn } from '../../lib/aws';
import { config } from '../../lib/config';
import { isConditionFailure } from '../../lib/db/conditions';
import { db } from '../../lib/db/service';
import { badRequest, conflict, notFound, serve } from '../../lib/http';
import { idempotent } from '../../lib/idempotency';
import { logger } from '../../lib/observability/logger';
import { accessScope, companyInScope } from '../../lib/tenancy/scope';
import { settleStaleRun } from '../../lib/compare-runs/interrupted-run';
import { checkRunnable } from '../../lib/compare-runs/runnable';
import { forgetResultsViews } from '../../lib/compare-runs/results-view';
import { companyContext } from '../../lib/tenancy/company-context';
import { setUpInvoiceDataPoints } from '../../lib/comparisons/invoice-setup';
import type { RunInput } from '../../lib/compare-runs/types';

/**
 * POST /api/companies/{company_id}/comparisons/{comparison_id}/run → 202 with the comparison
 * (status RUNNING, run_id, progress). 400 when it cannot run yet (the message says what is
 * missing), 409 while a run is under way. The same Idempotency-Key again answers the first run's
 * 202 instead (lib/idempotency.ts).
 */
/** A RUNNING status whose execution is gone or finished (a crashed or restarted runtime) does not block. */
async function stillRunning(executionArn: string | null | undefined): Promise<boolean> {
  if (!executionArn) return false;
  try {
    const res = await sfn().send(new DescribeExecutionCommand({ executionArn }));
    return res.status === 'RUNNING';
  } catch (error) {
    if (/ExecutionDoesNotExist/.test(String((error as Error).name ?? error))) return false;
    throw error;
  }
}

export const handler = serve(runComparison, idempotent(runComparison, async ({ params, caller }) => {
  const company = await companyInScope(caller, params.company_id);
  const key = { organization_id: company.organization_id, company_id: company.id, id: params.comparison_id };
  const { data: read } = await db().entities.comparison.get(key).go();
  if (!read) throw notFound();
  const comparison = await settleStaleRun(read);
  const scope = await accessScope(caller);
  if (!can(caller.user, 'comparison.run', { organization_id: company.organization_id, company_id: company.id }, scope)) throw notFound();

  if (comparison.status === 'RUNNING' && (await stillRunning(comparison.execution_arn))) {
    throw conflict('This comparison is already running. Wait for it to finish before running it again.');
  }
  // An invoice reconciliation left without data points runs on the ones it suggests for itself.
  if (await setUpInvoiceDataPoints(await companyContext(caller, company.id), comparison)) logger.info('invoice data points set up', { comparison_id: comparison.id });
  const runnable = await checkRunnable(comparison);
  if (!runnable.ok) throw badRequest(runnable.message);

  const run_id: string = randomUUID();
  const moveToCompare = stepNumber(comparison.step) < stepNumber('COMPARE');
  // Claim the run: conditional on the run id read, so two presses at once start one run.
  try {
    await db()
      .entities.comparison.patch(key)
      .set({
        status: 'RUNNING',
        run_id,
        progress: { stage: 'loading', processed: 0, total: runnable.baseline.row_count ?? null, stage_started_at: new Date().toISOString() },
        updated_by_user_id: caller.user.id,
        ...(moveToCompare ? { step: 'COMPARE' } : {}),
      })
      .remove(['status_reason', 'execution_arn', 'match_candidates_waiting'])
      .where((a, op) => (comparison.run_id ? op.eq(a.run_id, comparison.run_id) : op.notExists(a.run_id)))
      .go({ response: 'none' });
  } catch (error) {
    if (isConditionFailure(error)) throw conflict('This comparison is already running. Wait for it to finish before running it again.');
    throw error;
  }
  forgetResultsViews();

  const input: RunInput = {
    organization_id: company.organization_id,
    company_id: company.id,
    comparison_id: comparison.id,
    run_id,
    started_by_user_id: caller.user.id,
  };
  let executionArn: string | undefined;
  try {
    const res = await sfn().send(new StartExecutionCommand({ stateMachineArn: config.stateMachineArn, name: run_id, input: JSON.stringify(input) }));
    executionArn = res.executionArn;
  } catch (error) {
    logger.error('comparison run could not start', { comparison_id: comparison.id, run_id, error });
    await db()
      .entities.comparison.patch(key)
      .set({ status: 'FAILED', status_reason: 'The comparison could not be started. Try again in a minute.' })
      .remove(['progress'])
      .where((a, op) => op.eq(a.run_id, run_id))
      .go({ response: 'none' })
      .catch(() => undefined);
    throw error;
  }
  const { data: updated } = await db()
    .entities.comparison.patch(key)
    .set({ execution_arn: executionArn })
    .where((a, op) => op.eq(a.run_id, run_id))
    .go({ response: 'all_new' })
    .catch(async () => db().entities.comparison.get(key).go());
  logger.info('comparison run started', { comparison_id: comparison.id, run_id });
  // Deleted meanwhile: nothing is left to answer.
  if (!updated) throw notFound();
  const { execution_arn: _arn, ...view } = updated;
  return view;
}));
