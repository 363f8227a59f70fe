import useSWR from 'swr';
import type { RequestBodyOf, ResponseOf } from '../../../shared/api/endpoint';
import type {
  applyDataPointsTemplate,
  createComparison as createComparisonEndpoint,
  createCompanyDataPointsTemplate,
  createFileUpload,
  getComparison,
  getCompanyDataPointsTemplate,
  getDataPointSuggestions,
  getDataPointValues,
  getFileRows,
  listComparisons,
  listCompanyDataPointsTemplates,
  listDataPoints,
  parseFile,
  putDataPoints,
  updateComparison as updateComparisonEndpoint,
  updateDataPoint as updateDataPointEndpoint,
} from '../../../shared/api/comparisons';
import type { createCompanyDataMapping, getCompanyDataMapping, listCompanyDataMappings, updateCompanyDataMapping } from '../../../shared/api/data-mappings';
import type { ApiError } from '../api/errors';
import { request } from '../api/request';
import { allPagesKey, fetchAllPages, type PagedList } from './list';
import { MAX_COMPARISON_PAGE } from '../../../shared/schemas/comparison';

/** SWR hooks and writes of the comparison set-up (steps 1–5). */
const enc = encodeURIComponent;
export const companyComparisonsPath = (companyId: string) => `/api/companies/${enc(companyId)}/comparisons`;
export const comparisonPath = (companyId: string, comparisonId: string) => `${companyComparisonsPath(companyId)}/${enc(comparisonId)}`;

/** A comparison in the company's list; `Comparison` is a read of one, with its two files. */
export type ComparisonListItem = ResponseOf<typeof listComparisons>['items'][number];
export type Comparison = ResponseOf<typeof getComparison>;
/** An uploaded file as the API shows it; a read that finished within the wait carries a preview of its rows. */
export type ComparisonFile = ResponseOf<typeof parseFile>;
export type FileUpload = ResponseOf<typeof createFileUpload>;
export type FileRows = ResponseOf<typeof getFileRows>;

export type DataPoint = ResponseOf<typeof updateDataPointEndpoint>;
/** One data point of a PUT of the set. */
export type DataPointInput = RequestBodyOf<typeof putDataPoints>[number];
export type Suggestions = ResponseOf<typeof getDataPointSuggestions>;
export type Suggestion = Suggestions['suggestions'][number];
export type DateColumn = Suggestions['date_columns']['baseline'][number];
export type SavedDataPoints = ResponseOf<typeof putDataPoints>;
export type AppliedTemplate = ResponseOf<typeof applyDataPointsTemplate>;

export type DataPointValues = ResponseOf<typeof getDataPointValues>;
export type ValueRow = DataPointValues['values'][number];
/** A mapping another comparison of the same carrier linked to this carrier column (UX "Map data"). */
export type LastUsedMapping = NonNullable<DataPointValues['last_used_mapping']>;

export type DataMapping = ResponseOf<typeof getCompanyDataMapping>;
export type DataPointsTemplate = ResponseOf<typeof getCompanyDataPointsTemplate>;

/**
 * Every comparison of the company, newest first, read page by page (500 each, the API's largest).
 * A company with more than 20 pages of them gets the newest 10,000, with `next` set to say so.
 */
export function useCompanyComparisons(companyId: string | undefined) {
  return useSWR<PagedList<ComparisonListItem>, ApiError>(
    companyId ? allPagesKey(companyComparisonsPath(companyId), MAX_COMPARISON_PAGE, 20) : null,
    fetchAllPages<ComparisonListItem>,
  );
}

export function useComparison(companyId: string | undefined, comparisonId: string | undefined) {
  return useSWR<Comparison, ApiError>(companyId && comparisonId ? comparisonPath(companyId, comparisonId) : null);
}

export function useDataPoints(companyId: string | undefined, comparisonId: string | undefined) {
  return useSWR<ResponseOf<typeof listDataPoints>, ApiError>(companyId && comparisonId ? `${comparisonPath(companyId, comparisonId)}/data_points` : null);
}

export function useDataPointSuggestions(companyId: string | undefined, comparisonId: string | undefined, enabled = true) {
  return useSWR<Suggestions, ApiError>(enabled && companyId && comparisonId ? `${comparisonPath(companyId, comparisonId)}/data_points/suggestions` : null);
}

