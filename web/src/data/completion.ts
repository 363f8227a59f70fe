import useSWR from 'swr';
import type { RequestBodyOf, ResponseOf } from '../../../shared/api/endpoint';
import type {
  applyExportTemplate,
  completeComparison as completeEndpoint,
  createCompanyExportTemplate,
  exportComparison as exportEndpoint,
  getCompanyExportTemplate,
  getComparisonAssignees,
  getExportColumns,
  getCompletion,
  listCompanyEmailTemplates,
  listCompanyExportTemplates,
  listPlatformEmailTemplates,
  putCompanyEmailTemplate,
  putExportColumns,
  sendToVerifier,
  updateCompanyExportTemplate,
} from '../../../shared/api/completion';
import type { EmailType } from '../../../shared/email-types';
import type { ApiError } from '../api/errors';
import { request } from '../api/request';
import { comparisonPath } from './comparisons';

/** SWR hooks and writes of people, e-mail, export and completion of a comparison. */
const enc = encodeURIComponent;

export type ComparisonAssignees = ResponseOf<typeof getComparisonAssignees>;
/** A person who may be made auditor or verifier (or, for renewals, owner or assignee). */
export type Assignee = ComparisonAssignees['items'][number];

export type CompletionChecklist = ResponseOf<typeof getCompletion>;

export type ExportRequest = RequestBodyOf<typeof exportEndpoint>;
export type ExportKind = ExportRequest['kind'];
export type ExportResult = ResponseOf<typeof exportEndpoint>;

export const assigneesPath = (companyId: string, comparisonId: string) => `${comparisonPath(companyId, comparisonId)}/eligible_assignees`;
export const completionPath = (companyId: string, comparisonId: string) => `${comparisonPath(companyId, comparisonId)}/completion`;

export function useComparisonAssignees(companyId: string, comparisonId: string) {
  return useSWR<ComparisonAssignees, ApiError>(assigneesPath(companyId, comparisonId));
}

export function useCompletion(companyId: string, comparisonId: string) {
  return useSWR<CompletionChecklist, ApiError>(completionPath(companyId, comparisonId));
}

export function sendComparison(companyId: string, comparisonId: string, to: 'verifier' | 'auditor') {
  return request<ResponseOf<typeof sendToVerifier>>(`${comparisonPath(companyId, comparisonId)}/send_to_${to}`, { method: 'POST' });
}

export type CompleteAnswer = ResponseOf<typeof completeEndpoint>;

export function completeComparison(companyId: string, comparisonId: string, body: RequestBodyOf<typeof completeEndpoint>) {
  return request<CompleteAnswer>(`${comparisonPath(companyId, comparisonId)}/complete`, { method: 'POST', body });
}

export function exportComparison(companyId: string, comparisonId: string, kind: ExportKind) {
  return request<ExportResult>(`${comparisonPath(companyId, comparisonId)}/export`, { method: 'POST', body: { kind } });
}

// ── Export columns of a comparison ───────────────────────────────────────────────────────────────

export type ExportColumns = ResponseOf<typeof getExportColumns>;
export type ExportColumn = ExportColumns['items'][number];
export type ExportColumnsInput = RequestBodyOf<typeof putExportColumns>;

export const exportColumnsPath = (companyId: string, comparisonId: string) => `${comparisonPath(companyId, comparisonId)}/export_columns`;

export function useExportColumns(companyId: string, comparisonId: string) {
  return useSWR<ExportColumns, ApiError>(exportColumnsPath(companyId, comparisonId));
}

/** Replaces the whole ordered list; an empty list exports every baseline column. */
export function saveExportColumns(companyId: string, comparisonId: string, body: ExportColumnsInput) {
  return request<ResponseOf<typeof putExportColumns>>(exportColumnsPath(companyId, comparisonId), { method: 'PUT', body });
}

export function applyExportColumnsTemplate(companyId: string, comparisonId: string, templateId: string) {
  const body: RequestBodyOf<typeof applyExportTemplate> = { template_id: templateId };
  return request<ResponseOf<typeof applyExportTemplate>>(`${exportColumnsPath(companyId, comparisonId)}/apply_template`, { method: 'POST', body });
}

// ── Export columns templates ─────────────────────────────────────────────────────────────────────

export type ExportTemplate = ResponseOf<typeof getCompanyExportTemplate>;
export type ExportTemplateColumn = ExportTemplate['columns'][number];

export type TemplateOwner = { organizationId: string } | { companyId: string };

export const exportTemplatesPath = (owner: TemplateOwner) =>
  'companyId' in owner ? `/api/companies/${enc(owner.companyId)}/export_columns_templates` : `/api/organizations/${enc(owner.organizationId)}/export_columns_templates`;

export function useExportTemplates(owner: TemplateOwner | null) {
  return useSWR<ResponseOf<typeof listCompanyExportTemplates>, ApiError>(owner ? exportTemplatesPath(owner) : null);
}

export function useExportTemplate(owner: TemplateOwner | null, id: string | undefined) {
  return useSWR<ExportTemplate, ApiError>(owner && id ? `${exportTemplatesPath(owner)}/${enc(id)}` : null);
}

export type ExportTemplateInput = RequestBodyOf<typeof createCompanyExportTemplate>;

export function createExportTemplate(owner: TemplateOwner, body: ExportTemplateInput) {
  return request<ExportTemplate>(exportTemplatesPath(owner), { method: 'POST', body });
}

export function updateExportTemplate(owner: TemplateOwner, id: string, body: RequestBodyOf<typeof updateCompanyExportTemplate>) {
  return request<ExportTemplate>(`${exportTemplatesPath(owner)}/${enc(id)}`, { method: 'PATCH', body });
}

export function deleteExportTemplate(owner: TemplateOwner, id: string) {
  return request<void>(`${exportTemplatesPath(owner)}/${enc(id)}`, { method: 'DELETE' });
}

// ── E-mail templates ─────────────────────────────────────────────────────────────────────────────

export type EmailTemplateList = ResponseOf<typeof listCompanyEmailTemplates>;
export type EmailTemplateRow = EmailTemplateList['items'][number];

/** Whose e-mail templates: an organization's, a company's, or the platform's (DMS Admin). */
export type EmailTemplateOwner = TemplateOwner | { platform: true };

export const emailTemplatesPath = (owner: EmailTemplateOwner) =>
  'platform' in owner
    ? '/api/platform-email-templates'
    : 'companyId' in owner
      ? `/api/companies/${enc(owner.companyId)}/email_templates`
      : `/api/organizations/${enc(owner.organizationId)}/email_templates`;

/** The platform's list has no plan_supports_templates: its texts are not tied to a plan. */
export function useEmailTemplates(owner: EmailTemplateOwner | null) {
  return useSWR<EmailTemplateList | ResponseOf<typeof listPlatformEmailTemplates>, ApiError>(owner ? emailTemplatesPath(owner) : null);
}

export function saveEmailTemplate(owner: EmailTemplateOwner, type: EmailType, body: RequestBodyOf<typeof putCompanyEmailTemplate>) {
  return request<EmailTemplateRow>(`${emailTemplatesPath(owner)}/${enc(type)}`, { method: 'PUT', body });
}

export function resetEmailTemplate(owner: EmailTemplateOwner, type: EmailType) {
  return request<EmailTemplateRow>(`${emailTemplatesPath(owner)}/${enc(type)}`, { method: 'DELETE' });
}
