import useSWR from 'swr';
import type { ApiError } from '../api/errors';
import { request } from '../api/request';
import type { ListPage } from './list';

/** SWR hooks and writes of the comparison set-up (issue 5 steps 1–5). */
const enc = encodeURIComponent;
export const companyComparisonsPath = (companyId: string) => `/api/companies/${enc(companyId)}/comparisons`;
export const comparisonPath = (companyId: string, comparisonId: string) => `${companyComparisonsPath(companyId)}/${enc(comparisonId)}`;

export interface ComparisonFile {
  id: string;
  file_type: 'BASELINE' | 'SECONDARY';
  name: string;
  renamed: boolean;
  size: number | null;
  /** PARSED with an `error`: the latest read failed and the previous reading is kept. */
  status: 'UPLOADING' | 'PARSING' | 'PARSED' | 'FAILED';
  error: string | null;
  /** While PARSING: rows read so far and, for a CSV, how much of the file that is. */
  progress: { rows_read: number; percent: number | null } | null;
  worksheet_name: string | null;
  worksheets: string[];
  header_row_index: number | null;
  columns: string[];
  row_count: number | null;
  updated_at: string;
  preview?: string[][];
}

export interface Comparison {
  id: string;
  name: string;
  company_id: string;
  organization_id: string;
  type: string;
  audit_type: string;
  notes?: string | null;
  step: string;
  status?: string | null;
  status_reason?: string | null;
  created_at: string;
  updated_at: string;
  baseline_file_id?: string | null;
  secondary_file_id?: string | null;
  baseline_file?: ComparisonFile | null;
  secondary_file?: ComparisonFile | null;
  [field: string]: unknown;
}

export interface DataPoint {
  id: string;
  position: number;
  baseline_column_name: string;
  secondary_column_name: string;
  is_unique_identifier: boolean;
  data_mapping_id: string | null;
  date_format: string | { baseline?: string | null; secondary?: string | null } | null;
  discrepancy_function: string | null;
  tolerance: number | null;
  updated_at: string;
}

export interface DataPointInput {
  baseline_column_name: string;
  secondary_column_name: string;
  is_unique_identifier: boolean;
  date_format?: DataPoint['date_format'];
  discrepancy_function?: string | null;
  data_mapping_id?: string | null;
  tolerance?: number | null;
}

export interface Suggestion {
  baseline_column_name: string;
  secondary_column_name: string;
  reason: string;
  confidence: number;
  suggested_unique_identifier: boolean;
  name_like: boolean;
  is_date: boolean;
}

export interface DateColumn {
  column_name: string;
  date_format: string | null;
  preview: Array<{ value: string; parsed: string | null }>;
}

export interface Suggestions {
  baseline_columns: string[];
  secondary_columns: string[];
  suggestions: Suggestion[];
  name_like_columns: { baseline: string[]; secondary: string[] };
  date_columns: { baseline: DateColumn[]; secondary: DateColumn[] };
}

export interface SavedDataPoints {
  items: DataPoint[];
  warnings: string[];
}

export interface ValueRow {
  value: string;
  count: number;
  status: 'mapped' | 'matches' | 'unmapped';
  mapped_to: string | null;
  suggested_target: string | null;
  match: 'exact' | 'case-insensitive' | 'likely' | null;
}

/** A mapping another comparison of the same carrier linked to this carrier column (UX "Map data"). */
export interface LastUsedMapping {
  id: string;
  name: string;
  level: 'COMPANY' | 'ORGANIZATION' | 'ADMIN';
  comparison_id: string;
  comparison_name: string;
  used_at: string;
}

export interface DataPointValues {
  data_point_id: string;
  data_mapping_id: string | null;
  last_used_mapping: LastUsedMapping | null;
  values: ValueRow[];
  unmapped_count: number;
  blank_count: number;
  truncated: boolean;
  baseline_values: Array<{ value: string; count: number }>;
}

export interface DataMapping {
  id: string;
  name: string;
  level: 'COMPANY' | 'ORGANIZATION' | 'ADMIN';
  fields: Array<{ id: string; source: string; target: string }>;
  updated_at: string;
}

export interface DataPointsTemplate {
  id: string;
  name: string;
  level: 'COMPANY' | 'ORGANIZATION';
  columns: Array<{ baseline_column_name: string; secondary_column_name: string; is_unique_identifier: boolean }>;
  updated_at: string;
}

export function useCompanyComparisons(companyId: string | undefined) {
  return useSWR<ListPage<Comparison>, ApiError>(companyId ? [companyComparisonsPath(companyId), { limit: 100 }] : null);
}

export function useComparison(companyId: string | undefined, comparisonId: string | undefined) {
  return useSWR<Comparison, ApiError>(companyId && comparisonId ? comparisonPath(companyId, comparisonId) : null);
}

export function useDataPoints(companyId: string | undefined, comparisonId: string | undefined) {
  return useSWR<ListPage<DataPoint>, ApiError>(companyId && comparisonId ? `${comparisonPath(companyId, comparisonId)}/data_points` : null);
}

