import type { RequestBodyOf, ResponseOf } from '../../../shared/api/endpoint';
import { applyDataPointsTemplate, createComparison as createComparisonEndpoint, createCompanyDataPointsTemplate, createFileUpload, getComparison, getDataPointSuggestions, getDataPointValues, getFile, getFileRows, listComparisons, listCompanyDataPointsTemplates, listDataPoints, parseFile, putDataPoints, updateComparison as updateComparisonEndpoint, updateDataPoint as updateDataPointEndpoint } from '../../../shared/api/comparisons';
import { createCompanyDataMapping, listCompanyDataMappings, updateCompanyDataMapping } from '../../../shared/api/data-mappings';
import { apiPath, callApi, useApi } from '../api/endpoints';
import { MAX_COMPARISON_PAGE } from '../../../shared/schemas/comparison';

/** SWR hooks and writes of the comparison set-up (steps 1–5). */
const comparisonParams = (companyId: string, comparisonId: string) => ({ company_id: companyId, comparison_id: comparisonId });
export const comparisonPath = (companyId: string, comparisonId: string) => apiPath(getComparison, comparisonParams(companyId, comparisonId));

/** A comparison in the company's list; `Comparison` is a read of one, with its two files. */
export type ComparisonListItem = ResponseOf<typeof listComparisons>['items'][number];
export type Comparison = ResponseOf<typeof getComparison>;
/** An uploaded file as the API shows it; a read that finished within the wait carries a preview of its rows. */
export type ComparisonFile = ResponseOf<typeof parseFile>;

export type DataPoint = ResponseOf<typeof updateDataPointEndpoint>;
/** One data point of a PUT of the set. */
export type DataPointInput = RequestBodyOf<typeof putDataPoints>[number];
export type Suggestions = ResponseOf<typeof getDataPointSuggestions>;
export type Suggestion = Suggestions['suggestions'][number];
export type DateColumn = Suggestions['date_columns']['baseline'][number];

export type DataPointValues = ResponseOf<typeof getDataPointValues>;
/** A mapping another comparison of the same carrier linked to this carrier column (UX "Map data"). */
export type LastUsedMapping = NonNullable<DataPointValues['last_used_mapping']>;

/**
 * Every comparison of the company, newest first, read page by page (500 each, the API's largest).
 * A company with more than 20 pages of them gets the newest 10,000, with `next` set to say so.
 */
export function useCompanyComparisons(companyId: string | undefined) {
  return useApi(listComparisons, companyId ? { company_id: companyId } : null, { allPages: { pageSize: MAX_COMPARISON_PAGE, maxPages: 20 } });
}

export function useComparison(companyId: string | undefined, comparisonId: string | undefined) {
  return useApi(getComparison, companyId && comparisonId ? comparisonParams(companyId, comparisonId) : null);
}

export function useDataPoints(companyId: string | undefined, comparisonId: string | undefined) {
  return useApi(listDataPoints, companyId && comparisonId ? comparisonParams(companyId, comparisonId) : null);
}

export function useDataPointSuggestions(companyId: string | undefined, comparisonId: string | undefined, enabled = true) {
  return useApi(getDataPointSuggestions, enabled && companyId && comparisonId ? comparisonParams(companyId, comparisonId) : null);
}

export function useDataPointValues(companyId: string, comparisonId: string, dataPointId: string | null) {
  return useApi(getDataPointValues, dataPointId ? { ...comparisonParams(companyId, comparisonId), data_point_id: dataPointId } : null);
}

export function useFileRows(companyId: string, comparisonId: string, fileId: string | null | undefined, parsed: boolean) {
  return useApi(getFileRows, fileId && parsed ? { ...comparisonParams(companyId, comparisonId), file_id: fileId } : null, { query: { limit: 5 } });
}

export function useCompanyDataMappings(companyId: string | undefined) {
  return useApi(listCompanyDataMappings, companyId ? { company_id: companyId } : null);
}

export function useCompanyTemplates(companyId: string | undefined) {
  return useApi(listCompanyDataPointsTemplates, companyId ? { company_id: companyId } : null);
}

export const createComparison = (companyId: string, body: RequestBodyOf<typeof createComparisonEndpoint>) =>
  callApi(createComparisonEndpoint, { params: { company_id: companyId }, body });

export const updateComparison = (companyId: string, comparisonId: string, body: RequestBodyOf<typeof updateComparisonEndpoint>) =>
  callApi(updateComparisonEndpoint, { params: comparisonParams(companyId, comparisonId), body });

export const declareUpload = (companyId: string, comparisonId: string, body: RequestBodyOf<typeof createFileUpload>) =>
  callApi(createFileUpload, { params: comparisonParams(companyId, comparisonId), body });

const fileParams = (companyId: string, comparisonId: string, fileId: string) => ({ ...comparisonParams(companyId, comparisonId), file_id: fileId });

/** Starts reading the file and answers at once (202, PARSING): the page follows it with useFile. */
export const startParse = (companyId: string, comparisonId: string, fileId: string, body: RequestBodyOf<typeof parseFile> = {}) =>
  callApi(parseFile, { params: fileParams(companyId, comparisonId, fileId), query: { wait: 'false' }, body });

/** PARSING is polled each second until it settles. */
export function useFile(companyId: string, comparisonId: string, fileId: string | null | undefined) {
  return useApi(getFile, fileId ? fileParams(companyId, comparisonId, fileId) : null, {
    refreshInterval: (file) => (file?.status === 'PARSING' ? 1000 : 0),
  });
}

export const saveDataPoints = (companyId: string, comparisonId: string, points: DataPointInput[]) =>
  callApi(putDataPoints, { params: comparisonParams(companyId, comparisonId), body: points });

export const updateDataPoint = (companyId: string, comparisonId: string, dataPointId: string, body: RequestBodyOf<typeof updateDataPointEndpoint>) =>
  callApi(updateDataPointEndpoint, { params: { ...comparisonParams(companyId, comparisonId), data_point_id: dataPointId }, body });

export const applyTemplate = (companyId: string, comparisonId: string, templateId: string) =>
  callApi(applyDataPointsTemplate, { params: comparisonParams(companyId, comparisonId), body: { template_id: templateId } });

export const createTemplate = (companyId: string, body: RequestBodyOf<typeof createCompanyDataPointsTemplate>) =>
  callApi(createCompanyDataPointsTemplate, { params: { company_id: companyId }, body });

export const createDataMapping = (companyId: string, body: RequestBodyOf<typeof createCompanyDataMapping>) =>
  callApi(createCompanyDataMapping, { params: { company_id: companyId }, body });

export const updateDataMapping = (companyId: string, mappingId: string, body: RequestBodyOf<typeof updateCompanyDataMapping>) =>
  callApi(updateCompanyDataMapping, { params: { company_id: companyId, data_mapping_id: mappingId }, body });
