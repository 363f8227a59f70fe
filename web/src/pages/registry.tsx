import { lazy, type ComponentType } from 'react';
import { PAGES_BY_ID, type PageId } from '../../../shared/permissions';
import { PlaceholderPage } from './placeholder/PlaceholderPage';

/**
 * A page's screen, downloaded the first time one of its pages is visited: the sign-in page and the
 * shell never wait for a grid, a chart or an upload form they do not show. A module holding several
 * pages is one chunk, fetched once for all of them.
 */
function onVisit<M extends Record<K, ComponentType>, K extends keyof M & string>(load: () => Promise<M>, name: K): ComponentType {
  return lazy(() => load().then((module): { default: ComponentType } => ({ default: module[name] })));
}

// One loader per page module; the table below names the screen each page takes from it.
const agencies = () => import('./agencies/AgencyPages');
const apiReference = () => import('./api-reference/ApiReferencePage');
const audit = () => import('./audit');
const carrierCatalog = () => import('./carriers/CarrierCatalogPage');
const carrierConversions = () => import('./carrier-file-conversions');
const carrierReports = () => import('./carrier-reports/CarriersReportPages');
const companies = () => import('./companies/CompanyPages');
const organizationCompanies = () => import('./companies/OrganizationCompaniesPage');
const companyCarriers = () => import('./company-carriers/CompanyCarrierPages');
const companyCarriersList = () => import('./company-carriers/CompanyCarriersPage');
const comparison = () => import('./comparisons/ComparisonPage');
const comparisonsList = () => import('./comparisons/ComparisonsListPage');
const dataPointsTemplates = () => import('./data-points-templates/DataPointsTemplatePages');
const home = () => import('./home/HomePage');
const imports = () => import('./imports/ImportPage');
const mappings = () => import('./mappings/MappingPages');
const organizationComparisons = () => import('./organization-comparisons/OrganizationComparisonsPage');
const organizations = () => import('./organizations/OrganizationPages');
const organizationForms = () => import('./organizations/OrganizationFormPages');
const profile = () => import('./profile/ProfilePage');
const renewal = () => import('./renewals/RenewalPage');
const renewalsList = () => import('./renewals/RenewalsListPage');
const reports = () => import('./reports');
const renewalPlanning = () => import('./reports/RenewalPlanningPages');
const platformEmailTemplates = () => import('./templates/PlatformEmailTemplatesPage');
const templates = () => import('./templates/TemplatePages');
const users = () => import('./users/UsersPages');

/**
 * The screen of each page. A page not listed here shows its title as a placeholder, so adding a
 * screen is one line here plus its folder.
 */
