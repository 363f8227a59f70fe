import { z } from 'zod';
import { IMPORT_KINDS } from '../imports';
import { agencyCreateSchema, agencyResponse, agencyUpdateSchema } from '../schemas/agency';
import { carrierCreateSchema, carrierResponse, carrierUpdateSchema } from '../schemas/carrier';
import { companyCreateSchema, companyResponse, companyUpdateSchema } from '../schemas/company';
import {
  carrierPlanStatsResponse,
  companyCarrierCreateBodySchema,
  companyCarrierResponse,
  companyCarrierUpdateSchema,
} from '../schemas/company-carrier';
import {
  companyCarrierPlanCreateBodySchema,
  companyCarrierPlanResponse,
  companyCarrierPlanUpdateSchema,
} from '../schemas/company-carrier-plan';
import { importCommitResponse, importRefusedResponse, importFileSchema, importPreviewResponse } from '../schemas/imports';
import {
  deactivateSchema,
  organizationCreateSchema,
  organizationResponse,
  organizationsStatsResponse,
  organizationStatsResponse,
  organizationUpdateSchema,
} from '../schemas/organization';
import {
  organizationAgencyCreateSchema,
  organizationAgencyLinkResponse,
  organizationAgencyResponse,
  organizationAgencyUpdateSchema,
} from '../schemas/organization-agency';
import {
  organizationBenefitAdminSystemCreateSchema,
  organizationBenefitAdminSystemResponse,
  organizationBenefitAdminSystemUpdateSchema,
} from '../schemas/organization-benefit-admin-system';
import {
  organizationServiceTypeCreateSchema,
  organizationServiceTypeResponse,
  organizationServiceTypeUpdateSchema,
} from '../schemas/organization-service-type';
import { listQuery, pageOf } from '../schemas/paging';
import { fileInJson } from '../schemas/records';
import { endpoint } from './endpoint';

/**
 * The client hierarchy and carriers: agencies, organizations and what they buy, companies, the
 * platform carrier list, company carriers and their plans, dashboard counts and imports.
 * Writes: POST on the collection (201), PATCH on the item with updated_at (409 when stale), DELETE
 * on the item (deactivates and answers the record, or removes records that have no inactive flag: 204).
 */
const ORG = '/api/organizations/{organization_id}';
const COMPANY_CARRIERS = '/api/companies/{company_id}/company_carriers';
const COMPANY_CARRIER = `${COMPANY_CARRIERS}/{company_carrier_id}`;
const PLANS = `${COMPANY_CARRIER}/company_carrier_plans`;
const IMPORTS = `${ORG}/imports/{kind}`;

const pathId = () => z.string().min(1);
const agencyParams = z.object({ agency_id: pathId() });
const organizationParams = z.object({ organization_id: pathId() });
const serviceTypeParams = organizationParams.extend({ service_type_id: pathId() });
const benefitAdminSystemParams = organizationParams.extend({ benefit_admin_system_id: pathId() });
const agencyLinkParams = organizationParams.extend({ agency_id: pathId() });
const organizationCompanyParams = organizationParams.extend({ company_id: pathId() });
const companyParams = z.object({ company_id: pathId() });
const companyCarrierParams = companyParams.extend({ company_carrier_id: pathId() });
const planParams = companyCarrierParams.extend({ company_carrier_plan_id: pathId() });
const carrierParams = z.object({ carrier_id: pathId() });
const importParams = organizationParams.extend({ kind: z.enum(IMPORT_KINDS) });

// ── Agencies ─────────────────────────────────────────────────────────────────────────────────────

export const listAgencies = endpoint({
  method: 'GET',
  path: '/api/admin/agencies',
  gate: 'platform.admin',
  summary: 'Every agency, by name',
  query: listQuery,
  response: pageOf(agencyResponse),
});

export const createAgency = endpoint({
  method: 'POST',
  path: '/api/admin/agencies',
  gate: 'platform.admin',
  summary: 'A new agency',
  body: agencyCreateSchema,
  status: 201,
  response: agencyResponse,
});

