import type { ComponentType } from 'react';
import { PAGES_BY_ID, type PageId } from '../../../shared/permissions';
import { AdminAuditTrailPage, OrganizationAuditTrailPage } from './audit';
import { CompanyConvertCarrierFilesPage } from './carrier-conversions';
import { ComparisonPage } from './comparisons/ComparisonPage';
import { ComparisonsListPage } from './comparisons/ComparisonsListPage';
import { AdminAgenciesPage, AdminAgencyNewPage, AdminAgencyShowPage, AgencyPage } from './agencies/AgencyPages';
import { AdminCarriersReportPage, AgencyCarriersReportPage, OrganizationCarriersReportPage } from './carrier-reports/CarriersReportPages';
import { CompanyNewPage, CompanyPage, OrganizationCompaniesPage } from './companies/CompanyPages';
import { CompanyCarrierPage, CompanyCarrierPlanPage, CompanyCarriersPage } from './company-carriers/CompanyCarrierPages';
import { ImportCompaniesPage, ImportCompanyCarrierPlansPage, ImportCompanyCarriersPage } from './imports/ImportPage';
import {
  AdminOrganizationNewPage,
  AdminOrganizationsPage,
  OrganizationAgenciesPage,
  OrganizationBenefitAdminSystemsPage,
  OrganizationEditPage,
  OrganizationPage,
  OrganizationServiceTypesPage,
  OrganizationsPage,
} from './organizations/OrganizationPages';
import { OrganizationDataPointsTemplatePage, OrganizationDataPointsTemplatesPage } from './data-points-templates/DataPointsTemplatePages';
import { HomePage } from './home/HomePage';
import { AdminMappingsPage, CompanyMappingsPage, OrganizationMappingsPage } from './mappings/MappingPages';
import { OrganizationComparisonsPage } from './organization-comparisons/OrganizationComparisonsPage';
import { PlaceholderPage } from './placeholder/PlaceholderPage';
import { ProfilePage } from './profile/ProfilePage';
import { ApiReferencePage } from './api-reference';
import {
  AdminRenewalPlanningPage,
  AdminRenewalsReportPage,
  AgencyRenewalPlanningPage,
  AgencyRenewalsReportPage,
  OrganizationRenewalPlanningPage,
  OrganizationRenewalsReportPage,
} from './reports';
import { CompanyRenewalPage, CompanyRenewalsPage } from './renewals';
import { AdminEmailTemplatesPage } from './templates/PlatformEmailTemplatesPage';
import { CompanyTemplatesPage, OrganizationEmailTemplatesPage, OrganizationExportTemplatePage, OrganizationExportTemplatesPage } from './templates/TemplatePages';
import {
  AdminUserNewPage,
  AdminUserShowPage,
  AdminUsersPage,
  AgencyUserEditPage,
  AgencyUserNewPage,
  AgencyUserShowPage,
  AgencyUsersPage,
  CompanyUserShowPage,
  CompanyUsersPage,
  OrganizationUserEditPage,
  OrganizationUserShowPage,
  OrganizationUsersPage,
} from './users/UsersPages';

/**
 * The screen of each page. A page not listed here shows its title as a placeholder, so adding a
 * screen is one line here plus its folder.
 */
const SCREENS: Partial<Record<PageId, ComponentType>> = {
  // Client hierarchy and carriers
  'admin.organizations': AdminOrganizationsPage,
  'admin.organizations.new': AdminOrganizationNewPage,
  'admin.agencies': AdminAgenciesPage,
  'admin.agencies.new': AdminAgencyNewPage,
  'admin.agencies.show': AdminAgencyShowPage,
  'admin.reports.carriers': AdminCarriersReportPage,
  agency: AgencyPage,
  'agency.reports.carriers': AgencyCarriersReportPage,
  organizations: OrganizationsPage,
  organization: OrganizationPage,
  'organization.companies': OrganizationCompaniesPage,
  'organization.new': CompanyNewPage,
  'organization.edit': OrganizationEditPage,
  'organization.service-types': OrganizationServiceTypesPage,
  'organization.benefit-admin-systems': OrganizationBenefitAdminSystemsPage,
  'organization.agencies': OrganizationAgenciesPage,
  'organization.import': ImportCompaniesPage,
  'organization.import-company-carriers': ImportCompanyCarriersPage,
  'organization.import-company-carrier-plans': ImportCompanyCarrierPlansPage,
  'organization.reports.carriers': OrganizationCarriersReportPage,
  company: CompanyPage,
  'company.company-carriers': CompanyCarriersPage,
  'company.company-carriers.show': CompanyCarrierPage,
  'company.company-carriers.plans.show': CompanyCarrierPlanPage,
  home: HomePage,
  profile: ProfilePage,
  'api-reference': ApiReferencePage,
  'admin.users': AdminUsersPage,
  'admin.users.new': AdminUserNewPage,
  'admin.users.show': AdminUserShowPage,
  'organization.users': OrganizationUsersPage,
  'organization.users.show': OrganizationUserShowPage,
  'organization.users.edit': OrganizationUserEditPage,
  'agency.users': AgencyUsersPage,
  'agency.users.new': AgencyUserNewPage,
  'agency.users.show': AgencyUserShowPage,
  'agency.users.edit': AgencyUserEditPage,
  'company.users': CompanyUsersPage,
  'company.users.show': CompanyUserShowPage,
  'company.comparisons': ComparisonsListPage,
  'company.comparisons.show': ComparisonPage,
  // Export columns and e-mail templates
  'organization.templates.export': OrganizationExportTemplatesPage,
  'organization.templates.export.show': OrganizationExportTemplatePage,
  'organization.templates.email': OrganizationEmailTemplatesPage,
  'company.templates': CompanyTemplatesPage,
  // Data points templates, data mappings, organization comparisons
  'organization.templates.data-points': OrganizationDataPointsTemplatesPage,
  'organization.templates.data-points.show': OrganizationDataPointsTemplatePage,
  'organization.mappings': OrganizationMappingsPage,
  'company.mappings': CompanyMappingsPage,
  'admin.mappings': AdminMappingsPage,
  'admin.email-templates': AdminEmailTemplatesPage,
  'organization.comparisons': OrganizationComparisonsPage,
  // Renewal reports (loaded on first visit)
  'admin.reports.renewals': AdminRenewalsReportPage,
  'admin.reports.renewal-planning': AdminRenewalPlanningPage,
  'agency.reports.renewals': AgencyRenewalsReportPage,
  'agency.reports.renewal-planning': AgencyRenewalPlanningPage,
  'organization.reports.renewals': OrganizationRenewalsReportPage,
  'organization.reports.renewal-planning': OrganizationRenewalPlanningPage,
  // A company's renewals (loaded on first visit)
  'company.renewals': CompanyRenewalsPage,
  'company.renewals.show': CompanyRenewalPage,
  // Carrier file conversion (loaded on first visit)
  'company.convert-carrier-files': CompanyConvertCarrierFilesPage,
  // The audit trail (loaded on first visit)
  'admin.audit': AdminAuditTrailPage,
  'organization.audit': OrganizationAuditTrailPage,
};

export function screenFor(pageId: PageId): ComponentType {
  const screen = SCREENS[pageId];
  if (screen) return screen;
  const title = PAGES_BY_ID[pageId].title;
  const Placeholder = () => <PlaceholderPage title={title} />;
  Placeholder.displayName = `Placeholder(${pageId})`;
  return Placeholder;
}
