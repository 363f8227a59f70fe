import { columnRole, type ColumnRole } from '../columns';
import { SAMPLE_ROWS } from './compare-tables';
import { splitFullName } from './person-name';
import { matchPeople, type PersonMatch, type PersonRow } from './person-match';
import { resolveDataPoints, type ResolvedDataPoint } from './resolve-data-points';
import { cellText, rowText } from './rows';
import type { CompareConfig, CompareDataPoint, Row } from './types';

/**
 * Feeds the person matcher's pairs to the comparison engine as a join key: both files get one more
 * column holding a readable person key, the same on a baseline row and the carrier row paired
 * with it, and the identifiers that could not join (member SSN against the carrier's own id) give
 * way to it. The engine itself is unchanged: it joins on that column as on any identifier.
 */
export const PERSON_KEY_COLUMN = 'Matched Person';
export const PERSON_KEY_DATA_POINT = 'matched_person';

/** Identifier roles that say which coverage line a row is on: kept as key parts, and pairs stay within them. */
const LINE_ROLES: ReadonlySet<ColumnRole> = new Set<ColumnRole>(['benefit_type', 'plan', 'coverage_tier']);

export interface PersonTables {
  baseline: { columns: readonly string[]; rows: readonly Row[] };
  secondary: { columns: readonly string[]; rows: readonly Row[] };
}

export class PersonMatchInputError extends Error {}

function isLinePart(p: ResolvedDataPoint): boolean {
  return p.isIdentifier && p.role !== null && LINE_ROLES.has(p.role);
}

/** The people of both files as the matcher reads them, through the comparison's data points (mappings included). */
export function personRows(tables: PersonTables, config: CompareConfig): { baseline: PersonRow[]; secondary: PersonRow[] } {
  const points = resolveDataPoints({
    dataPoints: config.data_points,
    baselineColumns: tables.baseline.columns,
    secondaryColumns: tables.secondary.columns,
    baselineSample: tables.baseline.rows.slice(0, SAMPLE_ROWS).map(rowText),
    secondarySample: tables.secondary.rows.slice(0, SAMPLE_ROWS).map(rowText),
  });
  const byRole = (role: ColumnRole) => points.find((p) => p.role === role && p.baselineIndex >= 0 && p.secondaryIndex >= 0);
  const dob = byRole('dob');
  const last = byRole('last_name');
  const first = byRole('first_name');
  const full = byRole('full_name');
  const lineParts = points.filter(isLinePart);
  const optional = { zip: byRole('zip'), gender: byRole('gender'), relationship: byRole('relationship') };

  // Names may also come from recognised columns the user did not choose as data points.
  const column = (columns: readonly string[], role: ColumnRole) => columns.findIndex((c) => columnRole(c) === role);
  const nameColumns = (side: 'baseline' | 'secondary') => {
    const columns = tables[side].columns;
    const at = (p: ResolvedDataPoint | undefined, role: ColumnRole) =>
      p ? (side === 'baseline' ? p.baselineIndex : p.secondaryIndex) : column(columns, role);
    return { first: at(first, 'first_name'), last: at(last, 'last_name'), full: at(full, 'full_name') };
  };
  if (!dob) throw new PersonMatchInputError('Matching by person needs the date of birth of both files as a data point.');
  for (const side of ['baseline', 'secondary'] as const) {
    const c = nameColumns(side);
    if (c.last < 0 && c.full < 0) {
      throw new PersonMatchInputError(`Matching by person needs a last name (or full name) column in the ${side === 'baseline' ? 'baseline' : 'carrier'} file.`);
    }
  }

  const read = (side: 'baseline' | 'secondary'): PersonRow[] => {
    const names = nameColumns(side);
    const norm = (p: ResolvedDataPoint, raw: string) => (side === 'baseline' ? p.normaliseBaseline(raw) : p.normaliseSecondary(raw));
    const idx = (p: ResolvedDataPoint) => (side === 'baseline' ? p.baselineIndex : p.secondaryIndex);
    const text = (p: ResolvedDataPoint | undefined, row: Row) => (p ? String(norm(p, cellText(row, idx(p)))) : '');
    return tables[side].rows.map((row) => {
      let firstName = names.first >= 0 ? cellText(row, names.first) : '';
      let lastName = names.last >= 0 ? cellText(row, names.last) : '';
      if ((firstName === '' || lastName === '') && names.full >= 0) {
        const split = splitFullName(cellText(row, names.full));
        if (split) {
          firstName ||= split.first;
          lastName ||= split.last;
        }
      }
      const day = norm(dob, cellText(row, idx(dob)));
      return {
        first: firstName,
        last: lastName,
        dob: typeof day === 'number' ? day : null,
        zip: text(optional.zip, row),
        gender: text(optional.gender, row),
        relationship: text(optional.relationship, row),
        line: lineParts.map((p) => text(p, row)).join('|'),
      };
    });
  };
  return { baseline: read('baseline'), secondary: read('secondary') };
}

