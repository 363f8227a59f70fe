import * as api from '../../shared/api/hierarchy';
import { routeOf, type RouteDef } from './types';

/**
 * Client hierarchy and carriers: agencies, organizations and what they buy, companies,
 * the platform carrier list, company carriers and their plans, dashboard counts and imports.
 * Writes: POST on the collection (201), PATCH on the item with updated_at (409 when stale),
 * DELETE on the item (deactivates, or removes records that have no inactive flag).
 */
export const hierarchyRoutes: RouteDef[] = [
  // Agencies
  routeOf(api.listAgencies, 'api/agencies/list'),
  routeOf(api.createAgency, 'api/agencies/create'),
  routeOf(api.updateAgency, 'api/agencies/update'),
  routeOf(api.deactivateAgency, 'api/agencies/delete'),
  routeOf(api.getAgency, 'api/agencies/get'),
  routeOf(api.getAgencyCarrierPlanStats, 'api/stats/agency-company-carrier-plans'),

  // Organizations
  routeOf(api.listAdminOrganizations, 'api/organizations/admin-list'),
  routeOf(api.createOrganization, 'api/organizations/create'),
  routeOf(api.getOrganizationsStats, 'api/stats/admin-organizations'),
  routeOf(api.updateOrganization, 'api/organizations/update'),
  routeOf(api.deactivateOrganization, 'api/organizations/delete'),
  routeOf(api.getAdminCarrierPlanStats, 'api/stats/admin-company-carrier-plans'),
  routeOf(api.listOrganizations, 'api/organizations/list'),
  routeOf(api.getOrganization, 'api/organizations/get'),
  routeOf(api.getOrganizationStats, 'api/stats/organization'),
  routeOf(api.getOrganizationCarrierPlanStats, 'api/stats/organization-company-carrier-plans'),

  routeOf(api.listServiceTypes, 'api/organizations/service-types-list'),
  routeOf(api.createServiceType, 'api/organizations/service-types-create'),
  routeOf(api.updateServiceType, 'api/organizations/service-types-update'),
  routeOf(api.deleteServiceType, 'api/organizations/service-types-delete'),

  routeOf(api.listBenefitAdminSystems, 'api/organizations/benefit-admin-systems-list'),
  routeOf(api.createBenefitAdminSystem, 'api/organizations/benefit-admin-systems-create'),
  routeOf(api.updateBenefitAdminSystem, 'api/organizations/benefit-admin-systems-update'),
  routeOf(api.deleteBenefitAdminSystem, 'api/organizations/benefit-admin-systems-delete'),

  routeOf(api.listOrganizationAgencies, 'api/organizations/agencies-list'),
  routeOf(api.linkOrganizationAgency, 'api/organizations/agencies-create'),
  routeOf(api.updateOrganizationAgency, 'api/organizations/agencies-update'),
  routeOf(api.unlinkOrganizationAgency, 'api/organizations/agencies-delete'),

  // Companies
  routeOf(api.listCompanies, 'api/companies/list'),
  routeOf(api.createCompany, 'api/companies/create'),
  routeOf(api.updateCompany, 'api/companies/update'),
  routeOf(api.deactivateCompany, 'api/companies/delete'),
  routeOf(api.getCompany, 'api/companies/get'),

  // Imports (companies, company carriers, company carrier plans)
  routeOf(api.getImportTemplate, 'api/imports/template'),
  routeOf(api.previewImport, 'api/imports/preview', { memoryMb: 1024 }),
  routeOf(api.commitImport, 'api/imports/commit', { memoryMb: 1024 }),

  // Carriers (platform list)
  routeOf(api.listCarriers, 'api/carriers/list'),
  routeOf(api.createCarrier, 'api/carriers/create'),
  routeOf(api.updateCarrier, 'api/carriers/update'),
  routeOf(api.deactivateCarrier, 'api/carriers/delete'),

  // Company carriers and their plans
  routeOf(api.listCompanyCarriers, 'api/company-carriers/list'),
  routeOf(api.createCompanyCarrier, 'api/company-carriers/create'),
  routeOf(api.getCompanyCarrier, 'api/company-carriers/get'),
  routeOf(api.updateCompanyCarrier, 'api/company-carriers/update'),
  routeOf(api.deactivateCompanyCarrier, 'api/company-carriers/delete'),
  routeOf(api.listCompanyCarrierPlans, 'api/company-carriers/plans-list'),
  routeOf(api.createCompanyCarrierPlan, 'api/company-carriers/plans-create'),
  routeOf(api.getCompanyCarrierPlan, 'api/company-carriers/plans-get'),
  routeOf(api.updateCompanyCarrierPlan, 'api/company-carriers/plans-update'),
  routeOf(api.deactivateCompanyCarrierPlan, 'api/company-carriers/plans-delete'),
];
