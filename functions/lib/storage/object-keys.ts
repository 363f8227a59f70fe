/**
 * Where a comparison's objects live in the uploads bucket. Every key is built from one of the
 * comparison's prefixes below, so deleting a comparison can empty those prefixes without knowing
 * which files, parse jobs, runs or exports ever existed. Free of SDK imports: the CDK stack reads
 * EXPORTS_PREFIX for its lifecycle rule.
 */

export interface ComparisonIds {
  organizationId: string;
  companyId: string;
  comparisonId: string;
}

/** Export workbooks; the bucket's lifecycle rule expires everything under it. */
export const EXPORTS_PREFIX = 'exports/';

/**
 * Carrier file conversions (an original and its converted workbook, full of SSNs and birth dates):
 * the bucket's lifecycle rule expires them CONVERSION_RETENTION_DAYS after their last use, which
 * rewrites them in place (functions/lib/carrier-file-conversions/conversions.ts) so S3 counts from there.
 */
export const CONVERSIONS_PREFIX = 'conversions/';
export const CONVERSION_RETENTION_DAYS = 30;

/** Every object of one conversion of a company. */
export const conversionPrefix = (ids: { organizationId: string; companyId: string; conversionId: string }) =>
  `${CONVERSIONS_PREFIX}${ids.organizationId}/${ids.companyId}/${ids.conversionId}/`;

// The trailing slash keeps comparison `abc` from matching the objects of comparison `abcd`.
const uploadsPrefix = (ids: ComparisonIds) => `uploads/${ids.organizationId}/${ids.companyId}/${ids.comparisonId}/`;
const parsedPrefix = (ids: ComparisonIds) => `parsed/${ids.organizationId}/${ids.companyId}/${ids.comparisonId}/`;
const exportsPrefix = (ids: ComparisonIds) => `${EXPORTS_PREFIX}${ids.organizationId}/${ids.companyId}/${ids.comparisonId}/`;
// Run keys predate the organization level and are kept as they are, so existing runs stay readable.
const runsPrefix = (ids: Pick<ComparisonIds, 'companyId' | 'comparisonId'>) => `runs/${ids.companyId}/${ids.comparisonId}/`;

/** Every prefix holding objects of the comparison: uploads, parsed rows, run snapshots and exports. */
export function comparisonPrefixes(ids: ComparisonIds): string[] {
  return [uploadsPrefix(ids), parsedPrefix(ids), runsPrefix(ids), exportsPrefix(ids)];
}

export function uploadKey(ids: ComparisonIds & { fileId: string }, extension: string) {
  return `${uploadsPrefix(ids)}${ids.fileId}${extension}`;
}

/** One object per parse job, so a late or superseded job never overwrites the rows a newer one stored. */
export function parsedKey(ids: ComparisonIds & { fileId: string; parseId: string }) {
  return `${parsedPrefix(ids)}${ids.fileId}/${ids.parseId}.jsonl.gz`;
}

/**
 * The identifier columns stored beside a parse job's rows (functions/lib/files/parsed-columns.ts):
 * named after the rows' key, so whatever deletes the rows deletes them too (parsedObjectKeys).
 */
export function parsedColumnsKey(parsedRowsKey: string) {
  return `${parsedRowsKey.replace(/\.jsonl\.gz$/, '')}.columns.gz`;
}

/** Where each part of a parse job's rows is (functions/lib/files/parsed-rows.ts), named as the columns are. */
export function parsedPartsKey(parsedRowsKey: string) {
  return `${parsedRowsKey.replace(/\.jsonl\.gz$/, '')}.parts.json`;
}

/** Every object a parse job stores, named from its rows' key: what goes when that reading goes. */
export function parsedObjectKeys(parsedRowsKey: string): string[] {
  return [parsedRowsKey, parsedColumnsKey(parsedRowsKey), parsedPartsKey(parsedRowsKey)];
}

/** A file of one pipeline run (its config snapshot, result writes left for the next task). */
export function runKey(run: { company_id: string; comparison_id: string; run_id: string }, name: string) {
  return `${runsPrefix({ companyId: run.company_id, comparisonId: run.comparison_id })}${run.run_id}/${name}`;
}

/** A new export workbook; `name` makes it unique (a time stamp and an id). */
export function exportKey(ids: ComparisonIds, name: string) {
  return `${exportsPrefix(ids)}${name}`;
}
