import type { ComparisonRecord } from './context';

/** A parse job reports progress every few seconds and runs at most 15 minutes; past this it has died. */
export const STALE_PARSE_MS = 20 * 60_000;
export const STALE_PARSE_MESSAGE = 'Reading the file stopped before it finished. Choose the file again, or pick its worksheet again.';

/** A PARSING record whose job stopped without a word (a crashed runtime) reads as the failure it is. */
function settledStatus(file: Record<string, any>): { status: string; error: string | null } {
  const stale = file.status === 'PARSING' && Date.now() - Date.parse(file.updated_at) > STALE_PARSE_MS;
  if (!stale) return { status: file.status, error: file.error ?? null };
  return { status: file.parsed_key ? 'PARSED' : 'FAILED', error: STALE_PARSE_MESSAGE };
}

/** How far a read under way has got: rows so far and, for a CSV, a percentage of its bytes (null otherwise). */
function parseProgress(file: Record<string, any>, status: string) {
  if (status !== 'PARSING') return null;
  const progress = (file.parse_progress ?? {}) as { rows_read?: number; bytes_read?: number };
  const size = typeof file.size === 'number' && file.size > 0 ? file.size : null;
  // Never 100 before the end: parked worksheets and the final write still follow the last byte.
  const percent = size && progress.bytes_read !== undefined ? Math.min(99, Math.floor((progress.bytes_read / size) * 100)) : null;
  return { rows_read: progress.rows_read ?? 0, percent };
}

/** What the API shows of a File: never its storage keys. */
export function fileView(file: Record<string, any> | null | undefined) {
  if (!file) return null;
  const { status, error } = settledStatus(file);
  return {
    id: file.id as string,
    comparison_id: file.comparison_id as string,
    company_id: file.company_id as string,
    file_type: file.file_type as string,
    name: file.name as string,
    renamed: !!file.renamed,
    size: file.size ?? null,
    content_type: file.content_type ?? null,
    status,
    error,
    progress: parseProgress(file, status),
    worksheet_name: file.worksheet_name ?? null,
    worksheets: (file.worksheets as string[] | undefined) ?? [],
    header_row_index: file.header_row_index ?? null,
    columns: (file.columns as string[] | undefined) ?? [],
    row_count: file.row_count ?? null,
    source_file_type: file.source_file_type ?? null,
    created_at: file.created_at as string,
    updated_at: file.updated_at as string,
  };
}
export type FileView = NonNullable<ReturnType<typeof fileView>>;

/** The comparison as the API shows it; with files when they were loaded. */
export function comparisonView(comparison: ComparisonRecord, files?: { baseline: Record<string, any> | null; secondary: Record<string, any> | null }) {
  const { run_id: _run, execution_arn: _arn, ...rest } = comparison as ComparisonRecord & { run_id?: string; execution_arn?: string };
  return {
    ...rest,
    ...(files ? { baseline_file: fileView(files.baseline), secondary_file: fileView(files.secondary) } : {}),
  };
}

export function dataPointView(dp: Record<string, any>) {
  return {
    id: dp.id as string,
    comparison_id: dp.comparison_id as string,
    position: dp.position as number,
    baseline_column_name: dp.baseline_column_name as string,
    secondary_column_name: dp.secondary_column_name as string,
    is_unique_identifier: !!dp.is_unique_identifier,
    data_mapping_id: dp.data_mapping_id ?? null,
    date_format: dp.date_format ?? null,
    discrepancy_function: dp.discrepancy_function ?? null,
    tolerance: dp.tolerance ?? null,
    updated_at: dp.updated_at as string,
  };
}
export type DataPointView = ReturnType<typeof dataPointView>;
