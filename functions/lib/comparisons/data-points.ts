import {
  checkIdentifierUniqueness,
  dateParser,
  detectDateFormat,
  isDateColumnName,
  recogniseColumn,
  suggestCompositeIdentifier,
  suggestDataPoints,
  type CompareDataPoint,
} from '../../../shared/compare';
import { patchIfUnchanged } from '../db/optimistic-lock';
import { isSsnRole } from '../../../shared/compare/column-roles';
import { matchesByPerson, missingPersonFields, personFieldsProblem } from '../../../shared/compare/person-fields';
import { formatDay } from '../../../shared/compare/dates';
import { isNameLikeColumn, mappingSetHasNameColumns } from '../../../shared/columns';
import {
  NAME_COLUMNS_RULE,
  UNIQUE_IDENTIFIER_RULE,
  type DataPointInput,
  type DataPointResponse,
  type DataPointSuggestionsResponse,
  type DataPointUpdate,
  type IdentifierCheckResponse,
  type SavedDataPointsResponse,
} from '../../../shared/schemas/data-point';
import { newId } from '../db/attributes';
import { db } from '../db/service';
import { badRequest, notFound } from '../errors';
import { assertEditable, loadComparison } from './comparison-record';
import { requireAction, type CompanyContext } from '../tenancy/company-context';
import { loadMappingForCompany } from './mappings';
import { setAndRemove } from './edits';
import { MAX_TRANSACTION_ITEMS, writeWithComparisonVersion } from './versioned-write';
import { maskIdentifier } from './masking';
import { maskDateOfBirth, sensitiveColumnKind } from '../../../shared/mask';
import { forEachParsedRow, parsedSides, readStoredColumns, sampleRows, type ColumnsOfFile } from './parsed';
import type { DataPointRecord } from './records';
import { dataPointView } from './views';

/** Rows read from the top of each file for suggestions and date previews. */
export const SUGGESTION_SAMPLE_ROWS = 200;
/** Repeated identifiers and blank rows listed in a warning (the counts are always complete). */
const LISTED = 20;

export async function loadDataPoints(ctx: CompanyContext, comparisonId: string): Promise<DataPointRecord[]> {
  const { data } = await db().entities.dataPoint.query.byComparison({ company_id: ctx.companyId, comparison_id: comparisonId }).go({ pages: 'all' });
  return data.sort((a, b) => a.position - b.position);
}

/**
 * The two set rules of the Select data points step, or null when both hold. A comparison matching
 * by person needs the person's fields instead of an identifier.
 */
export function checkDataPointRules(
  points: ReadonlyArray<{ baseline_column_name: string; secondary_column_name: string; is_unique_identifier: boolean }>,
  byPerson = false,
): string | null {
  if (byPerson) {
    const problem = personFieldsProblem(points);
    if (problem) return problem;
  } else if (!points.some((p) => p.is_unique_identifier)) return UNIQUE_IDENTIFIER_RULE;
  if (!hasNamePair(points)) return NAME_COLUMNS_RULE;
  return null;
}

/** SPEC §5 on the chosen pairs: a name-like column among the baseline columns and among the carrier columns. */
function hasNamePair(points: ReadonlyArray<{ baseline_column_name: string; secondary_column_name: string }>): boolean {
  return mappingSetHasNameColumns(
    points.map((p) => p.baseline_column_name),
    points.map((p) => p.secondary_column_name),
  );
}

type DateColumnInfo = DataPointSuggestionsResponse['date_columns']['baseline'][number];

function dateColumns(columns: string[], rows: string[][]): DateColumnInfo[] {
  const out: DateColumnInfo[] = [];
  columns.forEach((name, i) => {
    if (!isDateColumnName(name)) return;
    const values = rows.map((r) => r[i] ?? '').filter((v) => v.trim() !== '');
    const format = detectDateFormat(values, 0.5);
    const parse = format ? dateParser(format) : null;
    // A birth date previews only its shape: the detected format is what the user checks here.
    const shown = sensitiveColumnKind(name) === 'dob' ? (v: string) => maskDateOfBirth(v)! : (v: string) => v;
    out.push({
      column_name: name,
      date_format: format,
      preview: values.slice(0, 3).map((value) => {
        const day = parse ? parse(value) : NaN;
        return { value: shown(value), parsed: Number.isNaN(day) ? null : shown(formatDay(day)) };
      }),
    });
  });
  return out;
}

