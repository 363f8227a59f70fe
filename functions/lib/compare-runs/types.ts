/**
 * The state that flows through the comparison state machine (execution input, then each task's
 * output). Only ids, keys and counts: never rows or values (state machine logs leave payloads out
 * anyway, and Step Functions caps payloads at 256 KB).
 */
export interface RunInput {
  organization_id: string;
  company_id: string;
  comparison_id: string;
  run_id: string;
  /** Who pressed Compare: the discrepancy-limit e-mail goes to them. */
  started_by_user_id?: string | null;
}

export interface RunFileRef {
  id: string;
  name: string;
  parsed_key: string;
  row_count: number | null;
}

export interface PreparedRun extends RunInput {
  baseline: RunFileRef;
  secondary: RunFileRef;
  /** S3 key of the run's compare configuration snapshot (data points with their mappings). */
  config_key: string;
  data_point_count: number;
  /** True when a newer run replaced this one: every later task does nothing. */
  superseded?: boolean;
  /** Set when the files are large enough to be compared in shards (docs/scale.md). */
  shard_count?: number;
}

/**
 * A range of one file's parsed rows that one split task cuts into the shards: bytes [start, end)
 * of whole stored parts, or (rows stored before they were stored in parts) the whole object.
 */
export interface SplitRange {
  side: 'baseline' | 'secondary';
  /** Its place among its side's ranges, in file order: the shard parts it writes are named by it. */
  index: number;
  start?: number;
  end?: number;
  /** Its first row's number in the whole file. */
  first_row: number;
}

/** The split plan's output: the ranges the first Map cuts, then the shard numbers the second compares. */
export interface ShardedRun extends PreparedRun {
  split_ranges: SplitRange[];
  shard_ids: number[];
  /** When the split began (epoch ms): a sharded run's compare time counts from it. */
  compare_started_at: number;
}

/** One item of the split Map: the run and the range to cut. */
export interface RangeTask {
  run: ShardedRun;
  range: SplitRange;
}

/** One item of the compare Map: the run and the shard to compare. */
export interface ShardTask {
  run: ShardedRun;
  shard: number;
}

export type CompareOutcome = 'COMPARED' | 'LIMIT_EXCEEDED' | 'SUPERSEDED' | 'AWAITING_MATCH_CONFIRMATION';

export interface ComparedRun extends PreparedRun {
  outcome: CompareOutcome;
  discrepancies?: number;
  missing?: number;
  /** Result writes the compare task had no time left for (S3 key); Notify writes them. */
  pending_key?: string;
  pending_offset?: number;
  pending_total?: number;
}

/**
 * How long a task may work before handing over. In Lambda: the time left minus a reserve. On the
 * local stack the task has no Lambda context, and aws-local-stepfunctions stops a Task after 60 s
 * unless its definition sets TimeoutSeconds: stay under that.
 */
export const LOCAL_TASK_BUDGET_MS = 45_000;
export function taskDeadline(startedAt: number, remainingMs: (() => number) | undefined, reserveMs: number, isLocal: boolean): number | undefined {
  if (remainingMs) return Date.now() + remainingMs() - reserveMs;
  // DVP_LOCAL_TASK_BUDGET_MS shortens the local budget in tests, to exercise the hand-over.
  return isLocal ? startedAt + (Number(process.env.DVP_LOCAL_TASK_BUDGET_MS) || LOCAL_TASK_BUDGET_MS) : undefined;
}

/** What a Catch adds at `$.error`: Step Functions' `{ Error, Cause }`. */
export interface CaughtError {
  Error?: string;
  Cause?: string;
}

export type FailedRun = Partial<ComparedRun> & RunInput & { error?: CaughtError };

/** Progress stages shown on the Compare page, in order. */
export const RUN_STAGES = ['loading', 'matching', 'comparing', 'saving'] as const;
export type RunStage = (typeof RUN_STAGES)[number];

export interface RunProgress {
  stage: RunStage;
  processed: number;
  total: number | null;
  /** When the stage started and when this was written (ISO), for an estimate on long runs. */
  stage_started_at?: string;
  updated_at?: string;
}

/** The organization's limit when it sets none. */
export { DEFAULT_DISCREPANCY_LIMIT } from '../../../shared/schemas/organization';

/** Errors the pipeline raises on purpose carry a message meant for the user. */
export class PipelineError extends Error {
  constructor(name: string, message: string) {
    super(message);
    this.name = name;
  }
}
export const NOT_RUNNABLE = 'ComparisonNotRunnable';
export const TIME_LIMIT = 'ComparisonTimeLimit';
export const INVOICE_INPUT = 'InvoiceInputError';