export const updateAgency = endpoint({
  method: 'PATCH',
  path: '/api/admin/agencies/{agency_id}',
  gate: 'platform.admin',
  summary: "An agency's fields, conditional on the updated_at read",
  params: agencyParams,
  body: agencyUpdateSchema,
  response: agencyResponse,
  errors: [409],
});

export const deactivateAgency = endpoint({
  method: 'DELETE',
  path: '/api/admin/agencies/{agency_id}',
  gate: 'platform.admin',
  summary: 'Deactivates an agency; it stays on record with its links, so history keeps its name',
  params: agencyParams,
  response: agencyResponse,
});

export const getAgency = endpoint({
  method: 'GET',
  path: '/api/agencies/{agency_id}',
  gate: 'agencies',
  summary: 'An agency: for the DMS admin, or an admin of that agency',
  params: agencyParams,
  response: agencyResponse,
});

export const getAgencyCarrierPlanStats = endpoint({
  method: 'GET',
  path: '/api/agencies/{agency_id}/company_carrier_plans_stats',
  gate: 'agencies',
  summary: "The Carriers & Plans report over the agency's active organizations whose plan has carriers",
  params: agencyParams,
  response: carrierPlanStatsResponse,
});

// ── Organizations ────────────────────────────────────────────────────────────────────────────────

export const listAdminOrganizations = endpoint({
  method: 'GET',
  path: '/api/admin/organizations',
  gate: 'platform.admin',
  summary: 'Every organization by name, or those linked to one agency (by name too)',
  query: listQuery.extend({ agency_id: z.string().min(1).optional() }),
  response: pageOf(organizationResponse),
});

export const createOrganization = endpoint({
  method: 'POST',
  path: '/api/admin/organizations',
  gate: 'platform.admin',
  summary: 'A new organization (plan DVP_BASE unless given)',
  body: organizationCreateSchema,
  status: 201,
  response: organizationResponse,
});

export const getOrganizationsStats = endpoint({
  method: 'GET',
  path: '/api/admin/organizations/stats',
  gate: 'platform.admin',
  summary: "Every organization's stat cards (companies, carriers, plans, open comparisons, renewals due, overdue renewals) and the totals",
  response: organizationsStatsResponse,
});

export const updateOrganization = endpoint({
  method: 'PATCH',
  path: '/api/admin/organizations/{organization_id}',
  gate: 'platform.admin',
  summary: "An organization's fields, conditional on the updated_at read",
  params: organizationParams,
  body: organizationUpdateSchema,
  response: organizationResponse,
  errors: [409],
});

export const deactivateOrganization = endpoint({
  method: 'DELETE',
  path: '/api/admin/organizations/{organization_id}',
  gate: 'platform.admin',
  summary: 'Deactivates an organization, with a termination date (today unless given) and reason',
  params: organizationParams,
  body: deactivateSchema,
  response: organizationResponse,
});

export const getAdminCarrierPlanStats = endpoint({
  method: 'GET',
  path: '/api/admin/company_carrier_plans_stats',
  gate: 'platform.admin',
  summary: 'The Carriers & Plans report over every active organization whose plan has carriers',
  response: carrierPlanStatsResponse,
});

export const listOrganizations = endpoint({
  method: 'GET',
  path: '/api/organizations',
  gate: 'organizations.list',
  summary: "The organizations the caller may open: all for staff, their agency's, or their own and those shared with them",
  query: listQuery,
  response: pageOf(organizationResponse),
});

export const getOrganization = endpoint({
  method: 'GET',
  path: ORG,
  gate: 'organization',
  summary: "An organization in the caller's scope",
  params: organizationParams,
  response: organizationResponse,
});

