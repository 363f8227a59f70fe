import type { RequestBodyOf, ResponseOf } from '../../../shared/api/endpoint';
import {
  applyExportTemplate,
  completeComparison as completeEndpoint,
  createCompanyExportTemplate,
  createOrganizationExportTemplate,
  deleteCompanyEmailTemplate,
  deleteCompanyExportTemplate,
  deleteOrganizationEmailTemplate,
  deleteOrganizationExportTemplate,
  deletePlatformEmailTemplate,
  exportComparison as exportEndpoint,
  getCompanyExportTemplate,
  getComparisonAssignees,
  getCompletion,
  getExportColumns,
  getOrganizationExportTemplate,
  listCompanyEmailTemplates,
  listCompanyExportTemplates,
  listOrganizationEmailTemplates,
  listOrganizationExportTemplates,
  listPlatformEmailTemplates,
  putCompanyEmailTemplate,
  putExportColumns,
  putOrganizationEmailTemplate,
  putPlatformEmailTemplate,
  sendToAuditor,
  sendToVerifier,
  updateCompanyExportTemplate,
  updateOrganizationExportTemplate,
} from '../../../shared/api/completion';
import type { EmailType } from '../../../shared/email-types';
import { apiPath, callApi, useApi } from '../api/endpoints';

/** SWR hooks and writes of people, e-mail, export and completion of a comparison. */
const comparisonParams = (companyId: string, comparisonId: string) => ({ company_id: companyId, comparison_id: comparisonId });

export type ComparisonAssignees = ResponseOf<typeof getComparisonAssignees>;
/** A person who may be made auditor or verifier (or, for renewals, owner or assignee). */
export type Assignee = ComparisonAssignees['items'][number];

export type CompletionChecklist = ResponseOf<typeof getCompletion>;

export type ExportRequest = RequestBodyOf<typeof exportEndpoint>;
export type ExportKind = ExportRequest['kind'];
export type ExportResult = ResponseOf<typeof exportEndpoint>;

export const assigneesPath = (companyId: string, comparisonId: string) => apiPath(getComparisonAssignees, comparisonParams(companyId, comparisonId));
export const completionPath = (companyId: string, comparisonId: string) => apiPath(getCompletion, comparisonParams(companyId, comparisonId));

export function useComparisonAssignees(companyId: string, comparisonId: string) {
  return useApi(getComparisonAssignees, comparisonParams(companyId, comparisonId));
}

export function useCompletion(companyId: string, comparisonId: string) {
  return useApi(getCompletion, comparisonParams(companyId, comparisonId));
}

export function sendComparison(companyId: string, comparisonId: string, to: 'verifier' | 'auditor') {
  return callApi(to === 'verifier' ? sendToVerifier : sendToAuditor, { params: comparisonParams(companyId, comparisonId) });
}

export type CompleteAnswer = ResponseOf<typeof completeEndpoint>;

export function completeComparison(companyId: string, comparisonId: string, body: RequestBodyOf<typeof completeEndpoint>) {
  return callApi(completeEndpoint, { params: comparisonParams(companyId, comparisonId), body });
}

export function exportComparison(companyId: string, comparisonId: string, kind: ExportKind) {
  return callApi(exportEndpoint, { params: comparisonParams(companyId, comparisonId), body: { kind } });
}

// ── Export columns of a comparison ───────────────────────────────────────────────────────────────

export type ExportColumns = ResponseOf<typeof getExportColumns>;
export type ExportColumn = ExportColumns['items'][number];
export type ExportColumnsInput = RequestBodyOf<typeof putExportColumns>;

export const exportColumnsPath = (companyId: string, comparisonId: string) => apiPath(getExportColumns, comparisonParams(companyId, comparisonId));

export function useExportColumns(companyId: string, comparisonId: string) {
  return useApi(getExportColumns, comparisonParams(companyId, comparisonId));
}

/** Replaces the whole ordered list; an empty list exports every baseline column. */
export function saveExportColumns(companyId: string, comparisonId: string, body: ExportColumnsInput) {
  return callApi(putExportColumns, { params: comparisonParams(companyId, comparisonId), body });
}

export function applyExportColumnsTemplate(companyId: string, comparisonId: string, templateId: string) {
  const body: RequestBodyOf<typeof applyExportTemplate> = { template_id: templateId };
  return callApi(applyExportTemplate, { params: comparisonParams(companyId, comparisonId), body });
}

// ── Export columns templates ─────────────────────────────────────────────────────────────────────

export type ExportTemplate = ResponseOf<typeof getCompanyExportTemplate>;
export type ExportTemplateColumn = ExportTemplate['columns'][number];

export type TemplateOwner = { organizationId: string } | { companyId: string };

/**
 * The export templates' endpoints of an owner. A company's and an organization's answer the same
 * shapes; each is addressed by the owner's id, and a template by its id below it.
 */