/** A file's counts of filled cells when they were counted for these columns (the stored rows' header). */
function filledCountsOf(file: { columns?: string[] | null; filled_counts?: number[] | null }, columns: readonly string[]): number[] | null {
  const counts = file.filled_counts;
  const same = file.columns?.length === columns.length && columns.every((c, i) => file.columns![i] === c);
  return counts && same && counts.length === columns.length ? counts : null;
}

/** Step 4: suggested pairs (reason, confidence) and, per date column, its detected format with three previews. */
export async function dataPointSuggestions(ctx: CompanyContext, comparisonId: string): Promise<DataPointSuggestionsResponse> {
  const comparison = await loadComparison(ctx, comparisonId);
  await requireAction(ctx, 'comparison.edit-data-points');
  const sides = await parsedSides(ctx, comparison);
  const [baseline, secondary] = await Promise.all([
    sampleRows(sides.baseline.parsed_key, SUGGESTION_SAMPLE_ROWS),
    sampleRows(sides.secondary.parsed_key, SUGGESTION_SAMPLE_ROWS),
  ]);
  const filled = { baseline: filledCountsOf(sides.baseline, baseline.columns), secondary: filledCountsOf(sides.secondary, secondary.columns) };
  const suggestions = suggestCompositeIdentifier(suggestDataPoints(baseline.columns, secondary.columns, filled), { baseline, secondary }).map((s) => ({
    ...s,
    name_like: isNameLikeColumn(s.baseline_column_name) && isNameLikeColumn(s.secondary_column_name),
    is_date: isDateColumnName(s.baseline_column_name) || isDateColumnName(s.secondary_column_name),
  }));
  return {
    baseline_columns: baseline.columns,
    secondary_columns: secondary.columns,
    suggestions,
    name_like_columns: {
      baseline: baseline.columns.filter(isNameLikeColumn),
      secondary: secondary.columns.filter(isNameLikeColumn),
    },
    date_columns: { baseline: dateColumns(baseline.columns, baseline.rows), secondary: dateColumns(secondary.columns, secondary.rows) },
  };
}

type Side = 'baseline' | 'secondary';

export type IdentifierCheck = IdentifierCheckResponse;
type SideCheck = IdentifierCheck['baseline'];

/**
 * One side's identifier columns only, so memory stays small on big files: from the columns stored
 * beside the parsed rows when they hold them all, else from the rows.
 */
export async function identifierTable(file: ColumnsOfFile, names: string[]): Promise<{ columns: string[]; rows: string[][] }> {
  const stored = await readStoredColumns(file, names);
  if (stored) {
    const rowCount = stored[0]?.length ?? 0;
    const rows: string[][] = new Array(rowCount);
    for (let r = 0; r < rowCount; r += 1) rows[r] = stored.map((cells) => cells[r]!);
    return { columns: names, rows };
  }
  const rows: string[][] = [];
  let positions: number[] | null = null;
  await forEachParsedRow(file.parsed_key, (row, _index, columns) => {
    positions ??= names.map((n) => columns.indexOf(n));
    rows.push(positions.map((i) => row[i] ?? ''));
  });
  return { columns: names, rows };
}

/**
 * Whether the chosen identifier is unique on each side, normalised and mapped exactly as the
 * comparison will; repeated values are listed with SSN-like parts masked.
 */
async function checkIdentifiers(
  sides: { baseline: ColumnsOfFile; secondary: ColumnsOfFile },
  identifiers: CompareDataPoint[],
): Promise<IdentifierCheck> {
  // Matching by person without an identifier: nothing to check, no file read.
  if (identifiers.length === 0) {
    const none: SideCheck = { unique: true, repeated_count: 0, repeated: [], blank_count: 0, blank_row_numbers: [] };
    return { baseline: none, secondary: { ...none } };
  }
  const read = (side: Side) =>
    identifierTable(
      sides[side],
      identifiers.map((d) => (side === 'baseline' ? d.baseline_column_name : d.secondary_column_name)),
    );
  const [baseline, secondary] = await Promise.all([read('baseline'), read('secondary')]);
  const result = checkIdentifierUniqueness({ baseline, secondary }, { data_points: identifiers });
  const ssnColumns = identifiers.map((d) => isSsnRole(recogniseColumn(d.baseline_column_name)) || isSsnRole(recogniseColumn(d.secondary_column_name)));
  const shape = (side: Side): SideCheck => {
    const r = result[side];
    return {
      unique: r.unique,
      repeated_count: r.repeated.length,
      repeated: r.repeated.slice(0, LISTED).map((x) => ({
        unique_identifier: maskIdentifier(x.unique_identifier, ssnColumns),
        count: x.row_indexes.length,
        row_numbers: x.row_indexes.slice(0, 5).map((i) => i + 1),
      })),
      blank_count: r.blank_row_indexes.length,
      blank_row_numbers: r.blank_row_indexes.slice(0, LISTED).map((i) => i + 1),
    };
  };
  return { baseline: shape('baseline'), secondary: shape('secondary') };
}

