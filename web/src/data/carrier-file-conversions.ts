import type { RequestBodyOf, ResponseOf } from '../../../shared/api/endpoint';
import {
  convertCarrierFile,
  createCarrierFileConversion,
  deleteCarrierFileConversion,
  downloadCarrierFileConversion,
  getCarrierFileConversion,
  listCarrierFileConversions,
  previewCarrierFileConversion,
  useCarrierFileConversion,
} from '../../../shared/api/carrier-file-conversions';
import { callApi, useApi } from '../api/endpoints';

/** Carrier file conversions of a company (the Convert Carrier Files page). Shapes come from the endpoints. */
export type Conversion = ResponseOf<typeof getCarrierFileConversion>;
export type NewConversion = RequestBodyOf<typeof createCarrierFileConversion>;
export type ConversionUse = ResponseOf<typeof useCarrierFileConversion>;
export type ConversionUseBody = RequestBodyOf<typeof useCarrierFileConversion>;

const conversionParams = (companyId: string, conversionId: string) => ({ company_id: companyId, conversion_id: conversionId });

export function useConversions(companyId: string) {
  return useApi(listCarrierFileConversions, companyId ? { company_id: companyId } : null);
}

export function useConversionPreview(companyId: string, conversion: Conversion | null, limit = 10) {
  // Keyed by updated_at too: a new conversion of the same upload shows its new rows.
  return useApi(previewCarrierFileConversion, conversion ? conversionParams(companyId, conversion.id) : null, { query: { limit }, keyExtra: conversion?.updated_at });
}

export const declareConversion = (companyId: string, body: NewConversion) => callApi(createCarrierFileConversion, { params: { company_id: companyId }, body });

export const runConversion = (companyId: string, conversionId: string) => callApi(convertCarrierFile, { params: conversionParams(companyId, conversionId) });

export const readConversion = (companyId: string, conversionId: string) => callApi(getCarrierFileConversion, { params: conversionParams(companyId, conversionId) });

const FOLLOW_EVERY_MS = 2_000;
const FOLLOW_FOR_MS = 10 * 60_000;

/**
 * Converts and answers the outcome. A large export may outlast the gateway (a 5xx or a lost answer
 * while the conversion carries on): the record is then followed until it settles, and a refusal
 * recorded on it is answered as the error.
 */
export async function convertAndFollow(companyId: string, conversionId: string): Promise<{ conversion?: Conversion; error?: string }> {
  const answered = await runConversion(companyId, conversionId);
  if (answered.data) return { conversion: answered.data };
  const status = answered.error.status;
  if (status !== undefined && status < 500) return { error: answered.error.message };
  const deadline = Date.now() + FOLLOW_FOR_MS;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, FOLLOW_EVERY_MS));
    const read = await readConversion(companyId, conversionId);
    if (read.error) continue;
    if (read.data.status === 'CONVERTED' && !read.data.error) return { conversion: read.data };
    if (read.data.status !== 'CONVERTING') return { error: read.data.error ?? answered.error.message };
  }
  return { error: answered.error.message };
}

export const conversionDownloadLink = (companyId: string, conversionId: string) => callApi(downloadCarrierFileConversion, { params: conversionParams(companyId, conversionId) });

export const removeConversion = (companyId: string, conversionId: string) => callApi(deleteCarrierFileConversion, { params: conversionParams(companyId, conversionId) });

export const attachConversion = (companyId: string, conversionId: string, body: ConversionUseBody) =>
  callApi(useCarrierFileConversion, { params: conversionParams(companyId, conversionId), body });
