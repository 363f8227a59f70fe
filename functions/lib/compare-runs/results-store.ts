import { BatchWriteCommand, TransactWriteCommand, type BatchWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import type { DataPointDiscrepancyRecord, MissingDiscrepancyRecord } from '../../../shared/compare';
import type { InvoiceMoney } from '../../../shared/invoice';
import { text } from 'node:stream/consumers';
import { dynamo } from '../aws';
import { deleteObjects, openObject, putObject, runKey } from '../storage/objects';
import { config } from '../config';
import { db } from '../db/service';
import type { RunInput } from './types';

/**
 * Persisting a run's results: BatchWrite in batches of 25 (DynamoDB's maximum), a few batches in
 * flight, unprocessed items retried with backoff. A run writes its own items (ids fixed per run, so
 * a retried attempt lands on the same items), and only once all of them are written deletes the
 * items of every other run, so results are replaced, never doubled, and a run that fails half-way
 * leaves the previous results whole.
 */
const BATCH = 25;
const CONCURRENCY = 8;
const MAX_ATTEMPTS = 10;

/**
 * DynamoDB Local keeps the table in SQLite and commits every item of a BatchWriteItem on its own,
 * each commit a sync to disk (2 to 20 ms each on a virtual disk: 3,000 results took 6 to 60 s),
 * while a TransactWriteItems is one commit. The local stack therefore sets
 * DVP_RESULT_WRITES=transactions, of 100 items (DynamoDB's maximum): 3,000 results are 30 commits
 * instead of 120 (each commit also costs DynamoDB Local's CPU). In AWS batches stay: a transaction
 * costs twice the write capacity, and DynamoDB has no per-item commit to save.
 */
const TRANSACTION_ITEMS = 100;
/** Below DynamoDB's 4 MB for one transaction, measured on the items' JSON. */
const TRANSACTION_BYTES = 3_000_000;
const inTransactions = () => process.env.DVP_RESULT_WRITES === 'transactions';

type WriteRequest = NonNullable<BatchWriteCommandInput['RequestItems']>[string][number];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Called before each result batch with how many requests it holds. Only the local stack sets it
 * (infra/local/faults.ts), to make a task die half-way through saving; nothing assigns it in AWS.
 */
export const resultWriteHooks: { beforeBatch?: (requests: number) => void } = {};

async function writeBatch(requests: WriteRequest[]): Promise<void> {
  let pending = requests;
  for (let attempt = 1; pending.length > 0; attempt++) {
    if (attempt > MAX_ATTEMPTS) throw new Error(`DynamoDB left ${pending.length} result writes unprocessed after ${MAX_ATTEMPTS} attempts`);
    let unprocessed: WriteRequest[];
    try {
      const res = await dynamo().send(new BatchWriteCommand({ RequestItems: { [config.tableName]: pending } }));
      unprocessed = (res.UnprocessedItems?.[config.tableName] ?? []) as WriteRequest[];
    } catch (error) {
      const name = (error as Error).name;
      if (!/Throttl|ProvisionedThroughputExceeded|RequestLimitExceeded|InternalServerError|ServiceUnavailable/.test(name)) throw error;
      unprocessed = pending;
    }
    pending = unprocessed;
    if (pending.length) await sleep(Math.min(2000, 50 * 2 ** attempt) * (0.5 + Math.random()));
  }
}

async function writeTransaction(requests: WriteRequest[]): Promise<void> {
  const TableName = config.tableName;
  const items = requests.map((r) => (r.PutRequest ? { Put: { TableName, Item: r.PutRequest.Item } } : { Delete: { TableName, Key: r.DeleteRequest!.Key } }));
  for (let attempt = 1; ; attempt++) {
    try {
      await dynamo().send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (error) {
      const name = (error as Error).name;
      if (attempt >= MAX_ATTEMPTS || !/TransactionCanceled|TransactionConflict|TransactionInProgress|Throttl|InternalServerError|ServiceUnavailable/.test(name)) throw error;
      await sleep(Math.min(2000, 50 * 2 ** attempt) * (0.5 + Math.random()));
    }
  }
}

/** Where the chunk starting at `start` ends: 25 requests (100 in a transaction), or fewer when a transaction's would pass its size. */
function chunkEnd(requests: WriteRequest[], start: number): number {
  if (!inTransactions()) return Math.min(start + BATCH, requests.length);
  let end = start;
  let bytes = 0;
  while (end < requests.length && end - start < TRANSACTION_ITEMS) {
    bytes += JSON.stringify(requests[end]).length;
    if (bytes > TRANSACTION_BYTES && end > start) break;
    end++;
  }
  return end;
}

/**
 * Writes the requests in batches of 25 (or transactions of 100, see above), `concurrency` at a time,
 * reporting each finished batch. With a `deadline` (epoch ms) no batch starts after it; resolves with how many requests
 * (from the start of the list) were written, so the rest can be handed to the next task.
 */
export async function writeAll(
  requests: WriteRequest[],
  onProgress?: (written: number) => Promise<void> | void,
  concurrency = CONCURRENCY,
  deadline?: number,
): Promise<number> {
  let next = 0;
  let written = 0;
  const worker = async () => {
    while (next < requests.length && !(deadline !== undefined && Date.now() >= deadline)) {
      const start = next;
      next = chunkEnd(requests, start);
      const batch = requests.slice(start, next);
      resultWriteHooks.beforeBatch?.(batch.length);
      await (inTransactions() ? writeTransaction(batch) : writeBatch(batch));
      written += batch.length;
      await onProgress?.(written);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, Math.ceil(requests.length / (inTransactions() ? TRANSACTION_ITEMS : BATCH))) }, worker));
  return Math.min(next, requests.length);
}

