import { compareTables, type ComparisonResult, type Row } from '../../../shared/compare';
import { InvoiceInputError, reconcileInvoice, type InvoiceTotals } from '../../../shared/invoice';
import { openObject } from '../storage/objects';
import { earlierInvoicesOf, storeBilledLedger } from '../invoices/billed-ledger';
import { db } from '../db/service';
import { sendEmail } from '../email';
import { comparisonUrl } from '../public-url';
import { openParsedRows } from '../files';
import { logger } from '../observability/logger';
import { METRIC, MetricUnit, recordMetric } from '../observability/metrics';
import { readConfigSnapshot, type ConfigSnapshot } from './config';
import { compareByPerson, isAwaiting, personMatchFallback, wantsPersonMatch } from './person-matching';
import { AWAITING_MATCH_CONFIRMATION, awaitingMatchesText } from '../../../shared/comparisons';
import { isCurrentRun, patchForRun, ProgressReporter, readComparison, type ComparisonRecord } from './comparison-state';
import { changesSincePrevious } from './changes-since-previous';
import { deleteOtherResults, pendingKey, resultPutRequests, storePending, storeSummary, writeAll } from './results-store';
import { config } from '../config';
import {
  DEFAULT_DISCREPANCY_LIMIT,
  INVOICE_INPUT,
  PipelineError,
  taskDeadline,
  TIME_LIMIT,
  type ComparedRun,
  type PreparedRun,
  type RunFileRef,
  type RunInput,
} from './types';

/**
 * The RunComparison task: streams both parsed files from S3 through the engine, checks the
 * discrepancy limit, replaces the previous results, and writes the summary. See docs/compare.md
 * "Pipeline" for the stages and limits.
 */
export interface RunOptions {
  /** Milliseconds left before the Lambda is stopped (context.getRemainingTimeInMillis). */
  remainingMs?: () => number;
  /** How often progress is written to the comparison. */
  progressEveryMs?: number;
}

/** Stop reading rows when less than this is left, so the failure is recorded with a clear reason. */
const TIME_RESERVE_MS = 60_000;

export const limitMessage = (limit: number, found: number) =>
  `This comparison found more than ${limit.toLocaleString('en-US')} discrepancies (${found.toLocaleString('en-US')}), ` +
  `the limit set for your organization, so its results were not saved. Check that the unique identifier, data points, ` +
  `date formats and mappings line up, then run it again.`;

const timeLimitMessage =
  'The files are too large to compare within the 15-minute limit of one run. Split the files (for example by benefit type) and compare each part.';

async function openSide(file: RunFileRef) {
  // The same S3 client as the upload and parse steps (on the local stack it signs with s3rver's keys).
  const object = await openObject(file.parsed_key);
  if (!object) throw new PipelineError('ParsedRowsFormatError', `The rows of ${file.name} are missing from storage. Import the file again.`);
  return openParsedRows(object.body);
}

async function discrepancyLimit(organizationId: string): Promise<number> {
  const { data } = await db().entities.organization.get({ id: organizationId }).go();
  const limit = data?.discrepancy_limit;
  return typeof limit === 'number' && Number.isFinite(limit) && limit >= 0 ? limit : DEFAULT_DISCREPANCY_LIMIT;
}

async function notifyLimit(run: RunInput, comparisonName: string, limit: number, found: number): Promise<void> {
  const [user, company] = await Promise.all([
    run.started_by_user_id ? db().entities.user.get({ id: run.started_by_user_id }).go() : Promise.resolve({ data: null }),
    db().entities.company.query.byId({ id: run.company_id }).go(),
  ]);
  const email = (user.data as { email?: string } | null)?.email;
  await sendEmail({
    type: 'COMPARISON_DISCREPANCY_LIMIT',
    to: email ? [email] : [],
    scope: { organization_id: run.organization_id, company_id: run.company_id },
    values: {
      comparison_name: comparisonName,
      company_name: company.data[0]?.name ?? '',
      discrepancy_limit: limit.toLocaleString('en-US'),
      discrepancy_count: found.toLocaleString('en-US'),
      comparison_url: comparisonUrl(run.company_id, run.comparison_id),
    },
  });
}

