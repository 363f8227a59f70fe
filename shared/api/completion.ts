import { z } from 'zod';
import { comparisonAssigneesResponse, completeRefusedResponse, completeResponse, completeSchema, completionResponse, handOverResponse } from '../schemas/completion';
import { correctionFileRequestSchema, correctionFileResponse } from '../schemas/correction-file';
import { emailTemplatePutSchema, emailTemplateResponse, emailTypeParam, emailTemplateListResponse, levelEmailTemplateListResponse } from '../schemas/email-template';
import {
  exportColumnsPutSchema,
  exportColumnsResponse,
  exportColumnsTemplateCreateSchema,
  exportColumnsTemplateUpdateSchema,
  exportRequestSchema,
  exportResultResponse,
  exportTemplateListResponse,
  exportTemplateResponse,
} from '../schemas/export-columns';
import { endpoint } from './endpoint';
import { comparisonParams } from './results';

/**
 * People, e-mail, export and completion of a comparison: eligible assignees, hand-over
 * e-mails, the completion checklist, export columns and their templates, the Excel exports, and
 * the e-mail templates at platform, organization and company level. A complete comparison is
 * read-only: its writes answer 409.
 */
const COMPANY = '/api/companies/{company_id}';
const ORG = '/api/organizations/{organization_id}';
const COMPARISON = `${COMPANY}/comparisons/{comparison_id}`;

const companyParams = z.object({ company_id: z.string().min(1) });
const organizationParams = z.object({ organization_id: z.string().min(1) });

// ── People and completion ────────────────────────────────────────────────────────────────────────

export const getComparisonAssignees = endpoint({
  method: 'GET',
  path: `${COMPARISON}/eligible_assignees`,
  gate: 'company',
  summary: 'Who may be auditor or verifier of the comparison, and who is now',
  params: comparisonParams,
  response: comparisonAssigneesResponse,
});

export const sendToVerifier = endpoint({
  method: 'POST',
  path: `${COMPARISON}/send_to_verifier`,
  gate: 'company',
  summary: 'E-mails the assigned verifier (COMPARISON_TO_VERIFIER) with the verifier memo',
  params: comparisonParams,
  response: handOverResponse,
  errors: [409],
});

export const sendToAuditor = endpoint({
  method: 'POST',
  path: `${COMPARISON}/send_to_auditor`,
  gate: 'company.verify',
  summary: 'E-mails the assigned auditor (COMPARISON_TO_AUDITOR) with the auditor memo',
  params: comparisonParams,
  response: handOverResponse,
  errors: [409],
});

export const getCompletion = endpoint({
  method: 'GET',
  path: `${COMPARISON}/completion`,
  gate: 'company',
  summary: 'The completion checklist: what blocks COMPLETE, the counts, the verifier sign-off',
  params: comparisonParams,
  response: completionResponse,
});

/**
 * The route table does not name this endpoint yet: when open items block COMPLETE it answers 400
 * with `blockers`, `counts` and `verification` beside the message, beyond the one error shape.
 * The web takes its types from here all the same.
 */
export const completeComparison = endpoint({
  method: 'POST',
  path: `${COMPARISON}/complete`,
  gate: 'company',
  summary: 'Completes the comparison when the checklist allows, or over its open items by a role allowed to (400 lists the blockers)',
  params: comparisonParams,
  // No body at all is an empty one.
  body: completeSchema.optional().transform((b) => b ?? {}),
  response: completeResponse,
  errors: [403, 409],
  errorBodies: { 400: completeRefusedResponse },
});

// ── Export columns and the export ────────────────────────────────────────────────────────────────

export const getExportColumns = endpoint({
  method: 'GET',
  path: `${COMPARISON}/export_columns`,
  gate: 'company',
  summary: 'The export columns of the merged export, the plan they give against the files, and those the files lack',
  params: comparisonParams,
  response: exportColumnsResponse,
});

export const putExportColumns = endpoint({
  method: 'PUT',
  path: `${COMPARISON}/export_columns`,
  gate: 'company',
  summary: 'Replaces the export columns in one write (an empty list: every baseline column)',
  params: comparisonParams,
  body: exportColumnsPutSchema,
  response: exportColumnsResponse,
  errors: [409],
});