function exportTemplateEndpoints(owner: TemplateOwner) {
  return 'companyId' in owner
    ? { list: listCompanyExportTemplates, get: getCompanyExportTemplate, create: createCompanyExportTemplate, update: updateCompanyExportTemplate, remove: deleteCompanyExportTemplate }
    : {
        list: listOrganizationExportTemplates,
        get: getOrganizationExportTemplate,
        create: createOrganizationExportTemplate,
        update: updateOrganizationExportTemplate,
        remove: deleteOrganizationExportTemplate,
      };
}
/** The owner's ids as path parameters: each endpoint of either owner takes the one it names. */
const ownerParams = (owner: TemplateOwner) => ('companyId' in owner ? { company_id: owner.companyId } : { organization_id: owner.organizationId });
type CompanyTemplateParams = { company_id: string; export_columns_template_id: string };
const templateParams = (owner: TemplateOwner, id: string) => ({ ...ownerParams(owner), export_columns_template_id: id }) as CompanyTemplateParams;

export const exportTemplatesPath = (owner: TemplateOwner) => apiPath(exportTemplateEndpoints(owner).list as typeof listCompanyExportTemplates, ownerParams(owner) as { company_id: string });

export function useExportTemplates(owner: TemplateOwner | null) {
  return useApi(owner ? (exportTemplateEndpoints(owner).list as typeof listCompanyExportTemplates) : listCompanyExportTemplates, owner ? (ownerParams(owner) as { company_id: string }) : null);
}

export function useExportTemplate(owner: TemplateOwner | null, id: string | undefined) {
  return useApi(owner ? (exportTemplateEndpoints(owner).get as typeof getCompanyExportTemplate) : getCompanyExportTemplate, owner && id ? templateParams(owner, id) : null);
}

export type ExportTemplateInput = RequestBodyOf<typeof createCompanyExportTemplate>;

export function createExportTemplate(owner: TemplateOwner, body: ExportTemplateInput) {
  return callApi(exportTemplateEndpoints(owner).create as typeof createCompanyExportTemplate, { params: ownerParams(owner) as { company_id: string }, body });
}

export function updateExportTemplate(owner: TemplateOwner, id: string, body: RequestBodyOf<typeof updateCompanyExportTemplate>) {
  return callApi(exportTemplateEndpoints(owner).update as typeof updateCompanyExportTemplate, { params: templateParams(owner, id), body });
}

export function deleteExportTemplate(owner: TemplateOwner, id: string) {
  return callApi(exportTemplateEndpoints(owner).remove as typeof deleteCompanyExportTemplate, { params: templateParams(owner, id) });
}

// ── E-mail templates ─────────────────────────────────────────────────────────────────────────────

export type EmailTemplateList = ResponseOf<typeof listCompanyEmailTemplates>;
export type EmailTemplateRow = EmailTemplateList['items'][number];

/** Whose e-mail templates: an organization's, a company's, or the platform's (DMS Admin). */
export type EmailTemplateOwner = TemplateOwner | { platform: true };

/** The e-mail templates' endpoints of an owner; the three answer the same rows (the platform's list without plan_supports_templates). */
function emailTemplateEndpoints(owner: EmailTemplateOwner) {
  if ('platform' in owner) return { list: listPlatformEmailTemplates, put: putPlatformEmailTemplate, remove: deletePlatformEmailTemplate, params: {} };
  if ('companyId' in owner) return { list: listCompanyEmailTemplates, put: putCompanyEmailTemplate, remove: deleteCompanyEmailTemplate, params: { company_id: owner.companyId } };
  return { list: listOrganizationEmailTemplates, put: putOrganizationEmailTemplate, remove: deleteOrganizationEmailTemplate, params: { organization_id: owner.organizationId } };
}
type CompanyEmailParams = { company_id: string };

export const emailTemplatesPath = (owner: EmailTemplateOwner) => {
  const api = emailTemplateEndpoints(owner);
  return apiPath(api.list as typeof listCompanyEmailTemplates, api.params as CompanyEmailParams);
};

/** The platform's list has no plan_supports_templates: its texts are not tied to a plan. */
export function useEmailTemplates(owner: EmailTemplateOwner | null) {
  const api = owner ? emailTemplateEndpoints(owner) : null;
  return useApi((api?.list ?? listPlatformEmailTemplates) as typeof listCompanyEmailTemplates | typeof listPlatformEmailTemplates, api ? (api.params as CompanyEmailParams) : null);
}

export function saveEmailTemplate(owner: EmailTemplateOwner, type: EmailType, body: RequestBodyOf<typeof putCompanyEmailTemplate>) {
  const api = emailTemplateEndpoints(owner);
  return callApi(api.put as typeof putCompanyEmailTemplate, { params: { ...(api.params as CompanyEmailParams), email_type: type }, body });
}

export function resetEmailTemplate(owner: EmailTemplateOwner, type: EmailType) {
  const api = emailTemplateEndpoints(owner);
  return callApi(api.remove as typeof deleteCompanyEmailTemplate, { params: { ...(api.params as CompanyEmailParams), email_type: type } });
}
