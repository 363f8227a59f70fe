import { Entity } from 'electrodb';
import { createdAt, idAttribute, optionalNumber, optionalString, updatedAt } from './attributes';

// Access patterns:
// - byCompany: one conversion by id, and a company's conversions (tenant in the key).
// The original lives in S3 at `original_key` (under the conversions prefix of its company), the
// converted workbook at `converted_key` once a conversion succeeded. Both expire
// CONVERSION_RETENTION_DAYS after `last_used_at`, and so does the record.
export const CarrierFileConversionEntity = new Entity({
  model: { entity: 'carrierFileConversion', version: '1', service: 'dvp' },
  attributes: {
    id: idAttribute,
    organization_id: { type: 'string', required: true, readOnly: true },
    company_id: { type: 'string', required: true, readOnly: true },
    source_file_type: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true, readOnly: true },
    size: optionalNumber,
    content_type: optionalString,
    original_key: { type: 'string', required: true, readOnly: true },
    /** UPLOADING until converted; CONVERTING while a conversion runs; CONVERTED with `converted_key` and counts; FAILED with `error`. */
    status: { type: 'string', required: true, default: 'UPLOADING' },
    error: optionalString,
    converted_key: optionalString,
    converted_name: optionalString,
    worksheet_name: optionalString,
    header_row: optionalNumber,
    /** { members, employees, dependents, coverage_lines, rows_read, rows_written, unplaced_rows } */
    counts: { type: 'any' },
    /** The first unplaced rows: [{ row, reason }]; counts by reason in unplaced_by_reason. */
    unplaced: { type: 'any' },
    unplaced_by_reason: { type: 'any' },
    ignored_columns: { type: 'list', items: { type: 'string' } },
    /** Comparisons the converted file was attached to, latest last. */
    used_in_comparison_ids: { type: 'list', items: { type: 'string' } },
    created_by_user_id: { type: 'string', required: true, readOnly: true },
    converted_at: optionalString,
    /** When it was last uploaded, converted, previewed, downloaded or attached (absent on records from before: updated_at). */
    last_used_at: optionalString,
    created_at: createdAt,
    updated_at: updatedAt,
  },
  indexes: {
    byCompany: {
      pk: { field: 'pk', composite: ['organization_id', 'company_id'] },
      sk: { field: 'sk', composite: ['id'] },
    },
  },
});
