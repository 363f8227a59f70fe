/** The template of an import: a workbook with the header row and a sheet of allowed values. */
import { BenefitType, CALENDAR_DAY_OPTIONS, EligibilityManagementType, Month } from '../../../shared/carriers';
import { IMPORT_COLUMNS, IMPORT_TITLES, type ImportKind } from '../../../shared/imports';
import { BenefitAdminSystem } from '../../../shared/organizations';
import { writeWorkbook } from '../export';

const ALLOWED: Record<string, readonly string[]> = {
  benefit_admin_system: BenefitAdminSystem.options.map((o) => o.label),
  renewal_month: Month.options.map((o) => o.label),
  renewal_kickoff_days_in_advance: ['30 to 90'],
  carrier_invoice_day_of_month: CALENDAR_DAY_OPTIONS.map((o) => o.label),
  eligibility_management_type: EligibilityManagementType.options.map((o) => o.label),
  benefit_type: BenefitType.options.map((o) => o.label),
  audit_service: ['Yes', 'No'],
  disable_renewals: ['Yes', 'No'],
};

export async function importTemplate(kind: ImportKind) {
  const title = IMPORT_TITLES[kind];
  const buffer = await writeWorkbook((workbook) => {
    const sheet = workbook.addWorksheet(title);
    const columns = IMPORT_COLUMNS[kind];
    sheet.columns = columns.map((c) => ({ header: c.header, key: c.field, width: Math.max(14, c.header.length + 4) }));
    const header = sheet.getRow(1);
    header.font = { bold: true };
    columns.forEach((c, i) => {
      if (c.required) header.getCell(i + 1).note = 'Required';
      const allowed = ALLOWED[c.field];
      if (allowed && allowed.length > 1 && allowed.join(',').length < 250) {
        // A dropdown where the list is short enough for an inline Excel list.
        for (let r = 2; r <= 501; r += 1) {
          sheet.getCell(r, i + 1).dataValidation = { type: 'list', allowBlank: true, formulae: [`"${allowed.join(',')}"`] };
        }
      }
    });
    sheet.views = [{ state: 'frozen', ySplit: 1 }];

    const help = workbook.addWorksheet('Allowed values');
    const listed = columns.filter((c) => ALLOWED[c.field] || c.hint);
    help.columns = listed.map((c) => ({ header: c.header, key: c.field, width: Math.max(18, c.header.length + 4) }));
    help.getRow(1).font = { bold: true };
    listed.forEach((c, i) => {
      const values = ALLOWED[c.field] ?? [c.hint!];
      values.forEach((v, r) => (help.getCell(r + 2, i + 1).value = v));
    });
  });
  return {
    name: `${title.toLowerCase().replace(/\s+/g, '-')}-import-template.xlsx`,
    content_type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    content_base64: buffer.toString('base64'),
  };
}
