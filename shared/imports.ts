/**
 * The three imports of an organization (SPEC §2: /organizations/{id}/import,
 * import-company-carriers, import-company-carrier-plans): their columns, in template order. The
 * API parses and checks rows with them; the web shows them beside the upload.
 */

export const IMPORT_KINDS = ['companies', 'company_carriers', 'company_carrier_plans'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export interface ImportColumn {
  /** The header in the template; matched case-insensitively, ignoring spaces and punctuation. */
  header: string;
  /** The body field it fills (or, for names of other records, the lookup it drives). */
  field: string;
  required?: boolean;
  /** What to type, shown under the header in the web page. */
  hint?: string;
}

const DATE_HINT = 'yyyy-MM-dd or MM/dd/yyyy';
const YES_NO = 'Yes or No';

export const IMPORT_COLUMNS: Readonly<Record<ImportKind, readonly ImportColumn[]>> = {
  companies: [
    { header: 'Company Name', field: 'name', required: true },
    { header: 'Benefit Admin System', field: 'benefit_admin_system', hint: "One of the organization's benefit admin systems" },
    { header: 'First Demo Date', field: 'first_demo_date', hint: DATE_HINT },
    { header: 'Activation Date', field: 'activation_date', hint: DATE_HINT },
    { header: 'Notes', field: 'notes' },
  ],
  company_carriers: [
    { header: 'Company Name', field: 'company_name', required: true, hint: 'An existing company of this organization' },
    { header: 'Carrier Name', field: 'carrier_name', required: true, hint: 'A carrier of the platform list' },
    { header: 'Group Number', field: 'group_number' },
    { header: 'Renewal Month', field: 'renewal_month', hint: 'January … December' },
    { header: 'Renewal Kickoff Days In Advance', field: 'renewal_kickoff_days_in_advance', hint: '30 to 90' },
    { header: 'Carrier Invoice Day Of Month', field: 'carrier_invoice_day_of_month', hint: '1 to 28, or End of Month' },
    { header: 'Eligibility Management Type', field: 'eligibility_management_type' },
    { header: 'Inception Date', field: 'inception_date', hint: DATE_HINT },
    { header: 'End Date', field: 'end_date', hint: DATE_HINT },
    { header: 'Audit Service', field: 'audit_service', hint: YES_NO },
    { header: 'Disable Renewals', field: 'disable_renewals', hint: YES_NO },
    { header: 'Contact Name', field: 'contact_name' },
    { header: 'Contact Email', field: 'contact_email' },
    { header: 'Contact Phone', field: 'contact_phone' },
    { header: 'Secondary Contact Name', field: 'secondary_contact_name' },
    { header: 'Secondary Contact Email', field: 'secondary_contact_email' },
    { header: 'Secondary Contact Phone', field: 'secondary_contact_phone' },
    { header: 'Notes', field: 'notes' },
  ],
  company_carrier_plans: [
    { header: 'Company Name', field: 'company_name', required: true, hint: 'An existing company of this organization' },
    { header: 'Carrier Name', field: 'carrier_name', required: true, hint: 'A carrier the company already has' },
    { header: 'Carrier Group Number', field: 'carrier_group_number', hint: 'Only when the company has this carrier more than once' },
    { header: 'Plan Name', field: 'name', required: true },
    { header: 'Benefit Type', field: 'benefit_type', required: true },
    { header: 'Group Number', field: 'group_number' },
    { header: 'Eligibility Management Type', field: 'eligibility_management_type' },
    { header: 'Number Of Eligible', field: 'number_of_eligible' },
    { header: 'Number Of Enrolled', field: 'number_of_enrolled' },
    { header: 'Disable Renewals', field: 'disable_renewals', hint: YES_NO },
    { header: 'Notes', field: 'notes' },
  ],
};

export const IMPORT_TITLES: Readonly<Record<ImportKind, string>> = {
  companies: 'Companies',
  company_carriers: 'Company Carriers',
  company_carrier_plans: 'Company Carrier Plans',
};

/** Upload ceiling for an import file (sent base64 in JSON; see docs/imports.md). */
export const MAX_IMPORT_FILE_BYTES = 4 * 1024 * 1024;
/** Rows per import. */
export const MAX_IMPORT_ROWS = 5000;

/** Where DMS Admins keep the platform's carrier catalog, which company carrier imports choose from. */
export const CARRIER_CATALOG_PAGE = '/admin/carriers';

export const unknownCarrierMessage = (name: string) =>
  `Unknown carrier "${name}": it is not in the platform's carrier catalog (Carriers, ${CARRIER_CATALOG_PAGE}), where a DMS Admin adds it`;
export const inactiveCarrierMessage = (name: string) =>
  `Carrier "${name}" is inactive in the platform's carrier catalog (Carriers, ${CARRIER_CATALOG_PAGE}), where a DMS Admin can reactivate it`;

/** Header text compared loosely: 'Company Name', 'company_name' and 'COMPANY NAME ' are the same. */
export const normalizeHeader = (header: string) => header.toLowerCase().replace(/[^a-z0-9]/g, '');