const SIDE_LABEL: Record<Side, string> = { baseline: 'baseline', secondary: 'carrier' };

function warningsOf(check: IdentifierCheck): string[] {
  const out: string[] = [];
  for (const side of ['baseline', 'secondary'] as const) {
    const c = check[side];
    if (c.repeated_count) {
      const listed = c.repeated.map((r) => `${r.unique_identifier} (${r.count} rows)`).join(', ');
      out.push(
        `The unique identifier is not unique in the ${SIDE_LABEL[side]} file: ${c.repeated_count} value${c.repeated_count === 1 ? '' : 's'} repeat: ${listed}${c.repeated_count > c.repeated.length ? ', …' : ''}. Repeated rows will be reported as duplicates; add a data point to the identifier (for example the benefit type) if one person has several rows.`,
      );
    }
    if (c.blank_count) {
      out.push(
        `${c.blank_count} row${c.blank_count === 1 ? '' : 's'} of the ${SIDE_LABEL[side]} file ${c.blank_count === 1 ? 'has' : 'have'} no value in the identifier column${c.blank_count === 1 ? '' : 's'} (data row${c.blank_count === 1 ? '' : 's'} ${c.blank_row_numbers.join(', ')}${c.blank_count > c.blank_row_numbers.length ? ', …' : ''}); ${c.blank_count === 1 ? 'it' : 'they'} cannot be matched and will be listed as missing.`,
      );
    }
  }
  return out;
}

/** Mapping fields of the data points that name one, for the engine config. */
async function mappingsFor(ctx: CompanyContext, ids: Array<string | null | undefined>) {
  const out = new Map<string, { fields: Array<{ source: string; target: string }> }>();
  for (const id of new Set(ids.filter((x): x is string => !!x))) {
    const mapping = await loadMappingForCompany(ctx, id);
    if (!mapping) throw badRequest('The chosen data mapping does not exist or is not available to this company.', { data_mapping_id: 'Unknown data mapping' });
    out.set(id, { fields: mapping.fields.map((f) => ({ source: f.source, target: f.target })) });
  }
  return out;
}

function engineDataPoint(p: { id: string } & DataPointInput, mappings: Map<string, { fields: Array<{ source: string; target: string }> }>): CompareDataPoint {
  return {
    id: p.id,
    baseline_column_name: p.baseline_column_name,
    secondary_column_name: p.secondary_column_name,
    is_unique_identifier: p.is_unique_identifier,
    date_format: (p.date_format ?? null) as CompareDataPoint['date_format'],
    discrepancy_function: p.discrepancy_function ?? null,
    data_mapping: p.data_mapping_id ? mappings.get(p.data_mapping_id) ?? null : null,
    ...(p.tolerance != null ? { tolerance: p.tolerance } : {}),
  };
}

/**
 * PUT …/data_points: replaces the whole set. Columns must exist in the parsed files, at least one
 * data point is a unique identifier and a name-like column is chosen on both sides (SPEC §5). The
 * identifier's uniqueness is checked on both files and returned as warnings. Ids are kept for pairs
 * that were already chosen, so a mapping or a date format set on them stays attached.
 */