export function useDataPointSuggestions(companyId: string | undefined, comparisonId: string | undefined, enabled = true) {
  return useSWR<Suggestions, ApiError>(enabled && companyId && comparisonId ? `${comparisonPath(companyId, comparisonId)}/data_points/suggestions` : null);
}

export function useDataPointValues(companyId: string, comparisonId: string, dataPointId: string | null) {
  return useSWR<DataPointValues, ApiError>(dataPointId ? `${comparisonPath(companyId, comparisonId)}/data_points/${enc(dataPointId)}/values` : null);
}

export function useFileRows(companyId: string, comparisonId: string, fileId: string | null | undefined, parsed: boolean) {
  return useSWR<{ columns: string[]; rows: string[][] }, ApiError>(
    fileId && parsed ? [`${comparisonPath(companyId, comparisonId)}/files/${enc(fileId)}/rows`, { limit: 5 }] : null,
  );
}

export function useCompanyDataMappings(companyId: string | undefined) {
  return useSWR<ListPage<DataMapping>, ApiError>(companyId ? `/api/companies/${enc(companyId)}/data_mappings` : null);
}

export function useCompanyTemplates(companyId: string | undefined) {
  return useSWR<ListPage<DataPointsTemplate>, ApiError>(companyId ? `/api/companies/${enc(companyId)}/data_points_templates` : null);
}

export const createComparison = (companyId: string, body: { name: string; type: string; audit_type: string; notes?: string | null }) =>
  request<Comparison>(companyComparisonsPath(companyId), { method: 'POST', body });

export const updateComparison = (companyId: string, comparisonId: string, body: Record<string, unknown> & { updated_at: string }) =>
  request<Comparison>(comparisonPath(companyId, comparisonId), { method: 'PATCH', body });

export const deleteComparison = (companyId: string, comparisonId: string) =>
  request<void>(comparisonPath(companyId, comparisonId), { method: 'DELETE' });

export const declareUpload = (companyId: string, comparisonId: string, body: { file_type: string; name: string; size: number; content_type: string }) =>
  request<{ file: ComparisonFile; upload_url: string; upload_headers?: Record<string, string> }>(`${comparisonPath(companyId, comparisonId)}/files`, {
    method: 'POST',
    body,
  });

export const filePath = (companyId: string, comparisonId: string, fileId: string) => `${comparisonPath(companyId, comparisonId)}/files/${enc(fileId)}`;

/** Starts reading the file and answers at once (202, PARSING): the page follows it with useFile. */
export const startParse = (companyId: string, comparisonId: string, fileId: string, body: { worksheet_name?: string; header_row_index?: number } = {}) =>
  request<ComparisonFile>(`${filePath(companyId, comparisonId, fileId)}/parse?wait=false`, { method: 'POST', body });

/** PARSING is polled each second until it settles. */
export function useFile(companyId: string, comparisonId: string, fileId: string | null | undefined) {
  return useSWR<ComparisonFile, ApiError>(fileId ? filePath(companyId, comparisonId, fileId) : null, {
    refreshInterval: (file) => (file?.status === 'PARSING' ? 1000 : 0),
  });
}

export const saveDataPoints = (companyId: string, comparisonId: string, points: DataPointInput[]) =>
  request<SavedDataPoints>(`${comparisonPath(companyId, comparisonId)}/data_points`, { method: 'PUT', body: points });

export const updateDataPoint = (companyId: string, comparisonId: string, dataPointId: string, body: Record<string, unknown> & { updated_at: string }) =>
  request<DataPoint>(`${comparisonPath(companyId, comparisonId)}/data_points/${enc(dataPointId)}`, { method: 'PATCH', body });

export const applyTemplate = (companyId: string, comparisonId: string, templateId: string) =>
  request<SavedDataPoints & { skipped: unknown[] }>(`${comparisonPath(companyId, comparisonId)}/data_points/apply_template`, {
    method: 'POST',
    body: { template_id: templateId },
  });

export const createTemplate = (companyId: string, body: { name: string; columns: DataPointsTemplate['columns'] }) =>
  request<DataPointsTemplate>(`/api/companies/${enc(companyId)}/data_points_templates`, { method: 'POST', body });

export const createDataMapping = (companyId: string, body: { name: string; fields: Array<{ source: string; target: string }> }) =>
  request<DataMapping>(`/api/companies/${enc(companyId)}/data_mappings`, { method: 'POST', body });

export const updateDataMapping = (companyId: string, mappingId: string, body: { fields: Array<{ source: string; target: string }>; updated_at: string }) =>
  request<DataMapping>(`/api/companies/${enc(companyId)}/data_mappings/${enc(mappingId)}`, { method: 'PATCH', body });

/**
 * PUTs the bytes to the presigned URL with XMLHttpRequest, which (unlike fetch) reports upload
 * progress. `signal` aborts the transfer (the Cancel button).
 */
export function uploadWithProgress(url: string, file: Blob, contentType: string, onProgress: (percent: number) => void, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', contentType);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new Error(`Error uploading file ${'name' in file ? (file as File).name : ''} to storage: ${xhr.statusText || xhr.status}`)));
    xhr.onerror = () => reject(new Error('A fetch error occurred: the upload did not reach storage'));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}
