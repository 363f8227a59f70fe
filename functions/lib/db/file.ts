import { Entity } from 'electrodb';
import { createdAt, idAttribute, optionalNumber, optionalString, updatedAt } from './attributes';

// Access patterns:
// - byComparison: the files of a comparison (baseline and secondary), tenant in the key.
// The bytes live in S3 at `storage_key`; parsed rows as gzipped JSON lines at `parsed_key`.
export const FileEntity = new Entity({
  model: { entity: 'file', version: '1', service: 'dvp' },
  attributes: {
    id: idAttribute,
    organization_id: { type: 'string', required: true, readOnly: true },
    company_id: { type: 'string', required: true, readOnly: true },
    comparison_id: { type: 'string', required: true, readOnly: true },
    file_type: { type: 'string', required: true },
    name: { type: 'string', required: true },
    size: optionalNumber,
    content_type: optionalString,
    storage_key: { type: 'string', required: true },
    /** While a file above the multipart threshold goes up in parts: its S3 upload and part size. */
    upload_id: optionalString,
    part_size: optionalNumber,
    parsed_key: optionalString,
    /**
     * The identifier columns stored again column by column beside the parsed rows (at
     * parsedColumnsKey(parsed_key)): [{ index, start, end }], each column's place among `columns`
     * and its bytes there. Absent for files read before it was kept.
     */
    parsed_columns: { type: 'any' },
    /**
     * UPLOADING until read; PARSING while a parse job runs; then PARSED, or FAILED with `error`. A
     * file read before keeps its last good reading when a new read fails: PARSED with `error`.
     */
    status: { type: 'string', required: true, default: 'UPLOADING' },
    error: optionalString,
    /** The HTTP status the parse route answers for `error` (400, or 413 when too large) and the worksheets to offer. */
    error_detail: { type: 'any' },
    /** The parse job that owns the record: a newer request supersedes an older one's writes. */
    parse_id: optionalString,
    /** While PARSING: { rows_read, bytes_read } of the job. */
    parse_progress: { type: 'any' },
    worksheet_name: optionalString,
    worksheets: { type: 'any' },
    columns: { type: 'list', items: { type: 'string' } },
    row_count: optionalNumber,
    /** Per column of `columns`: the rows whose cell is not blank, counted over the whole file. Absent for files read before it was counted. */
    filled_counts: { type: 'list', items: { type: 'number' } },
    header_row_index: optionalNumber,
    renamed: { type: 'boolean', default: false },
    source_file_type: optionalString,
    created_at: createdAt,
    updated_at: updatedAt,
  },
  indexes: {
    byComparison: {
      pk: { field: 'pk', composite: ['company_id', 'comparison_id'] },
      sk: { field: 'sk', composite: ['id'] },
    },
  },
});
