import { z } from 'zod';
import {
  comparisonCreateSchema,
  comparisonFileResponse,
  comparisonListQuery,
  comparisonPageResponse,
  comparisonUpdateSchema,
  comparisonWithFilesResponse,
  fileParseSchema,
  fileRowsResponse,
  fileUploadResponse,
  fileUploadSchema,
  organizationComparisonPageResponse,
  parsedFileResponse,
} from '../schemas/comparison';
import {
  appliedTemplateResponse,
  applyTemplateSchema,
  dataPointPageResponse,
  dataPointResponse,
  dataPointsPutSchema,
  dataPointSuggestionsResponse,
  dataPointUpdateSchema,
  dataPointValuesResponse,
  savedDataPointsResponse,
} from '../schemas/data-point';
import {
  dataPointsTemplateCreateSchema,
  dataPointsTemplatePageResponse,
  dataPointsTemplateResponse,
  dataPointsTemplateUpdateSchema,
} from '../schemas/data-points-template';
import { completeUploadSchema, uploadPartsResponse, uploadPartsSchema } from '../schemas/multipart-upload';
import { endpoint } from './endpoint';
import { comparisonParams } from './results';

/**
 * Setting a comparison up (steps 1–5): the comparison itself, its two files (a presigned
 * upload, then a read of the upload into rows), the data points chosen between the files with
 * suggestions and the company's and organization's templates of them. Previews of rows and of
 * dates have SSNs and dates of birth masked; repeated identifiers show an SSN's last four digits
 * only. Set-up writes answer 409 while a run is under way or once the comparison is complete.
 */
const COMPANY = '/api/companies/{company_id}';
const ORG = '/api/organizations/{organization_id}';
const COMPARISON = `${COMPANY}/comparisons/{comparison_id}`;

const companyParams = z.object({ company_id: z.string().min(1) });
const organizationParams = z.object({ organization_id: z.string().min(1) });
const fileParams = comparisonParams.extend({ file_id: z.string().min(1) });
const uploadParams = fileParams.extend({ upload_id: z.string().min(1) });
const dataPointParams = comparisonParams.extend({ data_point_id: z.string().min(1) });

// ── Comparisons ──────────────────────────────────────────────────────────────────────────────────

export const listComparisons = endpoint({
  method: 'GET',
  path: `${COMPANY}/comparisons`,
  gate: 'company',
  summary: "The company's comparisons, newest first, paged",
  params: companyParams,
  query: comparisonListQuery.omit({ company_id: true }),
  response: comparisonPageResponse,
});

export const createComparison = endpoint({
  method: 'POST',
  path: `${COMPANY}/comparisons`,
  gate: 'company',
  summary: 'Creates a comparison at its first step, Import Data',
  params: companyParams,
  body: comparisonCreateSchema,
  status: 201,
  response: comparisonWithFilesResponse,
});

export const listOrganizationComparisons = endpoint({
  method: 'GET',
  path: `${ORG}/comparisons`,
  gate: 'organization',
  summary: "The comparisons of the organization's companies (or of one, by company_id), newest first, each with its company's name",
  params: organizationParams,
  query: comparisonListQuery,
  response: organizationComparisonPageResponse,
});

export const getComparison = endpoint({
  method: 'GET',
  path: COMPARISON,
  gate: 'company',
  summary: 'The comparison with its baseline and carrier files',
  params: comparisonParams,
  response: comparisonWithFilesResponse,
});

export const updateComparison = endpoint({
  method: 'PATCH',
  path: COMPARISON,
  gate: 'company',
  summary: 'Fields, assignees and memos of the comparison, and a move to another step (conditional on updated_at)',
  params: comparisonParams,
  body: comparisonUpdateSchema,
  response: comparisonWithFilesResponse,
  errors: [409],
});

export const deleteComparison = endpoint({
  method: 'DELETE',
  path: COMPARISON,
  gate: 'company',
  summary: 'Deletes the comparison with its files and results (before it is complete)',
  params: comparisonParams,
  status: 204,
  response: null,
  errors: [409],
});

// ── Files ────────────────────────────────────────────────────────────────────────────────────────