export function useDataPointValues(companyId: string, comparisonId: string, dataPointId: string | null) {
  return useSWR<DataPointValues, ApiError>(dataPointId ? `${comparisonPath(companyId, comparisonId)}/data_points/${enc(dataPointId)}/values` : null);
}

export function useFileRows(companyId: string, comparisonId: string, fileId: string | null | undefined, parsed: boolean) {
  return useSWR<FileRows, ApiError>(
    fileId && parsed ? [`${comparisonPath(companyId, comparisonId)}/files/${enc(fileId)}/rows`, { limit: 5 }] : null,
  );
}

export function useCompanyDataMappings(companyId: string | undefined) {
  return useSWR<ResponseOf<typeof listCompanyDataMappings>, ApiError>(companyId ? `/api/companies/${enc(companyId)}/data_mappings` : null);
}

export function useCompanyTemplates(companyId: string | undefined) {
  return useSWR<ResponseOf<typeof listCompanyDataPointsTemplates>, ApiError>(companyId ? `/api/companies/${enc(companyId)}/data_points_templates` : null);
}

export const createComparison = (companyId: string, body: RequestBodyOf<typeof createComparisonEndpoint>) =>
  request<ResponseOf<typeof createComparisonEndpoint>>(companyComparisonsPath(companyId), { method: 'POST', body });

export const updateComparison = (companyId: string, comparisonId: string, body: RequestBodyOf<typeof updateComparisonEndpoint>) =>
  request<ResponseOf<typeof updateComparisonEndpoint>>(comparisonPath(companyId, comparisonId), { method: 'PATCH', body });

export const deleteComparison = (companyId: string, comparisonId: string) =>
  request<void>(comparisonPath(companyId, comparisonId), { method: 'DELETE' });

export const declareUpload = (companyId: string, comparisonId: string, body: RequestBodyOf<typeof createFileUpload>) =>
  request<FileUpload>(`${comparisonPath(companyId, comparisonId)}/files`, {
    method: 'POST',
    body,
  });

export const filePath = (companyId: string, comparisonId: string, fileId: string) => `${comparisonPath(companyId, comparisonId)}/files/${enc(fileId)}`;

/** Starts reading the file and answers at once (202, PARSING): the page follows it with useFile. */
export const startParse = (companyId: string, comparisonId: string, fileId: string, body: RequestBodyOf<typeof parseFile> = {}) =>
  request<ComparisonFile>(`${filePath(companyId, comparisonId, fileId)}/parse?wait=false`, { method: 'POST', body });

/** PARSING is polled each second until it settles. */
export function useFile(companyId: string, comparisonId: string, fileId: string | null | undefined) {
  return useSWR<ComparisonFile, ApiError>(fileId ? filePath(companyId, comparisonId, fileId) : null, {
    refreshInterval: (file) => (file?.status === 'PARSING' ? 1000 : 0),
  });
}

export const saveDataPoints = (companyId: string, comparisonId: string, points: DataPointInput[]) =>
  request<SavedDataPoints>(`${comparisonPath(companyId, comparisonId)}/data_points`, { method: 'PUT', body: points });

export const updateDataPoint = (companyId: string, comparisonId: string, dataPointId: string, body: RequestBodyOf<typeof updateDataPointEndpoint>) =>
  request<DataPoint>(`${comparisonPath(companyId, comparisonId)}/data_points/${enc(dataPointId)}`, { method: 'PATCH', body });

export const applyTemplate = (companyId: string, comparisonId: string, templateId: string) =>
  request<AppliedTemplate>(`${comparisonPath(companyId, comparisonId)}/data_points/apply_template`, {
    method: 'POST',
    body: { template_id: templateId },
  });

export const createTemplate = (companyId: string, body: RequestBodyOf<typeof createCompanyDataPointsTemplate>) =>
  request<DataPointsTemplate>(`/api/companies/${enc(companyId)}/data_points_templates`, { method: 'POST', body });

export const createDataMapping = (companyId: string, body: RequestBodyOf<typeof createCompanyDataMapping>) =>
  request<DataMapping>(`/api/companies/${enc(companyId)}/data_mappings`, { method: 'POST', body });

export const updateDataMapping = (companyId: string, mappingId: string, body: RequestBodyOf<typeof updateCompanyDataMapping>) =>
  request<DataMapping>(`/api/companies/${enc(companyId)}/data_mappings/${enc(mappingId)}`, { method: 'PATCH', body });
