import type { RequestBodyOf, ResponseOf } from '../../../shared/api/endpoint';
import {
  applyExportTemplate,
  completeComparison as completeEndpoint,
  createCorrectionFile as correctionFileEndpoint,
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
import { apiPath, callApi, ownedBy, useApi } from '../api/endpoints';

/** SWR hooks and writes of people, e-mail, export and completion of a comparison. */
const comparisonParams = (companyId: string, comparisonId: string) => ({ company_id: companyId, comparison_id: comparisonId });

export type ComparisonAssignees = ResponseOf<typeof getComparisonAssignees>;
/** A person who may be made auditor or verifier (or, for renewals, owner or assignee). */
export type Assignee = ComparisonAssignees['items'][number];

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

export function completeComparison(companyId: string, comparisonId: string, body: RequestBodyOf<typeof completeEndpoint>) {
  return callApi(completeEndpoint, { params: comparisonParams(companyId, comparisonId), body });
}

export function exportComparison(companyId: string, comparisonId: string, kind: ExportKind) {
  return callApi(exportEndpoint, { params: comparisonParams(companyId, comparisonId), body: { kind }, idempotent: true });
}

export type CorrectionFileFormat = RequestBodyOf<typeof correctionFileEndpoint>['format'];

/** The correction file for the carrier, written on the server; answers its link. */
export function createCorrectionFile(companyId: string, comparisonId: string, format: CorrectionFileFormat) {
  return callApi(correctionFileEndpoint, { params: comparisonParams(companyId, comparisonId), body: { format } });
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
    ? ownedBy(
        { list: listCompanyExportTemplates, get: getCompanyExportTemplate, create: createCompanyExportTemplate, update: updateCompanyExportTemplate, remove: deleteCompanyExportTemplate },
        { company_id: owner.companyId },
      )
    : ownedBy(
        {
          list: listOrganizationExportTemplates,
          get: getOrganizationExportTemplate,
          create: createOrganizationExportTemplate,
          update: updateOrganizationExportTemplate,
          remove: deleteOrganizationExportTemplate,
        },
        { organization_id: owner.organizationId },
      );
}
const templateParams = (owner: TemplateOwner, id: string) => ({ ...exportTemplateEndpoints(owner).params, export_columns_template_id: id });
/** Reads without an owner yet ask for nothing; these endpoints only give the read its types. */
const NO_TEMPLATE_OWNER = exportTemplateEndpoints({ companyId: '' });

export const exportTemplatesPath = (owner: TemplateOwner) => {
  const { api, params } = exportTemplateEndpoints(owner);
  return apiPath(api.list, params);
};

export function useExportTemplates(owner: TemplateOwner | null) {
  const { api, params } = owner ? exportTemplateEndpoints(owner) : NO_TEMPLATE_OWNER;
  return useApi(api.list, owner ? params : null);
}

export function useExportTemplate(owner: TemplateOwner | null, id: string | undefined) {
  return useApi((owner ? exportTemplateEndpoints(owner) : NO_TEMPLATE_OWNER).api.get, owner && id ? templateParams(owner, id) : null);
}

export type ExportTemplateInput = RequestBodyOf<typeof createCompanyExportTemplate>;

export function createExportTemplate(owner: TemplateOwner, body: ExportTemplateInput) {
  const { api, params } = exportTemplateEndpoints(owner);
  return callApi(api.create, { params, body });
}

export function updateExportTemplate(owner: TemplateOwner, id: string, body: RequestBodyOf<typeof updateCompanyExportTemplate>) {
  return callApi(exportTemplateEndpoints(owner).api.update, { params: templateParams(owner, id), body });
}

export function deleteExportTemplate(owner: TemplateOwner, id: string) {
  return callApi(exportTemplateEndpoints(owner).api.remove, { params: templateParams(owner, id) });
}

// ── E-mail templates ─────────────────────────────────────────────────────────────────────────────

export type EmailTemplateList = ResponseOf<typeof listCompanyEmailTemplates>;
export type EmailTemplateRow = EmailTemplateList['items'][number];

/** Whose e-mail templates: an organization's, a company's, or the platform's (DMS Admin). */
export type EmailTemplateOwner = TemplateOwner | { platform: true };

/** The e-mail templates' endpoints of an owner; the three answer the same rows (the platform's list without plan_supports_templates). */
function emailTemplateEndpoints(owner: EmailTemplateOwner) {
  if ('platform' in owner) return ownedBy({ list: listPlatformEmailTemplates, put: putPlatformEmailTemplate, remove: deletePlatformEmailTemplate }, {});
  if ('companyId' in owner) return ownedBy({ list: listCompanyEmailTemplates, put: putCompanyEmailTemplate, remove: deleteCompanyEmailTemplate }, { company_id: owner.companyId });
  return ownedBy({ list: listOrganizationEmailTemplates, put: putOrganizationEmailTemplate, remove: deleteOrganizationEmailTemplate }, { organization_id: owner.organizationId });
}
const PLATFORM_EMAIL_TEMPLATES = emailTemplateEndpoints({ platform: true });

export const emailTemplatesPath = (owner: EmailTemplateOwner) => {
  const { api, params } = emailTemplateEndpoints(owner);
  return apiPath(api.list, params);
};

/** The platform's list has no plan_supports_templates: its texts are not tied to a plan. */
export function useEmailTemplates(owner: EmailTemplateOwner | null) {
  const { api, params } = owner ? emailTemplateEndpoints(owner) : PLATFORM_EMAIL_TEMPLATES;
  return useApi(api.list, owner ? params : null);
}

export function saveEmailTemplate(owner: EmailTemplateOwner, type: EmailType, body: RequestBodyOf<typeof putCompanyEmailTemplate>) {
  const { api, params } = emailTemplateEndpoints(owner);
  return callApi(api.put, { params: { ...params, email_type: type }, body });
}

export function resetEmailTemplate(owner: EmailTemplateOwner, type: EmailType) {
  const { api, params } = emailTemplateEndpoints(owner);
  return callApi(api.remove, { params: { ...params, email_type: type } });
}