const SCREENS: Partial<Record<PageId, ComponentType>> = {
  // Client hierarchy and carriers
  'admin.organizations': onVisit(organizations, 'AdminOrganizationsPage'),
  'admin.organizations.new': onVisit(organizationForms, 'AdminOrganizationNewPage'),
  'admin.agencies': onVisit(agencies, 'AdminAgenciesPage'),
  'admin.agencies.new': onVisit(agencies, 'AdminAgencyNewPage'),
  'admin.agencies.show': onVisit(agencies, 'AdminAgencyShowPage'),
  'admin.carriers': onVisit(carrierCatalog, 'AdminCarriersPage'),
  'admin.reports.carriers': onVisit(carrierReports, 'AdminCarriersReportPage'),
  agency: onVisit(agencies, 'AgencyPage'),
  'agency.reports.carriers': onVisit(carrierReports, 'AgencyCarriersReportPage'),
  organizations: onVisit(organizations, 'OrganizationsPage'),
  organization: onVisit(organizations, 'OrganizationPage'),
  'organization.companies': onVisit(organizationCompanies, 'OrganizationCompaniesPage'),
  'organization.new': onVisit(companies, 'CompanyNewPage'),
  'organization.edit': onVisit(organizationForms, 'OrganizationEditPage'),
  'organization.service-types': onVisit(organizations, 'OrganizationServiceTypesPage'),
  'organization.benefit-admin-systems': onVisit(organizations, 'OrganizationBenefitAdminSystemsPage'),
  'organization.agencies': onVisit(organizations, 'OrganizationAgenciesPage'),
  'organization.import': onVisit(imports, 'ImportCompaniesPage'),
  'organization.import-company-carriers': onVisit(imports, 'ImportCompanyCarriersPage'),
  'organization.import-company-carrier-plans': onVisit(imports, 'ImportCompanyCarrierPlansPage'),
  'organization.reports.carriers': onVisit(carrierReports, 'OrganizationCarriersReportPage'),
  company: onVisit(companies, 'CompanyPage'),
  'company.company-carriers': onVisit(companyCarriersList, 'CompanyCarriersPage'),
  'company.company-carriers.show': onVisit(companyCarriers, 'CompanyCarrierPage'),
  'company.company-carriers.plans.show': onVisit(companyCarriers, 'CompanyCarrierPlanPage'),
  home: onVisit(home, 'HomePage'),
  profile: onVisit(profile, 'ProfilePage'),
  'api-reference': onVisit(apiReference, 'ApiReferencePage'),
  'admin.users': onVisit(users, 'AdminUsersPage'),
  'admin.users.new': onVisit(users, 'AdminUserNewPage'),
  'admin.users.show': onVisit(users, 'AdminUserShowPage'),
  'organization.users': onVisit(users, 'OrganizationUsersPage'),
  'organization.users.show': onVisit(users, 'OrganizationUserShowPage'),
  'organization.users.edit': onVisit(users, 'OrganizationUserEditPage'),
  'agency.users': onVisit(users, 'AgencyUsersPage'),
  'agency.users.new': onVisit(users, 'AgencyUserNewPage'),
  'agency.users.show': onVisit(users, 'AgencyUserShowPage'),
  'agency.users.edit': onVisit(users, 'AgencyUserEditPage'),
  'company.users': onVisit(users, 'CompanyUsersPage'),
  'company.users.show': onVisit(users, 'CompanyUserShowPage'),
  'company.comparisons': onVisit(comparisonsList, 'ComparisonsListPage'),
  'company.comparisons.show': onVisit(comparison, 'ComparisonPage'),
  // Export columns and e-mail templates
  'organization.templates.export': onVisit(templates, 'OrganizationExportTemplatesPage'),
  'organization.templates.export.show': onVisit(templates, 'OrganizationExportTemplatePage'),
  'organization.templates.email': onVisit(templates, 'OrganizationEmailTemplatesPage'),
  'company.templates': onVisit(templates, 'CompanyTemplatesPage'),
  // Data points templates, data mappings, organization comparisons
  'organization.templates.data-points': onVisit(dataPointsTemplates, 'OrganizationDataPointsTemplatesPage'),
  'organization.templates.data-points.show': onVisit(dataPointsTemplates, 'OrganizationDataPointsTemplatePage'),
  'organization.mappings': onVisit(mappings, 'OrganizationMappingsPage'),
  'company.mappings': onVisit(mappings, 'CompanyMappingsPage'),
  'admin.mappings': onVisit(mappings, 'AdminMappingsPage'),
  'admin.email-templates': onVisit(platformEmailTemplates, 'AdminEmailTemplatesPage'),
  'organization.comparisons': onVisit(organizationComparisons, 'OrganizationComparisonsPage'),
  // Renewal reports
  'admin.reports.renewals': onVisit(reports, 'AdminRenewalsReportPage'),
  'admin.reports.renewal-planning': onVisit(renewalPlanning, 'AdminRenewalPlanningPage'),
  'agency.reports.renewals': onVisit(reports, 'AgencyRenewalsReportPage'),
  'agency.reports.renewal-planning': onVisit(renewalPlanning, 'AgencyRenewalPlanningPage'),
  'organization.reports.renewals': onVisit(reports, 'OrganizationRenewalsReportPage'),
  'organization.reports.renewal-planning': onVisit(renewalPlanning, 'OrganizationRenewalPlanningPage'),
  // A company's renewals
  'company.renewals': onVisit(renewalsList, 'RenewalsListPage'),
  'company.renewals.show': onVisit(renewal, 'RenewalPage'),
  // Carrier file conversion
  'company.convert-carrier-files': onVisit(carrierConversions, 'CompanyConvertCarrierFilesPage'),
  // The audit trail
  'admin.audit': onVisit(audit, 'AdminAuditTrailPage'),
  'organization.audit': onVisit(audit, 'OrganizationAuditTrailPage'),
};

export function screenFor(pageId: PageId): ComponentType {
  const screen = SCREENS[pageId];
  if (screen) return screen;
  const title = PAGES_BY_ID[pageId].title;
  const Placeholder = () => <PlaceholderPage title={title} />;
  Placeholder.displayName = `Placeholder(${pageId})`;
  return Placeholder;
}
