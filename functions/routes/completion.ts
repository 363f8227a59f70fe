import * as api from '../../shared/api/completion';
import { routeOf, type RouteDef } from './types';

/**
 * People, e-mail, export and completion of a comparison: eligible assignees, hand-over
 * e-mails, the completion checklist and COMPLETE, export columns and their templates, the Excel
 * exports, and the e-mail templates (platform, organization, company). Handlers are thin modules
 * over functions/lib/completion/. The export streams a whole workbook: longer timeout, more memory.
 */
const heavy = { timeoutSeconds: 300, memoryMb: 3008 };

export const completionRoutes: RouteDef[] = [
  routeOf(api.getComparisonAssignees, 'api/completion/eligible-assignees'),
  routeOf(api.sendToVerifier, 'api/completion/send-to-verifier'),
  routeOf(api.sendToAuditor, 'api/completion/send-to-auditor'),
  routeOf(api.getCompletion, 'api/completion/checklist'),
  routeOf(api.completeComparison, 'api/completion/complete'),

  routeOf(api.getExportColumns, 'api/export/columns-get'),
  routeOf(api.putExportColumns, 'api/export/columns-put'),
  routeOf(api.applyExportTemplate, 'api/export/apply-template'),
  routeOf(api.exportComparison, 'api/export/export', heavy),
  routeOf(api.createCorrectionFile, 'api/export/correction-file', heavy),

  routeOf(api.listCompanyExportTemplates, 'api/export-templates/company-list'),
  routeOf(api.createCompanyExportTemplate, 'api/export-templates/company-create'),
  routeOf(api.getCompanyExportTemplate, 'api/export-templates/company-get'),
  routeOf(api.updateCompanyExportTemplate, 'api/export-templates/company-update'),
  routeOf(api.deleteCompanyExportTemplate, 'api/export-templates/company-delete'),
  routeOf(api.listOrganizationExportTemplates, 'api/export-templates/organization-list'),
  routeOf(api.createOrganizationExportTemplate, 'api/export-templates/organization-create'),
  routeOf(api.getOrganizationExportTemplate, 'api/export-templates/organization-get'),
  routeOf(api.updateOrganizationExportTemplate, 'api/export-templates/organization-update'),
  routeOf(api.deleteOrganizationExportTemplate, 'api/export-templates/organization-delete'),

  routeOf(api.listPlatformEmailTemplates, 'api/email-templates/platform-list'),
  routeOf(api.putPlatformEmailTemplate, 'api/email-templates/platform-put'),
  routeOf(api.deletePlatformEmailTemplate, 'api/email-templates/platform-delete'),
  routeOf(api.listOrganizationEmailTemplates, 'api/email-templates/organization-list'),
  routeOf(api.putOrganizationEmailTemplate, 'api/email-templates/organization-put'),
  routeOf(api.deleteOrganizationEmailTemplate, 'api/email-templates/organization-delete'),
  routeOf(api.listCompanyEmailTemplates, 'api/email-templates/company-list'),
  routeOf(api.putCompanyEmailTemplate, 'api/email-templates/company-put'),
  routeOf(api.deleteCompanyEmailTemplate, 'api/email-templates/company-delete'),
];