export async function saveDataPoints(ctx: CompanyContext, comparisonId: string, inputs: DataPointInput[]): Promise<SavedDataPointsResponse> {
  const comparison = await loadComparison(ctx, comparisonId);
  await requireAction(ctx, 'comparison.edit-data-points');
  assertEditable(comparison);
  const sides = await parsedSides(ctx, comparison);
  const errors: Record<string, string> = {};
  const seen = new Set<string>();
  inputs.forEach((p, i) => {
    if (!(sides.baseline.columns ?? []).includes(p.baseline_column_name)) {
      errors[`${i}.baseline_column_name`] = `"${p.baseline_column_name}" is not a column of the baseline file`;
    }
    if (!(sides.secondary.columns ?? []).includes(p.secondary_column_name)) {
      errors[`${i}.secondary_column_name`] = `"${p.secondary_column_name}" is not a column of the carrier file`;
    }
    const pair = `${p.baseline_column_name}\u0000${p.secondary_column_name}`;
    if (seen.has(pair)) errors[`${i}.baseline_column_name`] ??= 'This pair of columns is chosen twice';
    seen.add(pair);
  });
  if (Object.keys(errors).length) {
    throw badRequest(`Some chosen columns are not in the files: ${Object.values(errors).join('; ')}`, errors);
  }
  const byPerson = matchesByPerson(comparison);
  const rule = checkDataPointRules(inputs, byPerson);
  if (rule) {
    const missing = byPerson ? missingPersonFields(inputs) : [];
    throw badRequest(rule, { _: rule, ...(missing.length ? { person_fields: `Missing: ${missing.join(', ')}` } : {}) });
  }
  const mappings = await mappingsFor(ctx, inputs.map((p) => p.data_mapping_id));

  const existing = await loadDataPoints(ctx, comparison.id);
  const idOf = new Map(existing.map((p) => [`${p.baseline_column_name}\u0000${p.secondary_column_name}`, p.id]));
  const withIds = inputs.map((p) => ({ ...p, id: idOf.get(`${p.baseline_column_name}\u0000${p.secondary_column_name}`) ?? newId() }));

  const identifiers = withIds.filter((p) => p.is_unique_identifier).map((p) => engineDataPoint(p, mappings));
  const check = await checkIdentifiers(sides, identifiers);
  for (const side of ['baseline', 'secondary'] as const) {
    const rows = side === 'baseline' ? sides.baseline.row_count : sides.secondary.row_count;
    if (rows && check[side].blank_count >= rows) {
      const message = `The unique identifier has no value in any row of the ${SIDE_LABEL[side]} file. Choose the column that holds the identifier (for example SSN or Member ID).`;
      throw badRequest(message, { _: message });
    }
  }

  const keep = new Set(withIds.map((p) => p.id));
  const stale = existing.filter((p) => !keep.has(p.id));
  const records = withIds.map((p, position) => ({
    id: p.id,
    organization_id: ctx.organizationId,
    company_id: ctx.companyId,
    comparison_id: comparison.id,
    position,
    baseline_column_name: p.baseline_column_name,
    secondary_column_name: p.secondary_column_name,
    is_unique_identifier: p.is_unique_identifier,
    ...(p.data_mapping_id ? { data_mapping_id: p.data_mapping_id } : {}),
    ...(p.date_format ? { date_format: p.date_format } : {}),
    ...(p.discrepancy_function ? { discrepancy_function: p.discrepancy_function } : {}),
    ...(p.tolerance != null ? { tolerance: p.tolerance } : {}),
    updated_by_user_id: ctx.caller.user.id,
  }));
  // One transaction: every put (each replaces its item whole), every stale delete, and the
  // comparison's version as read when this request began. Two PUTs at once cannot interleave: the
  // second fails its condition (409) and the set is the first one's, whole.
  if (records.length + stale.length + 1 > MAX_TRANSACTION_ITEMS) {
    const message = `At most ${MAX_TRANSACTION_ITEMS - 1} data points can be saved at once, counting the ones this change removes. Save fewer and add the rest afterwards.`;
    throw badRequest(message, { _: message });
  }
  await writeWithComparisonVersion(
    ctx,
    comparison,
    ({ dataPoint }) => [
      ...records.map((record) => dataPoint.put(record).commit()),
      ...stale.map((p) => dataPoint.delete({ company_id: ctx.companyId, comparison_id: comparison.id, id: p.id }).commit()),
    ],
    'Someone else changed this comparison while you were saving. Reload it and choose the data points again.',
  );
  const saved = await loadDataPoints(ctx, comparison.id);
  return { items: saved.map(dataPointView), next: null, identifier_check: check, warnings: warningsOf(check) };
}

/** PATCH of one data point: its mapping (Map data), date format, calculation or tolerance. */
export async function updateDataPoint(ctx: CompanyContext, comparisonId: string, dataPointId: string, body: DataPointUpdate): Promise<DataPointResponse> {
  const comparison = await loadComparison(ctx, comparisonId);
  await requireAction(ctx, 'comparison.map');
  assertEditable(comparison);
  const key = { company_id: ctx.companyId, comparison_id: comparison.id, id: dataPointId };
  const { data: current } = await db().entities.dataPoint.get(key).go();
  if (!current) throw notFound();
  if (body.data_mapping_id) await mappingsFor(ctx, [body.data_mapping_id]);
  const { updated_at: _version, ...fields } = body;
  const { set, remove } = setAndRemove(fields);
  let op = db()
    .entities.dataPoint.patch(key)
    .set({ ...set, updated_by_user_id: ctx.caller.user.id });
  if (remove.length) op = op.remove(remove);
  const data = await patchIfUnchanged(body.updated_at, (unchanged) => op.where(unchanged).go({ response: 'all_new' }));
  return dataPointView(data);
}