export const applyExportTemplate = endpoint({
  method: 'POST',
  path: `${COMPARISON}/export_columns/apply_template`,
  gate: 'company',
  summary: "A template's columns replace the export columns",
  params: comparisonParams,
  body: z.object({ template_id: z.string({ error: 'Choose a template' }).min(1, { error: 'Choose a template' }) }).strict(),
  response: exportColumnsResponse,
  errors: [409],
});

export const exportComparison = endpoint({
  method: 'POST',
  path: `${COMPARISON}/export`,
  gate: 'company',
  summary: 'Writes the discrepancies or the merged data set as .xlsx and answers a presigned link to it',
  params: comparisonParams,
  body: exportRequestSchema,
  response: exportResultResponse,
});

export const createCorrectionFile = endpoint({
  method: 'POST',
  path: `${COMPARISON}/correction_files`,
  gate: 'company',
  summary: "Writes the correction file for the carrier from a complete comparison's findings that say the carrier is wrong: an .xlsx in the carrier file's layout or an 834 change file",
  params: comparisonParams,
  body: correctionFileRequestSchema,
  response: correctionFileResponse,
  errors: [409],
});

// ── Export columns templates ─────────────────────────────────────────────────────────────────────

const companyTemplateParams = companyParams.extend({ export_columns_template_id: z.string().min(1) });
const organizationTemplateParams = organizationParams.extend({ export_columns_template_id: z.string().min(1) });

export const listCompanyExportTemplates = endpoint({
  method: 'GET',
  path: `${COMPANY}/export_columns_templates`,
  gate: 'company',
  summary: "The company's export columns templates and its organization's",
  params: companyParams,
  response: exportTemplateListResponse,
});

export const createCompanyExportTemplate = endpoint({
  method: 'POST',
  path: `${COMPANY}/export_columns_templates`,
  gate: 'company',
  summary: 'Saves an export columns template for the company',
  params: companyParams,
  body: exportColumnsTemplateCreateSchema,
  status: 201,
  response: exportTemplateResponse,
});

export const getCompanyExportTemplate = endpoint({
  method: 'GET',
  path: `${COMPANY}/export_columns_templates/{export_columns_template_id}`,
  gate: 'company',
  summary: "An export columns template the company sees (its own or its organization's)",
  params: companyTemplateParams,
  response: exportTemplateResponse,
});

export const updateCompanyExportTemplate = endpoint({
  method: 'PATCH',
  path: `${COMPANY}/export_columns_templates/{export_columns_template_id}`,
  gate: 'company',
  summary: "The name or columns of one of the company's own templates",
  params: companyTemplateParams,
  body: exportColumnsTemplateUpdateSchema,
  response: exportTemplateResponse,
  errors: [409],
});

export const deleteCompanyExportTemplate = endpoint({
  method: 'DELETE',
  path: `${COMPANY}/export_columns_templates/{export_columns_template_id}`,
  gate: 'company',
  summary: "Deletes one of the company's own templates",
  params: companyTemplateParams,
  status: 204,
  response: null,
});

export const listOrganizationExportTemplates = endpoint({
  method: 'GET',
  path: `${ORG}/export_columns_templates`,
  gate: 'organization',
  summary: "The organization's export columns templates and its companies'",
  params: organizationParams,
  response: exportTemplateListResponse,
});

export const createOrganizationExportTemplate = endpoint({
  method: 'POST',
  path: `${ORG}/export_columns_templates`,
  gate: 'organization',
  summary: 'Saves an export columns template for the organization',
  params: organizationParams,
  body: exportColumnsTemplateCreateSchema,
  status: 201,
  response: exportTemplateResponse,
});

export const getOrganizationExportTemplate = endpoint({
  method: 'GET',
  path: `${ORG}/export_columns_templates/{export_columns_template_id}`,
  gate: 'organization',
  summary: 'An export columns template of the organization or of one of its companies',
  params: organizationTemplateParams,
  response: exportTemplateResponse,
});