export const createFileUpload = endpoint({
  method: 'POST',
  path: `${COMPARISON}/files`,
  gate: 'company',
  summary:
    'Declares the baseline or carrier file (replacing the previous one of that side) and answers where to PUT its bytes: one presigned PUT, or above the multipart threshold an S3 multipart upload with its first part URLs (413 above 5 GB)',
  params: comparisonParams,
  body: fileUploadSchema,
  status: 201,
  response: fileUploadResponse,
  errors: [409, 413],
});

export const signFileUploadParts = endpoint({
  method: 'POST',
  path: `${COMPARISON}/files/{file_id}/uploads/{upload_id}/parts`,
  gate: 'company',
  summary: "Presigned PUTs of more parts of the file's multipart upload, each bound to its part's length",
  params: uploadParams,
  body: uploadPartsSchema,
  response: uploadPartsResponse,
  errors: [409],
});

export const completeFileUpload = endpoint({
  method: 'POST',
  path: `${COMPARISON}/files/{file_id}/uploads/{upload_id}/complete`,
  gate: 'company',
  summary: 'Completes the multipart upload from its parts and their ETags; a stored file of another length than declared is removed and refused',
  params: uploadParams,
  body: completeUploadSchema,
  response: comparisonFileResponse,
  errors: [409],
});

export const abortFileUpload = endpoint({
  method: 'DELETE',
  path: `${COMPARISON}/files/{file_id}/uploads/{upload_id}`,
  gate: 'company',
  summary: 'Abandons the multipart upload (Cancel): its parts are dropped and the declared file is removed',
  params: uploadParams,
  status: 204,
  response: null,
  errors: [409],
});

export const getFile = endpoint({
  method: 'GET',
  path: `${COMPARISON}/files/{file_id}`,
  gate: 'company',
  summary: 'The file; while it is being read, how far the read has got',
  params: fileParams,
  response: comparisonFileResponse,
});

export const parseFile = endpoint({
  method: 'POST',
  path: `${COMPARISON}/files/{file_id}/parse`,
  gate: 'company',
  summary: 'Reads the uploaded file (another worksheet or header row when given): 200 read with a preview, 202 still reading (wait=false answers at once)',
  params: fileParams,
  query: z.object({ wait: z.enum(['true', 'false']).optional() }),
  // No body at all is an empty one.
  body: fileParseSchema.optional().transform((b) => b ?? {}),
  response: parsedFileResponse,
  alsoAnswers: [202],
  errors: [409, 413],
});

export const getFileRows = endpoint({
  method: 'GET',
  path: `${COMPARISON}/files/{file_id}/rows`,
  gate: 'comparison.setup',
  summary: 'The first rows of a read file (at most 100), SSNs and dates of birth masked',
  params: fileParams,
  query: z.object({ limit: z.coerce.number().int().min(1).max(100).optional() }),
  response: fileRowsResponse,
});

// ── Data points ──────────────────────────────────────────────────────────────────────────────────

export const listDataPoints = endpoint({
  method: 'GET',
  path: `${COMPARISON}/data_points`,
  gate: 'company',
  summary: 'The data points of the comparison in the chosen order',
  params: comparisonParams,
  response: dataPointPageResponse,
});

export const putDataPoints = endpoint({
  method: 'PUT',
  path: `${COMPARISON}/data_points`,
  gate: 'company',
  summary: "Replaces the data points in one write; answers them with the identifier's uniqueness on both files and its warnings",
  params: comparisonParams,
  body: dataPointsPutSchema,
  response: savedDataPointsResponse,
  errors: [409],
});

export const getDataPointSuggestions = endpoint({
  method: 'GET',
  path: `${COMPARISON}/data_points/suggestions`,
  gate: 'comparison.setup',
  summary: 'Suggested pairs of columns, the name-like columns and the date formats detected, from the first rows of both files',
  params: comparisonParams,
  response: dataPointSuggestionsResponse,
});

export const applyDataPointsTemplate = endpoint({
  method: 'POST',
  path: `${COMPARISON}/data_points/apply_template`,
  gate: 'company',
  summary: "The template's pairs found in both files replace the data points (as PUT); the others are listed as skipped",
  params: comparisonParams,
  body: applyTemplateSchema,
  response: appliedTemplateResponse,
  errors: [409],
});