/** Matches the two files' rows by person (see person-match.ts). */
export function matchTables(tables: PersonTables, config: CompareConfig): PersonMatch {
  const people = personRows(tables, config);
  return matchPeople(people.baseline, people.secondary);
}

/** Which carrier row goes with which baseline row in the comparison (the pairs a person accepted or that passed the threshold). */
export interface JoinedPair {
  secondary: number;
  baseline: number;
}

/**
 * The two tables with the person key column, and the configuration that joins on it: the line
 * identifiers (benefit type…) stay key parts, the other identifiers are dropped (they could not
 * join, and comparing them would report every row). A paired carrier row carries its baseline
 * row's key; any other row a key of its own, so it is reported as on one side only.
 */
export function keyTablesByPerson(
  tables: PersonTables,
  config: CompareConfig,
  pairs: readonly JoinedPair[],
): { baseline: { columns: string[]; rows: Row[] }; secondary: { columns: string[]; rows: Row[] }; config: CompareConfig } {
  const lineIds = new Set(
    config.data_points
      .filter((d) => d.is_unique_identifier && LINE_ROLES.has(columnRole(d.baseline_column_name) ?? ('' as ColumnRole)))
      .map((d) => d.id),
  );
  const label = (columns: readonly string[]) => {
    const first = columns.findIndex((c) => columnRole(c) === 'first_name');
    const last = columns.findIndex((c) => columnRole(c) === 'last_name');
    const full = columns.findIndex((c) => columnRole(c) === 'full_name');
    return (row: Row) => {
      const name = last >= 0 ? [cellText(row, last), cellText(row, first)].filter(Boolean).join(', ') : full >= 0 ? cellText(row, full) : '';
      return name.trim().replace(/\s+/g, ' ');
    };
  };
  const baseLabel = label(tables.baseline.columns);
  const secLabel = label(tables.secondary.columns);
  const baseKeys = tables.baseline.rows.map((row, i) => `${baseLabel(row)} (row ${i + 1})`);
  const secKeys = tables.secondary.rows.map((row, i) => `${secLabel(row)} (carrier row ${i + 1})`);
  for (const p of pairs) secKeys[p.secondary] = baseKeys[p.baseline]!;
  const data_points: CompareDataPoint[] = [
    {
      id: PERSON_KEY_DATA_POINT,
      baseline_column_name: PERSON_KEY_COLUMN,
      secondary_column_name: PERSON_KEY_COLUMN,
      is_unique_identifier: true,
      value_kind: 'text',
      case_sensitive: true,
    },
    ...config.data_points.filter((d) => !d.is_unique_identifier || lineIds.has(d.id)),
  ];
  return {
    baseline: { columns: [...tables.baseline.columns, PERSON_KEY_COLUMN], rows: tables.baseline.rows.map((r, i) => [...r, baseKeys[i]!]) },
    secondary: { columns: [...tables.secondary.columns, PERSON_KEY_COLUMN], rows: tables.secondary.rows.map((r, i) => [...r, secKeys[i]!]) },
    config: { data_points },
  };
}