export const updateOrganizationExportTemplate = endpoint({
  method: 'PATCH',
  path: `${ORG}/export_columns_templates/{export_columns_template_id}`,
  gate: 'organization',
  summary: 'The name or columns of an export columns template',
  params: organizationTemplateParams,
  body: exportColumnsTemplateUpdateSchema,
  response: exportTemplateResponse,
  errors: [409],
});

export const deleteOrganizationExportTemplate = endpoint({
  method: 'DELETE',
  path: `${ORG}/export_columns_templates/{export_columns_template_id}`,
  gate: 'organization',
  summary: 'Deletes an export columns template',
  params: organizationTemplateParams,
  status: 204,
  response: null,
});

// ── E-mail templates ─────────────────────────────────────────────────────────────────────────────

const organizationEmailParams = organizationParams.extend({ email_type: emailTypeParam });
const companyEmailParams = companyParams.extend({ email_type: emailTypeParam });

export const listPlatformEmailTemplates = endpoint({
  method: 'GET',
  path: '/api/platform-email-templates',
  gate: 'platform.lists',
  summary: "Every e-mail type with the platform's text (stored, else the default)",
  response: emailTemplateListResponse,
});

const platformEmailParams = z.object({ email_type: emailTypeParam });

export const putPlatformEmailTemplate = endpoint({
  method: 'PUT',
  path: '/api/platform-email-templates/{email_type}',
  gate: 'platform.lists',
  summary: "The platform's text of an e-mail type, used wherever an organization or company has none of its own",
  params: platformEmailParams,
  body: emailTemplatePutSchema,
  response: emailTemplateResponse,
  errors: [409],
});

export const deletePlatformEmailTemplate = endpoint({
  method: 'DELETE',
  path: '/api/platform-email-templates/{email_type}',
  gate: 'platform.lists',
  summary: 'Returns an e-mail type to the built-in default text; answers the text now used',
  params: platformEmailParams,
  response: emailTemplateResponse,
});

export const listOrganizationEmailTemplates = endpoint({
  method: 'GET',
  path: `${ORG}/email_templates`,
  gate: 'organization',
  summary: "Per e-mail type, the text a send would use for the organization and where it comes from",
  params: organizationParams,
  response: levelEmailTemplateListResponse,
});

export const putOrganizationEmailTemplate = endpoint({
  method: 'PUT',
  path: `${ORG}/email_templates/{email_type}`,
  gate: 'organization',
  summary: "The organization's own text of an e-mail type (needs a plan with custom e-mail templates)",
  params: organizationEmailParams,
  body: emailTemplatePutSchema,
  response: emailTemplateResponse,
  errors: [403, 409],
});

export const deleteOrganizationEmailTemplate = endpoint({
  method: 'DELETE',
  path: `${ORG}/email_templates/{email_type}`,
  gate: 'organization',
  summary: "Returns an e-mail type to the platform's text; answers the text now used",
  params: organizationEmailParams,
  response: emailTemplateResponse,
  errors: [403],
});

export const listCompanyEmailTemplates = endpoint({
  method: 'GET',
  path: `${COMPANY}/email_templates`,
  gate: 'company',
  summary: 'Per e-mail type, the text a send would use for the company and where it comes from',
  params: companyParams,
  response: levelEmailTemplateListResponse,
});

export const putCompanyEmailTemplate = endpoint({
  method: 'PUT',
  path: `${COMPANY}/email_templates/{email_type}`,
  gate: 'company',
  summary: "The company's own text of an e-mail type (needs a plan with custom e-mail templates)",
  params: companyEmailParams,
  body: emailTemplatePutSchema,
  response: emailTemplateResponse,
  errors: [403, 409],
});

export const deleteCompanyEmailTemplate = endpoint({
  method: 'DELETE',
  path: `${COMPANY}/email_templates/{email_type}`,
  gate: 'company',
  summary: "Returns an e-mail type to the organization's (or platform's) text; answers the text now used",
  params: companyEmailParams,
  response: emailTemplateResponse,
  errors: [403],
});
