import useSWR from 'swr';
import type { RequestBodyOf, ResponseOf } from '../../../shared/api/endpoint';
import {
  convertCarrierFile,
  createCarrierFileConversion,
  downloadCarrierFileConversion,
  getCarrierFileConversion,
  listCarrierFileConversions,
  previewCarrierFileConversion,
  useCarrierFileConversion,
} from '../../../shared/api/carrier-file-conversions';
import type { ApiError } from '../api/errors';
import { request, withQuery } from '../api/request';
import { fillPath } from './renewal-reports';

/** Carrier file conversions of a company (the Convert Carrier Files page). Shapes come from the endpoints. */
export type Conversion = ResponseOf<typeof getCarrierFileConversion>;
export type ConversionList = ResponseOf<typeof listCarrierFileConversions>;
export type ConversionUpload = ResponseOf<typeof createCarrierFileConversion>;
export type NewConversion = RequestBodyOf<typeof createCarrierFileConversion>;
export type ConversionPreview = ResponseOf<typeof previewCarrierFileConversion>;
export type ConversionDownload = ResponseOf<typeof downloadCarrierFileConversion>;
export type ConversionUse = ResponseOf<typeof useCarrierFileConversion>;
export type ConversionUseBody = RequestBodyOf<typeof useCarrierFileConversion>;

export const conversionsPath = (companyId: string) => fillPath(listCarrierFileConversions, { company_id: companyId });
const conversionPath = (endpoint: { path: string }, companyId: string, conversionId: string) =>
  fillPath(endpoint, { company_id: companyId, conversion_id: conversionId });

export function useConversions(companyId: string) {
  return useSWR<ConversionList, ApiError>(companyId ? conversionsPath(companyId) : null);
}

export function useConversionPreview(companyId: string, conversion: Conversion | null, limit = 10) {
  // Keyed by updated_at too: a new conversion of the same upload shows its new rows.
  const path = conversion ? withQuery(conversionPath(previewCarrierFileConversion, companyId, conversion.id), { limit, v: conversion.updated_at }) : null;
  return useSWR<ConversionPreview, ApiError>(path);
}

export const declareConversion = (companyId: string, body: NewConversion) =>
  request<ConversionUpload>(conversionsPath(companyId), { method: createCarrierFileConversion.method, body });

export const runConversion = (companyId: string, conversionId: string) =>
  request<Conversion>(conversionPath(convertCarrierFile, companyId, conversionId), { method: convertCarrierFile.method, body: {} });

export const conversionDownloadLink = (companyId: string, conversionId: string) =>
  request<ConversionDownload>(conversionPath(downloadCarrierFileConversion, companyId, conversionId));

export const attachConversion = (companyId: string, conversionId: string, body: ConversionUseBody) =>
  request<ConversionUse>(conversionPath(useCarrierFileConversion, companyId, conversionId), { method: useCarrierFileConversion.method, body });
