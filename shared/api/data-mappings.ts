import { z } from 'zod';
import {
  adminDataMappingPageResponse,
  adminDataMappingResponse,
  dataMappingCreateSchema,
  dataMappingPageResponse,
  dataMappingResponse,
  dataMappingUpdateSchema,
  dataMappingWhitelistCreateSchema,
  dataMappingWhitelistPageResponse,
  dataMappingWhitelistResponse,
} from '../schemas/data-mapping';
import { endpoint } from './endpoint';

/**
 * Data mappings (step 5): translations of the carrier's values (source) into the
 * baseline's (target), kept at company, organization or admin level. An admin mapping reaches an
 * organization when the admin shares it (the whitelist); only the admin reaches /api/admin.
 * Edits are conditional on the `updated_at` read (stale: 409).
 */
const COMPANY = '/api/companies/{company_id}';
const ORG = '/api/organizations/{organization_id}';
const ADMIN = '/api/admin/data_mappings';

const companyParams = z.object({ company_id: z.string().min(1) });
const organizationParams = z.object({ organization_id: z.string().min(1) });
const mappingParams = z.object({ data_mapping_id: z.string().min(1) });
const companyMappingParams = companyParams.extend(mappingParams.shape);
const organizationMappingParams = organizationParams.extend(mappingParams.shape);

// ── Company level ────────────────────────────────────────────────────────────────────────────────

export const listCompanyDataMappings = endpoint({
  method: 'GET',
  path: `${COMPANY}/data_mappings`,
  gate: 'company',
  summary: "The mappings the company may use: its own, its organization's and the admin mappings shared with it, by name",
  params: companyParams,
  response: dataMappingPageResponse,
});

export const createCompanyDataMapping = endpoint({
  method: 'POST',
  path: `${COMPANY}/data_mappings`,
  gate: 'company',
  summary: 'Saves a data mapping for the company',
  params: companyParams,
  body: dataMappingCreateSchema,
  status: 201,
  response: dataMappingResponse,
});

export const getCompanyDataMapping = endpoint({
  method: 'GET',
  path: `${COMPANY}/data_mappings/{data_mapping_id}`,
  gate: 'company',
  summary: 'A data mapping the company may use',
  params: companyMappingParams,
  response: dataMappingResponse,
});

export const updateCompanyDataMapping = endpoint({
  method: 'PATCH',
  path: `${COMPANY}/data_mappings/{data_mapping_id}`,
  gate: 'company',
  summary: "The name, values or inactive flag of one of the company's own mappings",
  params: companyMappingParams,
  body: dataMappingUpdateSchema,
  response: dataMappingResponse,
  errors: [409],
});

export const deleteCompanyDataMapping = endpoint({
  method: 'DELETE',
  path: `${COMPANY}/data_mappings/{data_mapping_id}`,
  gate: 'company',
  summary: "Deletes one of the company's own mappings",
  params: companyMappingParams,
  status: 204,
  response: null,
});

// ── Organization level ───────────────────────────────────────────────────────────────────────────

export const listOrganizationDataMappings = endpoint({
  method: 'GET',
  path: `${ORG}/data_mappings`,
  gate: 'organization',
  summary: "The organization's mappings, its companies' and the admin mappings shared with it, by name",
  params: organizationParams,
  response: dataMappingPageResponse,
});

export const createOrganizationDataMapping = endpoint({
  method: 'POST',
  path: `${ORG}/data_mappings`,
  gate: 'organization',
  summary: 'Saves a data mapping for the organization',
  params: organizationParams,
  body: dataMappingCreateSchema,
  status: 201,
  response: dataMappingResponse,
});

export const getOrganizationDataMapping = endpoint({
  method: 'GET',
  path: `${ORG}/data_mappings/{data_mapping_id}`,
  gate: 'organization',
  summary: 'A mapping of the organization (or of one of its companies), or an admin mapping shared with it',
  params: organizationMappingParams,
  response: dataMappingResponse,
});

export const updateOrganizationDataMapping = endpoint({
  method: 'PATCH',
  path: `${ORG}/data_mappings/{data_mapping_id}`,
  gate: 'organization',
  summary: 'The name, values or inactive flag of a mapping of the organization',
  params: organizationMappingParams,
  body: dataMappingUpdateSchema,
  response: dataMappingResponse,
  errors: [409],
});

export const deleteOrganizationDataMapping = endpoint({
  method: 'DELETE',
  path: `${ORG}/data_mappings/{data_mapping_id}`,
  gate: 'organization',
  summary: 'Deletes a mapping of the organization',
  params: organizationMappingParams,
  status: 204,
  response: null,
});

// ── Admin level ──────────────────────────────────────────────────────────────────────────────────

export const listAdminDataMappings = endpoint({
  method: 'GET',
  path: ADMIN,
  gate: 'platform.admin',
  summary: 'The admin mappings by name, each with the organizations it is shared with',
  response: adminDataMappingPageResponse,
});

export const createAdminDataMapping = endpoint({
  method: 'POST',
  path: ADMIN,
  gate: 'platform.admin',
  summary: 'Saves an admin mapping (shared with no organization yet)',
  body: dataMappingCreateSchema,
  status: 201,
  response: adminDataMappingResponse,
});

export const getAdminDataMapping = endpoint({
  method: 'GET',
  path: `${ADMIN}/{data_mapping_id}`,
  gate: 'platform.admin',
  summary: 'An admin mapping with the organizations it is shared with',
  params: mappingParams,
  response: adminDataMappingResponse,
});

export const updateAdminDataMapping = endpoint({
  method: 'PATCH',
  path: `${ADMIN}/{data_mapping_id}`,
  gate: 'platform.admin',
  summary: 'The name, values or inactive flag of an admin mapping',
  params: mappingParams,
  body: dataMappingUpdateSchema,
  response: adminDataMappingResponse,
  errors: [409],
});

export const deleteAdminDataMapping = endpoint({
  method: 'DELETE',
  path: `${ADMIN}/{data_mapping_id}`,
  gate: 'platform.admin',
  summary: 'Deletes an admin mapping and stops sharing it',
  params: mappingParams,
  status: 204,
  response: null,
});

export const listDataMappingWhitelist = endpoint({
  method: 'GET',
  path: `${ADMIN}/{data_mapping_id}/whitelist`,
  gate: 'platform.admin',
  summary: 'The organizations an admin mapping is shared with',
  params: mappingParams,
  response: dataMappingWhitelistPageResponse,
});

export const shareDataMapping = endpoint({
  method: 'POST',
  path: `${ADMIN}/{data_mapping_id}/whitelist`,
  gate: 'platform.admin',
  summary: 'Shares an admin mapping with an organization (sharing twice answers the existing row)',
  params: mappingParams,
  body: dataMappingWhitelistCreateSchema,
  status: 201,
  response: dataMappingWhitelistResponse,
});

export const unshareDataMapping = endpoint({
  method: 'DELETE',
  path: `${ADMIN}/{data_mapping_id}/whitelist/{organization_id}`,
  gate: 'platform.admin',
  summary: 'Stops sharing an admin mapping with an organization',
  params: mappingParams.extend(organizationParams.shape),
  status: 204,
  response: null,
});
