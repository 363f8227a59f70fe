import type { RouteDef } from './types';

const COMPANY = '/api/companies/{company_id}';
const ORG = '/api/organizations/{organization_id}';
const COMPARISON = `${COMPANY}/comparisons/{comparison_id}`;

/**
 * People, e-mail, export and completion of a comparison (issue 6): eligible assignees, hand-over
 * e-mails, the completion checklist and COMPLETE, export columns and their templates, the Excel
 * exports, and the e-mail templates (platform, organization, company). Handlers are thin modules
 * over functions/lib/completion/. The export streams a whole workbook: longer timeout, more memory.
 */
const heavy = { timeoutSeconds: 300, memoryMb: 3008 };

export const completionRoutes: RouteDef[] = [
  { method: 'GET', path: `${COMPARISON}/eligible_assignees`, handler: 'api/completion/eligible-assignees', access: 'signed-in' },
  { method: 'POST', path: `${COMPARISON}/send_to_verifier`, handler: 'api/completion/send-to-verifier', access: 'signed-in' },
  { method: 'POST', path: `${COMPARISON}/send_to_auditor`, handler: 'api/completion/send-to-auditor', access: 'signed-in' },
  { method: 'GET', path: `${COMPARISON}/completion`, handler: 'api/completion/checklist', access: 'signed-in' },
  { method: 'POST', path: `${COMPARISON}/complete`, handler: 'api/completion/complete', access: 'signed-in' },

  { method: 'GET', path: `${COMPARISON}/export_columns`, handler: 'api/export/columns-get', access: 'signed-in' },
  { method: 'PUT', path: `${COMPARISON}/export_columns`, handler: 'api/export/columns-put', access: 'signed-in' },
  { method: 'POST', path: `${COMPARISON}/export_columns/apply_template`, handler: 'api/export/apply-template', access: 'signed-in' },
  { method: 'POST', path: `${COMPARISON}/export`, handler: 'api/export/export', access: 'signed-in', ...heavy },

  { method: 'GET', path: `${COMPANY}/export_columns_templates`, handler: 'api/export-templates/company-list', access: 'signed-in' },
  { method: 'POST', path: `${COMPANY}/export_columns_templates`, handler: 'api/export-templates/company-create', access: 'signed-in' },
  { method: 'GET', path: `${COMPANY}/export_columns_templates/{export_columns_template_id}`, handler: 'api/export-templates/company-get', access: 'signed-in' },
  { method: 'PATCH', path: `${COMPANY}/export_columns_templates/{export_columns_template_id}`, handler: 'api/export-templates/company-update', access: 'signed-in' },
  { method: 'DELETE', path: `${COMPANY}/export_columns_templates/{export_columns_template_id}`, handler: 'api/export-templates/company-delete', access: 'signed-in' },
  { method: 'GET', path: `${ORG}/export_columns_templates`, handler: 'api/export-templates/organization-list', access: 'signed-in' },
  { method: 'POST', path: `${ORG}/export_columns_templates`, handler: 'api/export-templates/organization-create', access: 'signed-in' },
  { method: 'GET', path: `${ORG}/export_columns_templates/{export_columns_template_id}`, handler: 'api/export-templates/organization-get', access: 'signed-in' },
  { method: 'PATCH', path: `${ORG}/export_columns_templates/{export_columns_template_id}`, handler: 'api/export-templates/organization-update', access: 'signed-in' },
  { method: 'DELETE', path: `${ORG}/export_columns_templates/{export_columns_template_id}`, handler: 'api/export-templates/organization-delete', access: 'signed-in' },

  { method: 'GET', path: '/api/platform-email-templates', handler: 'api/email-templates/platform-list', access: 'signed-in' },
  { method: 'GET', path: `${ORG}/email_templates`, handler: 'api/email-templates/organization-list', access: 'signed-in' },
  { method: 'PUT', path: `${ORG}/email_templates/{email_type}`, handler: 'api/email-templates/organization-put', access: 'signed-in' },
  { method: 'DELETE', path: `${ORG}/email_templates/{email_type}`, handler: 'api/email-templates/organization-delete', access: 'signed-in' },
  { method: 'GET', path: `${COMPANY}/email_templates`, handler: 'api/email-templates/company-list', access: 'signed-in' },
  { method: 'PUT', path: `${COMPANY}/email_templates/{email_type}`, handler: 'api/email-templates/company-put', access: 'signed-in' },
  { method: 'DELETE', path: `${COMPANY}/email_templates/{email_type}`, handler: 'api/email-templates/company-delete', access: 'signed-in' },
];