/** Counts the findings per kind for the summary and the log event. */
export function findingCounts(result: ComparisonResult) {
  const s = result.summary;
  return {
    discrepancies: s.discrepancies,
    missing_in_secondary: s.missing_in_secondary,
    missing_in_baseline: s.missing_in_baseline,
    duplicates_in_baseline: s.duplicates_in_baseline,
    duplicates_in_secondary: s.duplicates_in_secondary,
    total: result.discrepancies.length + result.missing.length,
  };
}

async function collect(rows: AsyncIterable<Row>): Promise<string[][]> {
  const out: string[][] = [];
  for await (const row of rows) out.push(row.map((c) => (c === null || c === undefined ? '' : String(c))));
  return out;
}

/**
 * An invoice reconciliation reads the list bill whole (a bill is small, and its sections and
 * totals are only understood in order); bad input fails the run with the reader's message.
 */
function reconcile(
  baseline: Parameters<typeof reconcileInvoice>[0],
  invoice: Parameters<typeof reconcileInvoice>[1],
  snapshot: ConfigSnapshot,
  comparison: { invoice_number?: string; billing_period?: string; invoice_date?: string },
  earlier: Parameters<typeof reconcileInvoice>[4],
) {
  try {
    return reconcileInvoice(baseline, invoice, snapshot.config.data_points, comparison, earlier);
  } catch (error) {
    if (error instanceof InvoiceInputError) throw new PipelineError(INVOICE_INPUT, error.message);
    throw error;
  }
}

/**
 * The run and its comparison when the run is still to be compared; otherwise the outcome to
 * report (superseded, or a retry of a task that already finished: idempotent by run id).
 */
export async function runToCompare(
  event: PreparedRun,
): Promise<{ run: RunInput; comparison: ComparisonRecord; done?: undefined } | { done: ComparedRun }> {
  const run: RunInput = {
    organization_id: event.organization_id,
    company_id: event.company_id,
    comparison_id: event.comparison_id,
    run_id: event.run_id,
    started_by_user_id: event.started_by_user_id ?? null,
  };
  if (event.superseded) return { done: { ...event, outcome: 'SUPERSEDED' } };
  const comparison = await readComparison(run);
  if (!comparison || comparison.run_id !== run.run_id) return { done: { ...event, outcome: 'SUPERSEDED' } };
  if (comparison.status === 'SUCCEEDED') return { done: { ...event, outcome: 'COMPARED' } };
  if (comparison.status === 'FAILED') return { done: { ...event, outcome: 'LIMIT_EXCEEDED' } };
  if (comparison.status === AWAITING_MATCH_CONFIRMATION) return { done: { ...event, outcome: 'AWAITING_MATCH_CONFIRMATION' } };
  return { run, comparison };
}

/**
 * Proposed pairs wait for the user under Confirm matches: the run stops before comparing, in a
 * state of its own (not a failure), and the previous results stay as they were.
 */
async function awaitConfirmation(event: PreparedRun, run: RunInput, waiting: number): Promise<ComparedRun> {
  const recorded = await patchForRun(
    run,
    { status: AWAITING_MATCH_CONFIRMATION, status_reason: awaitingMatchesText(waiting), match_candidates_waiting: waiting },
    { whenStatus: 'RUNNING', remove: ['progress'] },
  );
  if (!recorded) return { ...event, outcome: 'SUPERSEDED' };
  logger.info('comparison awaits match confirmation', { comparison_id: run.comparison_id, run_id: run.run_id, waiting });
  return { ...event, outcome: 'AWAITING_MATCH_CONFIRMATION' };
}

