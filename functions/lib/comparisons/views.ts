import { DISCREPANCY_FUNCTIONS, type DiscrepancyFunction } from '../../../shared/compare';
import { fileParseMachine } from '../../pipeline';
import { settledRunView } from '../compare-runs/interrupted-run';
import type { ComparisonFileResponse, ComparisonResponse, ComparisonWithFilesResponse } from '../../../shared/schemas/comparison';
import type { DataPointResponse } from '../../../shared/schemas/data-point';
import type { ComparisonRecord } from './comparison-record';
import type { DataPointRecord } from './records';

/** A parse job reports progress every few seconds and runs at most its task's time limit; past this it has died. */
export const STALE_PARSE_MS = fileParseMachine.steps.find((s) => s.name === 'ParseFile')!.timeoutSeconds * 1000;
export const STALE_PARSE_MESSAGE = 'Reading the file stopped before it finished. Choose the file again, or pick its worksheet again.';

/**
 * The stored fields of a File its view reads (the record of functions/lib/db/file.ts has them and
 * more); a structural type so a view can be shown of any record that has them.
 */
export interface StoredFile {
  id: string;
  comparison_id: string;
  company_id: string;
  file_type: string;
  name: string;
  renamed?: boolean | null;
  size?: number | null;
  content_type?: string | null;
  status: string;
  error?: string | null;
  /** Where the bytes and the parsed rows are kept, and the job reading them: never shown. */
  storage_key?: string;
  parsed_key?: string | null;
  parse_id?: string | null;
  parse_progress?: unknown;
  worksheet_name?: string | null;
  worksheets?: unknown;
  header_row_index?: number | null;
  columns?: string[] | null;
  row_count?: number | null;
  filled_counts?: number[] | null;
  source_file_type?: string | null;
  created_at: string;
  updated_at: string;
}

/** A PARSING record whose job stopped without a word (a crashed runtime) reads as the failure it is. */
function settledStatus(file: StoredFile): { status: string; error: string | null } {
  const stale = file.status === 'PARSING' && Date.now() - Date.parse(file.updated_at) > STALE_PARSE_MS;
  if (!stale) return { status: file.status, error: file.error ?? null };
  return { status: file.parsed_key ? 'PARSED' : 'FAILED', error: STALE_PARSE_MESSAGE };
}

/** How far a read under way has got: rows so far and, for a CSV, a percentage of its bytes (null otherwise). */
function parseProgress(file: StoredFile, status: string): ComparisonFileResponse['progress'] {
  if (status !== 'PARSING') return null;
  const progress = (file.parse_progress ?? {}) as { rows_read?: number; bytes_read?: number };
  const size = typeof file.size === 'number' && file.size > 0 ? file.size : null;
  // Never 100 before the end: parked worksheets and the final write still follow the last byte.
  const percent = size && progress.bytes_read !== undefined ? Math.min(99, Math.floor((progress.bytes_read / size) * 100)) : null;
  return { rows_read: progress.rows_read ?? 0, percent };
}

/** The counts of filled cells when they belong to the columns shown (a file read before they were counted has none). */
function filledCounts(file: StoredFile): number[] | null {
  const counts = file.filled_counts;
  return counts && file.columns && counts.length === file.columns.length ? counts : null;
}

/** What the API shows of a File: never its storage keys. */
export function fileView(file: StoredFile): ComparisonFileResponse;
export function fileView(file: StoredFile | null | undefined): ComparisonFileResponse | null;
export function fileView(file: StoredFile | null | undefined): ComparisonFileResponse | null {
  if (!file) return null;
  const { status, error } = settledStatus(file);
  return {
    id: file.id,
    comparison_id: file.comparison_id,
    company_id: file.company_id,
    file_type: file.file_type,
    name: file.name,
    renamed: !!file.renamed,
    size: file.size ?? null,
    content_type: file.content_type ?? null,
    status,
    error,
    progress: parseProgress(file, status),
    worksheet_name: file.worksheet_name ?? null,
    worksheets: Array.isArray(file.worksheets) ? (file.worksheets as string[]) : [],
    header_row_index: file.header_row_index ?? null,
    columns: file.columns ?? [],
    row_count: file.row_count ?? null,
    filled_counts: filledCounts(file),
    source_file_type: file.source_file_type ?? null,
    created_at: file.created_at,
    updated_at: file.updated_at,
  };
}

/** The comparison as a list shows it: without the pipeline's run and execution handles. */
export function comparisonView(comparison: ComparisonRecord): ComparisonResponse {
  const { run_id: _run, execution_arn: _arn, ...rest } = settledRunView(comparison);
  return rest;
}

/** The comparison as a read of it shows it: with its two files, null until uploaded. */
export function comparisonWithFilesView(comparison: ComparisonRecord, files: { baseline: StoredFile | null; secondary: StoredFile | null }): ComparisonWithFilesResponse {
  return { ...comparisonView(comparison), baseline_file: fileView(files.baseline), secondary_file: fileView(files.secondary) };
}

/** Stored as the label users pick; a value the list does not know reads as none. */
const discrepancyFunctionOf = (value: unknown): DiscrepancyFunction | null => DISCREPANCY_FUNCTIONS.find((f) => f === value) ?? null;

export function dataPointView(dp: DataPointRecord): DataPointResponse {
  return {
    id: dp.id,
    comparison_id: dp.comparison_id,
    position: dp.position,
    baseline_column_name: dp.baseline_column_name,
    secondary_column_name: dp.secondary_column_name,
    is_unique_identifier: !!dp.is_unique_identifier,
    data_mapping_id: dp.data_mapping_id ?? null,
    date_format: dp.date_format ?? null,
    discrepancy_function: discrepancyFunctionOf(dp.discrepancy_function),
    tolerance: dp.tolerance ?? null,
    updated_at: dp.updated_at,
  };
}
