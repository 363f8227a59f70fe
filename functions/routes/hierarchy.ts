import type { RouteDef } from './types';

/**
 * Client hierarchy and carriers (issue 4): agencies, organizations and what they buy, companies,
 * the platform carrier list, company carriers and their plans, dashboard counts and imports.
 * Writes: POST on the collection (201), PATCH on the item with updated_at (409 when stale),
 * DELETE on the item (deactivates, or removes records that have no inactive flag).
 */
const r = (method: RouteDef['method'], path: string, handler: string, extra: Partial<RouteDef> = {}): RouteDef => ({
  method,
  path,
  handler: `api/${handler}`,
  access: 'signed-in',
  ...extra,
});

const ORG = '/api/organizations/{organization_id}';
const COMPANY_CARRIERS = '/api/companies/{company_id}/company_carriers';
const PLANS = `${COMPANY_CARRIERS}/{company_carrier_id}/company_carrier_plans`;

export const hierarchyRoutes: RouteDef[] = [
  // Agencies
  r('GET', '/api/admin/agencies', 'agencies/list'),
  r('POST', '/api/admin/agencies', 'agencies/create'),
  r('PATCH', '/api/admin/agencies/{agency_id}', 'agencies/update'),
  r('DELETE', '/api/admin/agencies/{agency_id}', 'agencies/delete'),
  r('GET', '/api/agencies/{agency_id}', 'agencies/get'),
  r('GET', '/api/agencies/{agency_id}/company_carrier_plans_stats', 'stats/agency-company-carrier-plans'),

  // Organizations
  r('GET', '/api/admin/organizations', 'organizations/admin-list'),
  r('POST', '/api/admin/organizations', 'organizations/create'),
  r('GET', '/api/admin/organizations/stats', 'stats/admin-organizations'),
  r('PATCH', '/api/admin/organizations/{organization_id}', 'organizations/update'),
  r('DELETE', '/api/admin/organizations/{organization_id}', 'organizations/delete'),
  r('GET', '/api/admin/company_carrier_plans_stats', 'stats/admin-company-carrier-plans'),
  r('GET', '/api/organizations', 'organizations/list'),
  r('GET', ORG, 'organizations/get'),
  r('GET', `${ORG}/company_carrier_plans_stats`, 'stats/organization-company-carrier-plans'),

  r('GET', `${ORG}/service_types`, 'organizations/service-types-list'),
  r('POST', `${ORG}/service_types`, 'organizations/service-types-create'),
  r('PATCH', `${ORG}/service_types/{service_type_id}`, 'organizations/service-types-update'),
  r('DELETE', `${ORG}/service_types/{service_type_id}`, 'organizations/service-types-delete'),

  r('GET', `${ORG}/benefit_admin_systems`, 'organizations/benefit-admin-systems-list'),
  r('POST', `${ORG}/benefit_admin_systems`, 'organizations/benefit-admin-systems-create'),
  r('PATCH', `${ORG}/benefit_admin_systems/{benefit_admin_system_id}`, 'organizations/benefit-admin-systems-update'),
  r('DELETE', `${ORG}/benefit_admin_systems/{benefit_admin_system_id}`, 'organizations/benefit-admin-systems-delete'),

  r('GET', `${ORG}/agencies`, 'organizations/agencies-list'),
  r('POST', `${ORG}/agencies`, 'organizations/agencies-create'),
  r('PATCH', `${ORG}/agencies/{agency_id}`, 'organizations/agencies-update'),
  r('DELETE', `${ORG}/agencies/{agency_id}`, 'organizations/agencies-delete'),

  // Companies
  r('GET', `${ORG}/companies`, 'companies/list'),
  r('POST', `${ORG}/companies`, 'companies/create'),
  r('PATCH', `${ORG}/companies/{company_id}`, 'companies/update'),
  r('DELETE', `${ORG}/companies/{company_id}`, 'companies/delete'),
  r('GET', '/api/companies/{company_id}', 'companies/get'),

  // Imports (companies, company carriers, company carrier plans)
  r('GET', `${ORG}/imports/{kind}/template`, 'imports/template'),
  r('POST', `${ORG}/imports/{kind}/preview`, 'imports/preview', { memoryMb: 1024 }),
  r('POST', `${ORG}/imports/{kind}/commit`, 'imports/commit', { memoryMb: 1024 }),

  // Carriers (platform list)
  r('GET', '/api/carriers', 'carriers/list'),
  r('POST', '/api/carriers', 'carriers/create'),
  r('PATCH', '/api/carriers/{carrier_id}', 'carriers/update'),
  r('DELETE', '/api/carriers/{carrier_id}', 'carriers/delete'),

  // Company carriers and their plans
  r('GET', COMPANY_CARRIERS, 'company-carriers/list'),
  r('POST', COMPANY_CARRIERS, 'company-carriers/create'),
  r('GET', `${COMPANY_CARRIERS}/{company_carrier_id}`, 'company-carriers/get'),
  r('PATCH', `${COMPANY_CARRIERS}/{company_carrier_id}`, 'company-carriers/update'),
  r('DELETE', `${COMPANY_CARRIERS}/{company_carrier_id}`, 'company-carriers/delete'),
  r('GET', PLANS, 'company-carriers/plans-list'),
  r('POST', PLANS, 'company-carriers/plans-create'),
  r('GET', `${PLANS}/{company_carrier_plan_id}`, 'company-carriers/plans-get'),
  r('PATCH', `${PLANS}/{company_carrier_plan_id}`, 'company-carriers/plans-update'),
  r('DELETE', `${PLANS}/{company_carrier_plan_id}`, 'company-carriers/plans-delete'),
];