export const getOrganizationStats = endpoint({
  method: 'GET',
  path: `${ORG}/stats`,
  gate: 'organization',
  summary: "One organization's stat cards (companies, carriers, plans, open comparisons, renewals due, overdue renewals), counted as the admin's stats count them",
  params: organizationParams,
  response: organizationStatsResponse,
});

export const getOrganizationCarrierPlanStats = endpoint({
  method: 'GET',
  path: `${ORG}/company_carrier_plans_stats`,
  gate: 'organization',
  summary: "The Carriers & Plans report of one organization; 403 when its plan lacks carriers",
  params: organizationParams,
  response: carrierPlanStatsResponse,
  errors: [403],
});

// ── What an organization buys and uses ──────────────────────────────────────────────────────────

export const listServiceTypes = endpoint({
  method: 'GET',
  path: `${ORG}/service_types`,
  gate: 'organization',
  summary: 'The service types an organization buys',
  params: organizationParams,
  query: listQuery,
  response: pageOf(organizationServiceTypeResponse),
});

export const createServiceType = endpoint({
  method: 'POST',
  path: `${ORG}/service_types`,
  gate: 'organization',
  summary: 'Adds a service type to an organization',
  params: organizationParams,
  body: organizationServiceTypeCreateSchema,
  status: 201,
  response: organizationServiceTypeResponse,
});

export const updateServiceType = endpoint({
  method: 'PATCH',
  path: `${ORG}/service_types/{service_type_id}`,
  gate: 'organization',
  summary: "A service type's fields, conditional on the updated_at read",
  params: serviceTypeParams,
  body: organizationServiceTypeUpdateSchema,
  response: organizationServiceTypeResponse,
  errors: [409],
});

export const deleteServiceType = endpoint({
  method: 'DELETE',
  path: `${ORG}/service_types/{service_type_id}`,
  gate: 'organization',
  summary: 'Removes a service type',
  params: serviceTypeParams,
  status: 204,
  response: null,
});

export const listBenefitAdminSystems = endpoint({
  method: 'GET',
  path: `${ORG}/benefit_admin_systems`,
  gate: 'organization',
  summary: "The benefit admin systems an organization's companies use",
  params: organizationParams,
  query: listQuery,
  response: pageOf(organizationBenefitAdminSystemResponse),
});

export const createBenefitAdminSystem = endpoint({
  method: 'POST',
  path: `${ORG}/benefit_admin_systems`,
  gate: 'organization',
  summary: 'Adds a benefit admin system to an organization',
  params: organizationParams,
  body: organizationBenefitAdminSystemCreateSchema,
  status: 201,
  response: organizationBenefitAdminSystemResponse,
});

export const updateBenefitAdminSystem = endpoint({
  method: 'PATCH',
  path: `${ORG}/benefit_admin_systems/{benefit_admin_system_id}`,
  gate: 'organization',
  summary: "A benefit admin system's fields, conditional on the updated_at read",
  params: benefitAdminSystemParams,
  body: organizationBenefitAdminSystemUpdateSchema,
  response: organizationBenefitAdminSystemResponse,
  errors: [409],
});

export const deleteBenefitAdminSystem = endpoint({
  method: 'DELETE',
  path: `${ORG}/benefit_admin_systems/{benefit_admin_system_id}`,
  gate: 'organization',
  summary: 'Removes a benefit admin system',
  params: benefitAdminSystemParams,
  status: 204,
  response: null,
});

export const listOrganizationAgencies = endpoint({
  method: 'GET',
  path: `${ORG}/agencies`,
  gate: 'organization',
  summary: "The agencies linked to an organization, each with its name and state",
  params: organizationParams,
  query: listQuery,
  response: pageOf(organizationAgencyLinkResponse),
});

export const linkOrganizationAgency = endpoint({
  method: 'POST',
  path: `${ORG}/agencies`,
  gate: 'organization',
  summary: 'Links an agency to an organization; 409 when it is linked already',
  params: organizationParams,
  body: organizationAgencyCreateSchema,
  status: 201,
  response: organizationAgencyLinkResponse,
  errors: [409],
});