export const updateDataPoint = endpoint({
  method: 'PATCH',
  path: `${COMPARISON}/data_points/{data_point_id}`,
  gate: 'company',
  summary: 'The mapping, date format, calculation or tolerance of one data point (conditional on updated_at)',
  params: dataPointParams,
  body: dataPointUpdateSchema,
  response: dataPointResponse,
  errors: [409],
});

export const getDataPointValues = endpoint({
  method: 'GET',
  path: `${COMPARISON}/data_points/{data_point_id}/values`,
  gate: 'comparison.setup',
  summary: "The carrier's distinct values of the data point with their state under its mapping, and the baseline's values",
  params: dataPointParams,
  response: dataPointValuesResponse,
});

// ── Data points templates ────────────────────────────────────────────────────────────────────────

const companyTemplateParams = companyParams.extend({ data_points_template_id: z.string().min(1) });
const organizationTemplateParams = organizationParams.extend({ data_points_template_id: z.string().min(1) });

export const listCompanyDataPointsTemplates = endpoint({
  method: 'GET',
  path: `${COMPANY}/data_points_templates`,
  gate: 'company',
  summary: "The company's data points templates and its organization's",
  params: companyParams,
  response: dataPointsTemplatePageResponse,
});

export const createCompanyDataPointsTemplate = endpoint({
  method: 'POST',
  path: `${COMPANY}/data_points_templates`,
  gate: 'company',
  summary: 'Saves a data points template for the company',
  params: companyParams,
  body: dataPointsTemplateCreateSchema,
  status: 201,
  response: dataPointsTemplateResponse,
});

export const getCompanyDataPointsTemplate = endpoint({
  method: 'GET',
  path: `${COMPANY}/data_points_templates/{data_points_template_id}`,
  gate: 'company',
  summary: "A data points template the company sees (its own or its organization's)",
  params: companyTemplateParams,
  response: dataPointsTemplateResponse,
});

export const updateCompanyDataPointsTemplate = endpoint({
  method: 'PATCH',
  path: `${COMPANY}/data_points_templates/{data_points_template_id}`,
  gate: 'company',
  summary: "The name or columns of one of the company's own templates (conditional on updated_at)",
  params: companyTemplateParams,
  body: dataPointsTemplateUpdateSchema,
  response: dataPointsTemplateResponse,
  errors: [409],
});

export const deleteCompanyDataPointsTemplate = endpoint({
  method: 'DELETE',
  path: `${COMPANY}/data_points_templates/{data_points_template_id}`,
  gate: 'company',
  summary: "Deletes one of the company's own templates",
  params: companyTemplateParams,
  status: 204,
  response: null,
});

export const listOrganizationDataPointsTemplates = endpoint({
  method: 'GET',
  path: `${ORG}/data_points_templates`,
  gate: 'organization',
  summary: "The organization's data points templates and its companies'",
  params: organizationParams,
  response: dataPointsTemplatePageResponse,
});

export const createOrganizationDataPointsTemplate = endpoint({
  method: 'POST',
  path: `${ORG}/data_points_templates`,
  gate: 'organization',
  summary: 'Saves a data points template for the organization',
  params: organizationParams,
  body: dataPointsTemplateCreateSchema,
  status: 201,
  response: dataPointsTemplateResponse,
});

export const getOrganizationDataPointsTemplate = endpoint({
  method: 'GET',
  path: `${ORG}/data_points_templates/{data_points_template_id}`,
  gate: 'organization',
  summary: 'A data points template of the organization or of one of its companies',
  params: organizationTemplateParams,
  response: dataPointsTemplateResponse,
});

export const updateOrganizationDataPointsTemplate = endpoint({
  method: 'PATCH',
  path: `${ORG}/data_points_templates/{data_points_template_id}`,
  gate: 'organization',
  summary: 'The name or columns of a data points template (conditional on updated_at)',
  params: organizationTemplateParams,
  body: dataPointsTemplateUpdateSchema,
  response: dataPointsTemplateResponse,
  errors: [409],
});

export const deleteOrganizationDataPointsTemplate = endpoint({
  method: 'DELETE',
  path: `${ORG}/data_points_templates/{data_points_template_id}`,
  gate: 'organization',
  summary: 'Deletes a data points template',
  params: organizationTemplateParams,
  status: 204,
  response: null,
});