/** Result writes left for the next task when time ran out, kept in S3 beside the run's config. */
export const pendingKey = (run: RunInput) => runKey(run, 'pending.json');

export async function storePending(key: string, requests: WriteRequest[]): Promise<void> {
  await putObject(key, Buffer.from(JSON.stringify(requests)), 'application/json');
}

export async function readPending(key: string): Promise<WriteRequest[]> {
  const object = await openObject(key);
  if (!object) return [];
  return JSON.parse(await text(object.body)) as WriteRequest[];
}

export async function deletePending(key: string): Promise<void> {
  await deleteObjects([key]);
}

/**
 * The run's summary waits in S3 until its results are all written: Notify publishes it with the
 * SUCCEEDED status, so the summary never describes results that are not there.
 */
export const summaryKey = (run: RunInput) => runKey(run, 'summary.json');

export async function storeSummary(run: RunInput, summary: Record<string, unknown>): Promise<void> {
  await putObject(summaryKey(run), Buffer.from(JSON.stringify(summary)), 'application/json');
}

export async function readSummary(run: RunInput): Promise<Record<string, unknown> | null> {
  const object = await openObject(summaryKey(run));
  return object ? (JSON.parse(await text(object.body)) as Record<string, unknown>) : null;
}

/** A delete request for the item an ElectroDB delete builds the params of. */
function deleteRequest(params: object): WriteRequest {
  return { DeleteRequest: { Key: (params as { Key: Record<string, unknown> }).Key } };
}

/** Every result id of a run starts with it (discrepancyId, missingId). */
const runIdPrefix = (runId: string) => `${runId.slice(0, 8)}-`;

/**
 * The sort-key stretches of a comparison's results that hold every run but `runId`: the run's own
 * ids sit together (they share its prefix), so the stretches below and above them are read and its
 * own items never are. '~' sorts after every character of an id.
 */
export function otherRunsRanges(runId: string): Array<[{ id: string }, { id: string }]> {
  const prefix = runIdPrefix(runId);
  const justAfter = `${prefix.slice(0, -1)}${String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1)}`;
  return [
    [{ id: '' }, { id: prefix }],
    [{ id: justAfter }, { id: '~' }],
  ];
}

/**
 * Delete requests for the comparison's result items of every run but `run`, and every merge: a
 * merge outliving its discrepancy would otherwise slip into the next merged export.
 */
async function otherRunsResultKeys(run: RunInput): Promise<WriteRequest[]> {
  const { dataPointDiscrepancy, missingDiscrepancy, fixedFinding, dataPointMerge, missingDiscrepancyMerge } = db().entities;
  const key = { company_id: run.company_id, comparison_id: run.comparison_id };
  const keys: WriteRequest[] = [];
  for (const [from, to] of otherRunsRanges(run.run_id)) {
    const [discrepancies, missing, fixed] = await Promise.all([
      dataPointDiscrepancy.query.byComparison(key).between(from, to).go({ pages: 'all', attributes: ['id'] }),
      missingDiscrepancy.query.byComparison(key).between(from, to).go({ pages: 'all', attributes: ['id'] }),
      fixedFinding.query.byComparison(key).between(from, to).go({ pages: 'all', attributes: ['id'] }),
    ]);
    for (const { id } of discrepancies.data) keys.push(deleteRequest(dataPointDiscrepancy.delete({ ...key, id }).params()));
    for (const { id } of missing.data) keys.push(deleteRequest(missingDiscrepancy.delete({ ...key, id }).params()));
    for (const { id } of fixed.data) keys.push(deleteRequest(fixedFinding.delete({ ...key, id }).params()));
  }
  const [merges, missingMerges] = await Promise.all([
    dataPointMerge.query.byComparison(key).go({ pages: 'all' }),
    missingDiscrepancyMerge.query.byComparison(key).go({ pages: 'all' }),
  ]);
  for (const item of merges.data) keys.push(deleteRequest(dataPointMerge.delete(item).params()));
  for (const item of missingMerges.data) keys.push(deleteRequest(missingDiscrepancyMerge.delete(item).params()));
  return keys;
}

/**
 * Removes the results of every run of the comparison but `run` (the merges chosen on them too);
 * resolves with how many items were deleted.
 */
export async function deleteOtherResults(run: RunInput, onProgress?: (deleted: number) => Promise<void> | void): Promise<number> {
  const requests = await otherRunsResultKeys(run);
  await writeAll(requests, onProgress);
  return requests.length;
}

