import { EmailTemplateEntity } from './email-template';
import { ExportColumnEntity } from './export-column';
import { ExportColumnsTemplateEntity } from './export-columns-template';
import { PlatformEmailTemplateEntity } from './platform-email-template';

/** Entities of exports and notifications (export columns and templates, e-mail templates). */
export const exportEntities = {
  exportColumn: ExportColumnEntity,
  exportColumnsTemplate: ExportColumnsTemplateEntity,
  emailTemplate: EmailTemplateEntity,
  platformEmailTemplate: PlatformEmailTemplateEntity,
};