export const updateOrganizationAgency = endpoint({
  method: 'PATCH',
  path: `${ORG}/agencies/{agency_id}`,
  gate: 'organization',
  summary: "How an agency manages an organization, conditional on the updated_at read (answers the link without the agency's name)",
  params: agencyLinkParams,
  body: organizationAgencyUpdateSchema,
  response: organizationAgencyResponse,
  errors: [409],
});

export const unlinkOrganizationAgency = endpoint({
  method: 'DELETE',
  path: `${ORG}/agencies/{agency_id}`,
  gate: 'organization',
  summary: 'Removes an agency link: its users lose access to the organization at once',
  params: agencyLinkParams,
  status: 204,
  response: null,
});

// ── Companies ────────────────────────────────────────────────────────────────────────────────────

export const listCompanies = endpoint({
  method: 'GET',
  path: `${ORG}/companies`,
  gate: 'organization',
  summary: "An organization's companies",
  params: organizationParams,
  query: listQuery,
  response: pageOf(companyResponse),
});

export const createCompany = endpoint({
  method: 'POST',
  path: `${ORG}/companies`,
  gate: 'organization',
  summary: 'A new company of the organization (names are unique within it)',
  params: organizationParams,
  body: companyCreateSchema,
  status: 201,
  response: companyResponse,
});

export const updateCompany = endpoint({
  method: 'PATCH',
  path: `${ORG}/companies/{company_id}`,
  gate: 'organization',
  summary: "A company's fields, conditional on the updated_at read",
  params: organizationCompanyParams,
  body: companyUpdateSchema,
  response: companyResponse,
  errors: [409],
});

export const deactivateCompany = endpoint({
  method: 'DELETE',
  path: `${ORG}/companies/{company_id}`,
  gate: 'organization',
  summary: 'Deactivates a company, with a termination date (today unless given) and reason',
  params: organizationCompanyParams,
  body: deactivateSchema,
  response: companyResponse,
});

export const getCompany = endpoint({
  method: 'GET',
  path: '/api/companies/{company_id}',
  gate: 'company',
  summary: "A company in the caller's scope",
  params: companyParams,
  response: companyResponse,
});

// ── Imports ──────────────────────────────────────────────────────────────────────────────────────

export const getImportTemplate = endpoint({
  method: 'GET',
  path: `${IMPORTS}/template`,
  gate: 'organization',
  summary: 'The xlsx template of an import, its bytes in the JSON answer; 403 when the plan lacks carriers (carrier imports)',
  params: importParams,
  response: fileInJson(),
  errors: [403],
});

export const previewImport = endpoint({
  method: 'POST',
  path: `${IMPORTS}/preview`,
  gate: 'organization',
  summary: 'Reads a csv or xlsx and answers every row and every problem by row, column and message; writes nothing',
  params: importParams,
  body: importFileSchema,
  response: importPreviewResponse,
  errors: [403, 413],
});

export const commitImport = endpoint({
  method: 'POST',
  path: `${IMPORTS}/commit`,
  gate: 'organization',
  summary: 'Writes every row of the file, or none: 400 with the message and `problems` (row, column, message) when any row is wrong',
  params: importParams,
  body: importFileSchema,
  status: 201,
  response: importCommitResponse,
  errors: [403, 413],
  errorBodies: { 400: importRefusedResponse },
});

// ── Carriers (the platform list) ─────────────────────────────────────────────────────────────────

export const listCarriers = endpoint({
  method: 'GET',
  path: '/api/carriers',
  gate: 'platform.lists',
  summary: 'The platform carrier list, by name',
  query: listQuery,
  response: pageOf(carrierResponse),
});

export const createCarrier = endpoint({
  method: 'POST',
  path: '/api/carriers',
  gate: 'platform.lists',
  summary: 'A new carrier (names are unique)',
  body: carrierCreateSchema,
  status: 201,
  response: carrierResponse,
});