export async function runComparison(event: PreparedRun, options: RunOptions = {}): Promise<ComparedRun> {
  const state = await runToCompare(event);
  if (state.done) return state.done;
  const { run, comparison } = state;

  const started = Date.now();
  const progress = new ProgressReporter(run, options.progressEveryMs);
  const snapshot: ConfigSnapshot = await readConfigSnapshot(event.config_key);
  const [baseline, secondary] = await Promise.all([openSide(event.baseline), openSide(event.secondary)]);

  const checkTime = () => {
    if (options.remainingMs && options.remainingMs() < TIME_RESERVE_MS) throw new PipelineError(TIME_LIMIT, timeLimitMessage);
  };
  let baselineRead = 0;
  let baselineDone = false;
  let secondaryRead = 0;
  async function* baselineRows(): AsyncGenerator<Row> {
    for await (const row of baseline.rows) {
      yield row;
      if ((++baselineRead & 1023) === 0) {
        checkTime();
        await progress.report('loading', baselineRead, event.baseline.row_count);
      }
    }
    baselineDone = true;
  }
  async function* secondaryRows(): AsyncGenerator<Row> {
    for await (const row of secondary.rows) {
      yield row;
      // The engine reads a sample of the carrier file before the baseline's end: count it, report later.
      if ((++secondaryRead & 1023) === 0 && baselineDone) {
        checkTime();
        await progress.report('matching', secondaryRead, event.secondary.row_count);
      }
    }
  }

  let result: ComparisonResult;
  let invoice: InvoiceTotals | undefined;
  try {
    if (comparison.audit_type === 'INVOICE_RECONCILIATION') {
      const reconciled = reconcile(
        { columns: baseline.header.columns, rows: await collect(baselineRows()) },
        { columns: secondary.header.columns, rows: await collect(secondaryRows()), preamble: secondary.header.preamble },
        snapshot,
        comparison,
        await earlierInvoicesOf(comparison),
      );
      result = { ...reconciled, blank_identifiers: { baseline: [], secondary: [] } };
      invoice = reconciled.totals;
      // What this invoice billed, for later invoices' retro charges; found through the summary that names this run.
      await storeBilledLedger(run, reconciled.totals.billing_months, reconciled.billed_ledger);
    } else if (wantsPersonMatch(comparison)) {
      const matched = await compareByPerson(run, event, comparison, snapshot, {
        baseline: { columns: baseline.header.columns, rows: await collect(baselineRows()) },
        secondary: { columns: secondary.header.columns, rows: await collect(secondaryRows()) },
      });
      if (isAwaiting(matched)) return await awaitConfirmation(event, run, matched.awaiting);
      result = matched;
    } else {
      result = await compareTables(
        { columns: baseline.header.columns, rows: baselineRows() },
        { columns: secondary.header.columns, rows: secondaryRows() },
        snapshot.config,
      );
      const byPerson = await personMatchFallback(run, event, comparison, snapshot, result);
      if (byPerson && isAwaiting(byPerson)) return await awaitConfirmation(event, run, byPerson.awaiting);
      result = byPerson ?? result;
    }
  } finally {
    await Promise.allSettled([baseline.rows.return(), secondary.rows.return()]);
  }
  return saveRunResult({ event, run, comparison, snapshot, result, invoice, started, progress }, options);
}

export interface CompareOutput {
  event: PreparedRun;
  run: RunInput;
  comparison: ComparisonRecord;
  snapshot: ConfigSnapshot;
  result: ComparisonResult;
  invoice?: InvoiceTotals;
  /** When this task began (epoch ms): the task's deadline counts from it. */
  started: number;
  /** When the compare began, if before this task (a sharded run's split). */
  compareStarted?: number;
  progress: ProgressReporter;
}

/**
 * What follows the compare, whole or sharded: the discrepancy limit, the results written (what
 * does not fit in the task's time handed to Notify), the previous results removed, the summary
 * stored for Notify to publish.
 */