/**
 * Removes what a failed run wrote of its own results (its merges are not touched: they belong to
 * the previous results, which stay). Only the run's own stretch of ids is read.
 */
export async function deleteRunResults(run: RunInput): Promise<number> {
  const { dataPointDiscrepancy, missingDiscrepancy, fixedFinding } = db().entities;
  const key = { company_id: run.company_id, comparison_id: run.comparison_id };
  const own = { id: runIdPrefix(run.run_id) };
  const [discrepancies, missing, fixed] = await Promise.all([
    dataPointDiscrepancy.query.byComparison(key).begins(own).where((a, op) => op.eq(a.run_id, run.run_id)).go({ pages: 'all', attributes: ['id'] }),
    missingDiscrepancy.query.byComparison(key).begins(own).where((a, op) => op.eq(a.run_id, run.run_id)).go({ pages: 'all', attributes: ['id'] }),
    fixedFinding.query.byComparison(key).begins(own).where((a, op) => op.eq(a.run_id, run.run_id)).go({ pages: 'all', attributes: ['id'] }),
  ]);
  const requests = [
    ...discrepancies.data.map(({ id }) => deleteRequest(dataPointDiscrepancy.delete({ ...key, id }).params())),
    ...missing.data.map(({ id }) => deleteRequest(missingDiscrepancy.delete({ ...key, id }).params())),
    ...fixed.data.map(({ id }) => deleteRequest(fixedFinding.delete({ ...key, id }).params())),
  ];
  await writeAll(requests);
  return requests.length;
}

const pad = (n: number) => String(n).padStart(7, '0');
/** Deterministic per run: a retried write of the same run lands on the same items. */
export const discrepancyId = (runId: string, index: number) => `${runId.slice(0, 8)}-d${pad(index)}`;
export const missingId = (runId: string, index: number) => `${runId.slice(0, 8)}-m${pad(index)}`;
export const fixedId = (runId: string, index: number) => `${runId.slice(0, 8)}-f${pad(index)}`;

/** A finding's standing against the previous comparison (shared/changes-since.ts). */
export interface FindingChange {
  change_status: 'NEW' | 'STILL_OPEN';
  first_seen_at: string;
}

const orNothing = <T>(value: T | null | undefined) => (value === null || value === undefined || value === '' ? undefined : value);

function person(r: DataPointDiscrepancyRecord | MissingDiscrepancyRecord) {
  return {
    unique_identifier: r.unique_identifier,
    first_name: orNothing(r.first_name),
    last_name: orNothing(r.last_name),
    full_name: orNothing(r.full_name),
    relationship: orNothing(r.relationship),
  };
}

/** An invoice finding's dollars and months; nothing for the findings of other audits. */
function money(r: Partial<InvoiceMoney>) {
  return r.invoice_kind ? { amount: r.amount, months: r.months, invoice_kind: r.invoice_kind, coverage_line: r.coverage_line ?? undefined } : {};
}

/** Put requests (ElectroDB-built items, keys included) for a run's findings. */
export function resultPutRequests(
  run: RunInput,
  discrepancies: readonly (DataPointDiscrepancyRecord & Partial<InvoiceMoney>)[],
  missing: readonly (MissingDiscrepancyRecord & Partial<InvoiceMoney>)[],
  changes?: { discrepancies: readonly FindingChange[]; missing: readonly FindingChange[] },
): WriteRequest[] {
  const { dataPointDiscrepancy, missingDiscrepancy } = db().entities;
  const tenant = {
    organization_id: run.organization_id,
    company_id: run.company_id,
    comparison_id: run.comparison_id,
    run_id: run.run_id,
  };
  const requests: WriteRequest[] = [];
  discrepancies.forEach((d, i) => {
    const params = dataPointDiscrepancy
      .put({
        ...tenant,
        id: discrepancyId(run.run_id, i),
        data_point_id: d.data_point_id,
        baseline_row_index: d.baseline_row_index,
        secondary_row_index: d.secondary_row_index,
        baseline_value: d.baseline_value,
        secondary_value: d.secondary_value,
        ...person(d),
        discrepancy_function_result: orNothing(d.discrepancy_function_result),
        suggested_type: orNothing(d.suggested_type),
        skip_verification: false,
        ...money(d),
        ...changes?.discrepancies[i],
      })
      .params() as { Item: Record<string, unknown> };
    requests.push({ PutRequest: { Item: params.Item } });
  });
  missing.forEach((m, i) => {
    const params = missingDiscrepancy
      .put({
        ...tenant,
        id: missingId(run.run_id, i),
        kind: m.kind,
        side: orNothing(m.duplicate_side),
        baseline_row_index: orNothing(m.baseline_row_index),
        secondary_row_index: orNothing(m.secondary_row_index),
        duplicate_identifier_row_index: orNothing(m.duplicate_identifier_row_index),
        ...person(m),
        ...money(m),
        ...changes?.missing[i],
      })
      .params() as { Item: Record<string, unknown> };
    requests.push({ PutRequest: { Item: params.Item } });
  });
  return requests;
}