export const updateCarrier = endpoint({
  method: 'PATCH',
  path: '/api/carriers/{carrier_id}',
  gate: 'platform.lists',
  summary: "A carrier's fields, conditional on the updated_at read",
  params: carrierParams,
  body: carrierUpdateSchema,
  response: carrierResponse,
  errors: [409],
});

export const deactivateCarrier = endpoint({
  method: 'DELETE',
  path: '/api/carriers/{carrier_id}',
  gate: 'platform.lists',
  summary: 'Deactivates a carrier: company carriers keep it, new ones cannot choose it',
  params: carrierParams,
  response: carrierResponse,
});

// ── Company carriers and their plans ─────────────────────────────────────────────────────────────

export const listCompanyCarriers = endpoint({
  method: 'GET',
  path: COMPANY_CARRIERS,
  gate: 'company',
  summary: "A company's carriers; 403 when the organization's plan lacks carriers",
  params: companyParams,
  query: listQuery,
  response: pageOf(companyCarrierResponse),
  errors: [403],
});

export const createCompanyCarrier = endpoint({
  method: 'POST',
  path: COMPANY_CARRIERS,
  gate: 'company',
  summary: 'Adds a carrier of the platform list to a company',
  params: companyParams,
  body: companyCarrierCreateBodySchema,
  status: 201,
  response: companyCarrierResponse,
  errors: [403],
});

export const getCompanyCarrier = endpoint({
  method: 'GET',
  path: COMPANY_CARRIER,
  gate: 'company',
  summary: 'A company carrier',
  params: companyCarrierParams,
  response: companyCarrierResponse,
  errors: [403],
});

export const updateCompanyCarrier = endpoint({
  method: 'PATCH',
  path: COMPANY_CARRIER,
  gate: 'company',
  summary: "A company carrier's fields, conditional on the updated_at read",
  params: companyCarrierParams,
  body: companyCarrierUpdateSchema,
  response: companyCarrierResponse,
  errors: [403, 409],
});

export const deactivateCompanyCarrier = endpoint({
  method: 'DELETE',
  path: COMPANY_CARRIER,
  gate: 'company',
  summary: 'Deactivates a company carrier; its plans stay as they are',
  params: companyCarrierParams,
  response: companyCarrierResponse,
  errors: [403],
});

export const listCompanyCarrierPlans = endpoint({
  method: 'GET',
  path: PLANS,
  gate: 'company',
  summary: "A company carrier's plans",
  params: companyCarrierParams,
  query: listQuery,
  response: pageOf(companyCarrierPlanResponse),
  errors: [403],
});

export const createCompanyCarrierPlan = endpoint({
  method: 'POST',
  path: PLANS,
  gate: 'company',
  summary: 'A new plan of a company carrier',
  params: companyCarrierParams,
  body: companyCarrierPlanCreateBodySchema,
  status: 201,
  response: companyCarrierPlanResponse,
  errors: [403],
});

export const getCompanyCarrierPlan = endpoint({
  method: 'GET',
  path: `${PLANS}/{company_carrier_plan_id}`,
  gate: 'company',
  summary: 'A plan of a company carrier',
  params: planParams,
  response: companyCarrierPlanResponse,
  errors: [403],
});

export const updateCompanyCarrierPlan = endpoint({
  method: 'PATCH',
  path: `${PLANS}/{company_carrier_plan_id}`,
  gate: 'company',
  summary: "A plan's fields, conditional on the updated_at read",
  params: planParams,
  body: companyCarrierPlanUpdateSchema,
  response: companyCarrierPlanResponse,
  errors: [403, 409],
});

export const deactivateCompanyCarrierPlan = endpoint({
  method: 'DELETE',
  path: `${PLANS}/{company_carrier_plan_id}`,
  gate: 'company',
  summary: 'Deactivates a plan',
  params: planParams,
  response: companyCarrierPlanResponse,
  errors: [403],
});
