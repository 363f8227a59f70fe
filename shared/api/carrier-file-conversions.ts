import { z } from 'zod';
import {
  conversionCreateSchema,
  conversionDownloadResponse,
  conversionPreviewQuery,
  conversionPreviewResponse,
  conversionResponse,
  conversionUploadResponse,
  conversionUseResponse,
  conversionUseSchema,
} from '../schemas/carrier-file-conversion';
import { pageOf } from '../schemas/paging';
import { endpoint } from './endpoint';

/**
 * Carrier file conversions of a company (the Convert Carrier Files page): declare the original's
 * upload, convert it once the bytes are PUT, read its counts and a preview, download the converted
 * workbook, attach it to a comparison as the SECONDARY file, or delete it. Verify-only roles are
 * refused (404).
 */
const COMPANY = '/api/companies/{company_id}';
const CONVERSIONS = `${COMPANY}/carrier_file_conversions`;
const CONVERSION = `${CONVERSIONS}/{conversion_id}`;

const companyParams = z.object({ company_id: z.string().min(1) });
const conversionParams = companyParams.extend({ conversion_id: z.string().min(1) });

export const listCarrierFileConversions = endpoint({
  method: 'GET',
  path: CONVERSIONS,
  gate: 'carrier-files.convert',
  summary: "A company's carrier file conversions, newest first",
  params: companyParams,
  response: pageOf(conversionResponse),
});

export const createCarrierFileConversion = endpoint({
  method: 'POST',
  path: CONVERSIONS,
  gate: 'carrier-files.convert',
  summary: 'Declares the upload of a carrier file to convert; answers where to PUT its bytes',
  params: companyParams,
  body: conversionCreateSchema,
  status: 201,
  response: conversionUploadResponse,
  errors: [413],
});

export const getCarrierFileConversion = endpoint({
  method: 'GET',
  path: CONVERSION,
  gate: 'carrier-files.convert',
  summary: 'One conversion with its status and counts',
  params: conversionParams,
  response: conversionResponse,
});

export const convertCarrierFile = endpoint({
  method: 'POST',
  path: `${CONVERSION}/convert`,
  gate: 'carrier-files.convert',
  summary: 'Converts the uploaded original; answers the counts (members, coverage lines, dependents, unplaced rows with why)',
  params: conversionParams,
  response: conversionResponse,
  errors: [413],
});

export const previewCarrierFileConversion = endpoint({
  method: 'GET',
  path: `${CONVERSION}/preview`,
  gate: 'carrier-files.convert',
  summary: 'The first rows of the original and of the converted table, SSNs and dates of birth masked',
  params: conversionParams,
  query: conversionPreviewQuery,
  response: conversionPreviewResponse,
});

export const downloadCarrierFileConversion = endpoint({
  method: 'GET',
  path: `${CONVERSION}/download`,
  gate: 'carrier-files.convert',
  summary: 'A short-lived presigned GET of the converted .xlsx',
  params: conversionParams,
  response: conversionDownloadResponse,
});

export const deleteCarrierFileConversion = endpoint({
  method: 'DELETE',
  path: CONVERSION,
  gate: 'carrier-files.convert',
  summary: 'Deletes the conversion: its original, its converted workbook and its record (audited); a comparison it was attached to keeps its own copy',
  params: conversionParams,
  status: 204,
  response: null,
});

export const useCarrierFileConversion = endpoint({
  method: 'POST',
  path: `${CONVERSION}/use`,
  gate: 'carrier-files.convert',
  summary: "Attaches the converted file as a comparison's SECONDARY file and reads it",
  params: conversionParams,
  body: conversionUseSchema,
  response: conversionUseResponse,
  errors: [409, 413],
});