export async function saveRunResult(
  { event, run, comparison, snapshot, result, invoice, started, compareStarted, progress }: CompareOutput,
  options: RunOptions = {},
): Promise<ComparedRun> {
  const checkTime = () => {
    if (options.remainingMs && options.remainingMs() < TIME_RESERVE_MS) throw new PipelineError(TIME_LIMIT, timeLimitMessage);
  };
  const compareMs = Date.now() - (compareStarted ?? started);
  recordMetric(METRIC.rowsCompared, MetricUnit.Count, result.summary.baseline_rows + result.summary.secondary_rows);
  const counts = findingCounts(result);
  await progress.report('comparing', counts.total, counts.total, true);
  if (progress.superseded) return { ...event, outcome: 'SUPERSEDED' };

  const limit = await discrepancyLimit(run.organization_id);
  if (counts.total > limit) {
    const failed = await patchForRun(
      run,
      { status: 'FAILED', status_reason: limitMessage(limit, counts.total) },
      { whenStatus: 'RUNNING', remove: ['progress'] },
    );
    if (!failed) return { ...event, outcome: 'SUPERSEDED' };
    logger.warn('comparison stopped at the discrepancy limit', { comparison_id: run.comparison_id, run_id: run.run_id, limit, ...counts });
    await notifyLimit(run, comparison.name, limit, counts.total);
    return { ...event, outcome: 'LIMIT_EXCEEDED', discrepancies: result.discrepancies.length, missing: result.missing.length };
  }

  checkTime();
  const saving = Date.now();
  // Against the previous audit of the company carrier: stored with the results, so reads only read.
  const changes = await changesSincePrevious(run, comparison, result, snapshot);
  const requests = [...resultPutRequests(run, result.discrepancies, result.missing, changes.findings), ...changes.fixed];
  await progress.report('saving', 0, requests.length, true);
  // What does not fit in this task's time is handed to Notify (S3), which writes the rest.
  const deadline = taskDeadline(started, options.remainingMs, TIME_RESERVE_MS, config.isLocal);
  const written = await writeAll(requests, (n) => progress.report('saving', n, requests.length), undefined, deadline);
  let pending: Pick<ComparedRun, 'pending_key' | 'pending_offset' | 'pending_total'> = {};
  if (written < requests.length) {
    pending = { pending_key: pendingKey(run), pending_offset: written, pending_total: requests.length };
    await storePending(pending.pending_key!, requests.slice(written));
    logger.info('comparison results handed over', { comparison_id: run.comparison_id, run_id: run.run_id, written, total: requests.length });
  } else {
    // The previous results go only once all of this run's are written: a run that dies while
    // saving leaves them whole.
    if (!(await isCurrentRun(run))) return { ...event, outcome: 'SUPERSEDED' };
    await deleteOtherResults(run);
  }
  const saveMs = Date.now() - saving;

  const summary = {
    ...result.summary,
    run_id: run.run_id,
    finished_at: new Date().toISOString(),
    missing: result.missing.length,
    data_points: result.data_points.map((p) => ({ ...p, ...snapshot.columns[p.id] })),
    baseline_file: { id: event.baseline.id, name: event.baseline.name },
    secondary_file: { id: event.secondary.id, name: event.secondary.name },
    timings_ms: { compare: compareMs, save: saveMs },
    changes_since_previous: changes.summary,
    ...(invoice ? { invoice } : {}),
  };
  // Published by Notify with the SUCCEEDED status: the result lists show the summary's run only.
  await storeSummary(run, summary);
  const saved = await patchForRun(run, { progress: { stage: 'saving', processed: written, total: requests.length } }, { whenStatus: 'RUNNING' });
  if (!saved) return { ...event, outcome: 'SUPERSEDED' };

  // SPEC §7 analytics event: counts only, never values.
  logger.info('DMS_Discrepancies_Detected', {
    event: 'DMS_Discrepancies_Detected',
    organization_id: run.organization_id,
    company_id: run.company_id,
    comparison_id: run.comparison_id,
    run_id: run.run_id,
    baseline_rows: result.summary.baseline_rows,
    secondary_rows: result.summary.secondary_rows,
    matched_rows: result.summary.matched_rows,
    ...counts,
    // As `TYPE:count` strings: the logger drops fields whose key looks sensitive (DOB_MISMATCH).
    discrepancy_types: Object.entries(result.summary.discrepancies_by_type).map(([type, n]) => `${type}:${n}`),
    compare_ms: compareMs,
    save_ms: saveMs,
  });
  recordMetric(METRIC.comparisonRunDuration, MetricUnit.Milliseconds, Date.now() - started);
  return { ...event, outcome: 'COMPARED', discrepancies: result.discrepancies.length, missing: result.missing.length, ...pending };
}
