import { z } from 'zod';
import { fileInJson } from '../schemas/records';
import { planningQuery, renewalListQuery, renewalPlanningResponse } from '../schemas/renewal';
import { endpoint } from './endpoint';

/**
 * The renewal reports at each level (platform, agency, organization): the renewals themselves are
 * listed by shared/api/renewals.ts; here are the planning reads of SPEC §7 and both reports as .xlsx.
 */
const organizationParams = z.object({ organization_id: z.string().min(1) });
const agencyParams = z.object({ agency_id: z.string().min(1) });
const planningPage = renewalPlanningResponse;
const xlsx = fileInJson();

export const organizationRenewalPlanning = endpoint({
  method: 'GET',
  path: '/api/organizations/{organization_id}/renewal_planning',
  gate: 'organization.renewal-report',
  summary: "What renews in the coming months across an organization's companies",
  params: organizationParams,
  query: planningQuery,
  response: planningPage,
});

export const agencyRenewalPlanning = endpoint({
  method: 'GET',
  path: '/api/agencies/{agency_id}/renewal_planning',
  gate: 'agencies',
  summary: 'What renews in the coming months across the organizations an agency manages',
  params: agencyParams,
  query: planningQuery,
  response: planningPage,
});

export const platformRenewalPlanning = endpoint({
  method: 'GET',
  path: '/api/admin/renewal_planning',
  gate: 'platform.admin',
  summary: 'What renews in the coming months across the platform',
  query: planningQuery,
  response: planningPage,
});

export const organizationRenewalsWorkbook = endpoint({
  method: 'GET',
  path: '/api/organizations/{organization_id}/renewals/export',
  gate: 'organization.renewal-report',
  summary: "The organization's renewals report as .xlsx (every row the filters keep)",
  params: organizationParams,
  query: renewalListQuery,
  response: xlsx,
});

export const agencyRenewalsWorkbook = endpoint({
  method: 'GET',
  path: '/api/agencies/{agency_id}/renewals/export',
  gate: 'agencies',
  summary: "The agency's renewals report as .xlsx",
  params: agencyParams,
  query: renewalListQuery,
  response: xlsx,
});

export const platformRenewalsWorkbook = endpoint({
  method: 'GET',
  path: '/api/admin/renewals/export',
  gate: 'platform.admin',
  summary: 'The platform renewals report as .xlsx',
  query: renewalListQuery,
  response: xlsx,
});

export const organizationPlanningWorkbook = endpoint({
  method: 'GET',
  path: '/api/organizations/{organization_id}/renewal_planning/export',
  gate: 'organization.renewal-report',
  summary: "The organization's renewal planning as .xlsx",
  params: organizationParams,
  query: planningQuery,
  response: xlsx,
});

export const agencyPlanningWorkbook = endpoint({
  method: 'GET',
  path: '/api/agencies/{agency_id}/renewal_planning/export',
  gate: 'agencies',
  summary: "The agency's renewal planning as .xlsx",
  params: agencyParams,
  query: planningQuery,
  response: xlsx,
});

export const platformPlanningWorkbook = endpoint({
  method: 'GET',
  path: '/api/admin/renewal_planning/export',
  gate: 'platform.admin',
  summary: 'The platform renewal planning as .xlsx',
  query: planningQuery,
  response: xlsx,
});
