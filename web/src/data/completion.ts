import useSWR from 'swr';
import type { ApiError } from '../api/errors';
import { request } from '../api/request';
import { comparisonPath } from './comparisons';
import type { ListPage } from './list';

/** SWR hooks and writes of people, e-mail, export and completion of a comparison (issue 6). */
const enc = encodeURIComponent;

export interface Assignee {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  role: string;
}

export interface ComparisonAssignees extends ListPage<Assignee> {
  auditor_user_id: string | null;
  verifier_user_id: string | null;
}

export interface CompletionChecklist {
  ok: boolean;
  blockers: string[];
  overridden: boolean;
  counts: { discrepancies: number; unresolved_discrepancies: number; missing: number; undecided_missing: number };
  verification: { verifier_assigned: boolean; awaiting_approval: number; sent_back: number; signed_off: boolean };
  complete: boolean;
  completed_at: string | null;
  completed_by_user_id: string | null;
  completion_override: boolean;
  can_override: boolean;
}

export type ExportKind = 'DISCREPANCIES' | 'MERGED';

export interface ExportResult {
  url: string;
  kind: ExportKind;
  file_name: string;
}

export const assigneesPath = (companyId: string, comparisonId: string) => `${comparisonPath(companyId, comparisonId)}/eligible_assignees`;
export const completionPath = (companyId: string, comparisonId: string) => `${comparisonPath(companyId, comparisonId)}/completion`;

export function useComparisonAssignees(companyId: string, comparisonId: string) {
  return useSWR<ComparisonAssignees, ApiError>(assigneesPath(companyId, comparisonId));
}

export function useCompletion(companyId: string, comparisonId: string) {
  return useSWR<CompletionChecklist, ApiError>(completionPath(companyId, comparisonId));
}

export function sendComparison(companyId: string, comparisonId: string, to: 'verifier' | 'auditor') {
  return request<{ sent: boolean; recipient_user_id: string }>(`${comparisonPath(companyId, comparisonId)}/send_to_${to}`, { method: 'POST' });
}

export interface CompleteAnswer {
  overridden: boolean;
  blockers: string[];
}

export function completeComparison(companyId: string, comparisonId: string, body: { override?: boolean; note?: string | null }) {
  return request<CompleteAnswer>(`${comparisonPath(companyId, comparisonId)}/complete`, { method: 'POST', body });
}

export function exportComparison(companyId: string, comparisonId: string, kind: ExportKind) {
  return request<ExportResult>(`${comparisonPath(companyId, comparisonId)}/export`, { method: 'POST', body: { kind } });
}

// ── Export columns templates ─────────────────────────────────────────────────────────────────────

export interface ExportTemplateColumn {
  id?: string;
  baseline_column_name: string | null;
  secondary_column_name: string | null;
  index: number;
  renamed_column_name: string | null;
  formatting_rule: 'SSN_WITH_DASHES' | 'SSN_WITHOUT_DASHES' | null;
}

export interface ExportTemplate {
  id: string;
  name: string;
  organization_id: string;
  company_id: string | null;
  level: 'COMPANY' | 'ORGANIZATION';
  columns: ExportTemplateColumn[];
  updated_at: string;
}

export type TemplateOwner = { organizationId: string } | { companyId: string };

export const exportTemplatesPath = (owner: TemplateOwner) =>
  'companyId' in owner ? `/api/companies/${enc(owner.companyId)}/export_columns_templates` : `/api/organizations/${enc(owner.organizationId)}/export_columns_templates`;

export function useExportTemplates(owner: TemplateOwner | null) {
  return useSWR<ListPage<ExportTemplate>, ApiError>(owner ? exportTemplatesPath(owner) : null);
}

export function useExportTemplate(owner: TemplateOwner | null, id: string | undefined) {
  return useSWR<ExportTemplate, ApiError>(owner && id ? `${exportTemplatesPath(owner)}/${enc(id)}` : null);
}

export type ExportTemplateInput = { name: string; columns: Omit<ExportTemplateColumn, 'id'>[] };

export function createExportTemplate(owner: TemplateOwner, body: ExportTemplateInput) {
  return request<ExportTemplate>(exportTemplatesPath(owner), { method: 'POST', body });
}

export function updateExportTemplate(owner: TemplateOwner, id: string, body: Partial<ExportTemplateInput> & { updated_at: string }) {
  return request<ExportTemplate>(`${exportTemplatesPath(owner)}/${enc(id)}`, { method: 'PATCH', body });
}

export function deleteExportTemplate(owner: TemplateOwner, id: string) {
  return request<void>(`${exportTemplatesPath(owner)}/${enc(id)}`, { method: 'DELETE' });
}

// ── E-mail templates ─────────────────────────────────────────────────────────────────────────────

export interface EmailTemplateRow {
  id: string | null;
  email_type: string;
  label: string;
  subject: string;
  body: string;
  source: 'COMPANY' | 'ORGANIZATION' | 'PLATFORM' | 'DEFAULT';
  customized: boolean;
  placeholders: string[];
  updated_at: string | null;
}

export interface EmailTemplateList extends ListPage<EmailTemplateRow> {
  plan_supports_templates?: boolean;
}

export const emailTemplatesPath = (owner: TemplateOwner) =>
  'companyId' in owner ? `/api/companies/${enc(owner.companyId)}/email_templates` : `/api/organizations/${enc(owner.organizationId)}/email_templates`;

export function useEmailTemplates(owner: TemplateOwner | null) {
  return useSWR<EmailTemplateList, ApiError>(owner ? emailTemplatesPath(owner) : null);
}

export function saveEmailTemplate(owner: TemplateOwner, type: string, body: { subject: string; body: string; updated_at?: string }) {
  return request<EmailTemplateRow>(`${emailTemplatesPath(owner)}/${enc(type)}`, { method: 'PUT', body });
}

export function resetEmailTemplate(owner: TemplateOwner, type: string) {
  return request<EmailTemplateRow>(`${emailTemplatesPath(owner)}/${enc(type)}`, { method: 'DELETE' });
}
