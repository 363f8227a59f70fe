import type { ColumnRole } from '../columns';
import { recogniseColumn as columnRole, rolesOfPair } from './column-roles';
import { splitFullName } from './person-name';
import { dateParser, detectDateFormat, formatDay, type ColumnDateFormat as DateFormat } from '../dates';
import { applyDiscrepancyFunction } from './discrepancy-function';
import { parseCents, wholeCentsWithin } from '../numbers';
import { normaliseSsn, ssnNumber } from './ssn';
import { collapseWhitespace, memoize, normaliseAddress, normaliseName, normaliseText, sameIgnoringAsciiCase } from './text';
import type { CompareDataPoint, DiscrepancyFunction, ValueKind } from './types';
import { inferValueKind } from './value-kind';
import { buildValueMapper } from './value-mapping';

/** A comparable value: '' when empty, a number for cents or day numbers, otherwise a string. */
export type Normalised = string | number;

/**
 * A data point ready to run: column positions, its kind, and normalisers built once per column so
 * the row loop does no decision-making.
 */
export interface ResolvedDataPoint {
  id: string;
  isIdentifier: boolean;
  role: ColumnRole | null;
  kind: ValueKind;
  baselineIndex: number;
  secondaryIndex: number;
  baselineDateFormat: DateFormat | null;
  secondaryDateFormat: DateFormat | null;
  /** Applied to secondary values before anything else, when the data point has a mapping. */
  mapSecondary: ((raw: string) => string) | null;
  normaliseBaseline: (raw: string) => Normalised;
  /** Includes the value mapping. */
  normaliseSecondary: (raw: string) => Normalised;
  /** Whether two raw cells compare equal under this data point's rules (mapping, kind, tolerance). */
  equals: (baselineRaw: string, secondaryRaw: string) => boolean;
  /** A readable identifier part: nine-digit SSN, yyyy-MM-dd date, or the (mapped) text as written. */
  displayBaseline: (raw: string) => string;
  displaySecondary: (raw: string) => string;
  toleranceCents: number;
  discrepancyFunction: DiscrepancyFunction | null;
  calculate: ((baselineRaw: string, secondaryRaw: string) => number | null) | null;
}

// Roles whose values rarely repeat: caching their normalised form would only cost memory.
const HIGH_CARDINALITY: ReadonlySet<ColumnRole> = new Set<ColumnRole>([
  'ssn',
  'subscriber_ssn',
  'first_name',
  'last_name',
  'full_name',
  'address',
  'address_2',
]);

export function columnIndex(columns: readonly string[], name: string, side: 'baseline' | 'secondary'): number {
  let index = columns.indexOf(name);
  if (index < 0) {
    const wanted = name.trim().toLowerCase();
    index = columns.findIndex((c) => c.trim().toLowerCase() === wanted);
  }
  if (index < 0) throw new Error(`Column "${name}" is not in the ${side} file`);
  return index;
}

function sideFormat(dp: CompareDataPoint, side: 'baseline' | 'secondary'): DateFormat | null {
  const f = dp.date_format;
  if (!f) return null;
  return typeof f === 'string' ? f : f[side] ?? null;
}

/** The configured format when it reads the column's values, else the detected one. */
function chooseDateFormat(configured: DateFormat | null, sample: readonly string[], explicitPerSide: boolean): DateFormat {
  if (configured && explicitPerSide) return configured;
  if (configured) {
    // One format for both sides: it stands unless it reads none of this side's values.
    const parse = dateParser(configured);
    const nonEmpty = sample.filter((v) => v.trim() !== '');
    if (nonEmpty.length === 0 || nonEmpty.some((v) => !Number.isNaN(parse(v)))) return configured;
  }
  return detectDateFormat(sample, 0.5) ?? configured ?? 'MM/dd/yyyy';
}

const NAME_ROLES: ReadonlySet<ColumnRole> = new Set<ColumnRole>(['first_name', 'last_name', 'full_name']);

/**
 * A full name compared with a first or last name (a list bill's 'SMITH, JOHN A' with the
 * enrollment's 'Smith'): the full-name side is read for that part only.
 */
function namePartOf(own: ColumnRole | null, other: ColumnRole | null): ((raw: string) => string) | null {
  if (own !== 'full_name' || (other !== 'first_name' && other !== 'last_name')) return null;
  return (raw) => {
    const name = splitFullName(raw);
    return name ? (other === 'first_name' ? name.first : name.last) : raw;
  };
}
const ADDRESS_ROLES: ReadonlySet<ColumnRole> = new Set<ColumnRole>(['address', 'address_2']);

/** Text as compared: names and addresses as carriers write them (see text.ts), other text as typed. */
function textNormaliser(role: ColumnRole | null, caseSensitive: boolean): (raw: string) => Normalised {
  if (!caseSensitive && role && NAME_ROLES.has(role)) return normaliseName;
  if (!caseSensitive && role && ADDRESS_ROLES.has(role)) return normaliseAddress;
  return (raw) => normaliseText(raw, caseSensitive);
}

function kindNormaliser(kind: ValueKind, caseSensitive: boolean, format: DateFormat | null, role: ColumnRole | null): (raw: string) => Normalised {
  switch (kind) {
    case 'ssn':
      return (raw) => {
        const n = ssnNumber(raw);
        if (n === n) return n;
        return normaliseSsn(raw);
      };
    case 'text':
      return textNormaliser(role, caseSensitive);
    case 'number':
      return (raw) => {
        const cents = parseCents(raw);
        if (cents === cents) return cents;
        // Unreadable numbers still compare, as text, so 'N/A' vs 'n/a' is no difference.
        const text = normaliseText(raw);
        return text === '' ? '' : '#' + text;
      };
    case 'date': {
      const parse = dateParser(format ?? 'MM/dd/yyyy');
      return (raw) => {
        const day = parse(raw);
        if (day === day) return day;
        const text = normaliseText(raw);
        return text === '' ? '' : '#' + text;
      };
    }
  }
}

function displayFor(kind: ValueKind, normalise: (raw: string) => Normalised): (raw: string) => string {
  switch (kind) {
    case 'ssn':
      return (raw) => {
        const n = normalise(raw);
        return typeof n === 'number' ? String(n).padStart(9, '0') : n;
      };
    case 'date':
      return (raw) => {
        const n = normalise(raw);
        return typeof n === 'number' ? formatDay(n) : collapseWhitespace(raw);
      };
    case 'number':
      return (raw) => {
        const n = normalise(raw);
        return typeof n === 'number' ? (n / 100).toFixed(2) : collapseWhitespace(raw);
      };
    case 'text':
      return collapseWhitespace;
  }
}

export interface ResolveInput {
  dataPoints: readonly CompareDataPoint[];
  baselineColumns: readonly string[];
  secondaryColumns: readonly string[];
  /** Up to a few thousand rows of each side, for kind inference and date-format detection. */
  baselineSample: readonly (readonly string[])[];
  secondarySample: readonly (readonly string[])[];
}

export function resolveDataPoints(input: ResolveInput): ResolvedDataPoint[] {
  return input.dataPoints.map((dp) => {
    const baselineIndex = columnIndex(input.baselineColumns, dp.baseline_column_name, 'baseline');
    const secondaryIndex = columnIndex(input.secondaryColumns, dp.secondary_column_name, 'secondary');
    const role = rolesOfPair(dp.baseline_column_name, dp.secondary_column_name);
    const builtMapper = buildValueMapper(dp.data_mapping);
    const mapSecondary = builtMapper ? memoize(builtMapper) : null;
    const bSample = input.baselineSample.map((r) => r[baselineIndex] ?? '');
    const rawSSample = input.secondarySample.map((r) => r[secondaryIndex] ?? '');
    const sSample = mapSecondary ? rawSSample.map(mapSecondary) : rawSSample;

    const kind: ValueKind =
      dp.value_kind ??
      (dp.date_format ? 'date' : inferValueKind(role, dp.baseline_column_name, dp.secondary_column_name, bSample, sSample));
    const perSide = typeof dp.date_format === 'object' && dp.date_format !== null;
    const baselineDateFormat = kind === 'date' ? chooseDateFormat(sideFormat(dp, 'baseline'), bSample, perSide) : null;
    const secondaryDateFormat = kind === 'date' ? chooseDateFormat(sideFormat(dp, 'secondary'), sSample, perSide) : null;

    const caseSensitive = dp.case_sensitive === true;
    // Dates and numbers parse faster than a cache lookup; text of few distinct values does not.
    const cacheable = kind === 'text' && !(role && HIGH_CARDINALITY.has(role));
    const wrap = (fn: (raw: string) => Normalised) => (cacheable ? memoize(fn) : fn);
    const bRole = columnRole(dp.baseline_column_name);
    const sRole = columnRole(dp.secondary_column_name);
    const partB = namePartOf(bRole, sRole);
    const partS = namePartOf(sRole, bRole);
    const plainB = kindNormaliser(kind, caseSensitive, baselineDateFormat, role);
    const plainS = kindNormaliser(kind, caseSensitive, secondaryDateFormat, role);
    const baseB = partB ? (raw: string) => plainB(partB(raw)) : plainB;
    const baseS = partS ? (raw: string) => plainS(partS(raw)) : plainS;
    const normaliseBaseline = wrap(baseB);
    const normaliseSecondary = wrap(mapSecondary ? (raw) => baseS(mapSecondary(raw)) : baseS);
    const displayS = displayFor(kind, baseS);
    const toleranceCents = wholeCentsWithin(dp.tolerance ?? 0);
    const equals =
      kind === 'text'
        ? (b: string, s: string) => {
            const mapped = mapSecondary ? mapSecondary(s) : s;
            if (b === mapped || (!caseSensitive && sameIgnoringAsciiCase(b, mapped))) return true;
            return normaliseBaseline(b) === normaliseSecondary(s);
          }
        : (b: string, s: string) => {
            const x = normaliseBaseline(b);
            const y = normaliseSecondary(s);
            if (x === y) return true;
            return toleranceCents > 0 && typeof x === 'number' && typeof y === 'number' && Math.abs(x - y) <= toleranceCents;
          };

    // A premium pair's difference is the money of the finding in every audit type: carrier minus
    // baseline unless the data point chose another calculation.
    const fn = dp.discrepancy_function ?? (role === 'money' ? 'MINUS: SECONDARY - BASELINE' : null);
    return {
      id: dp.id,
      isIdentifier: dp.is_unique_identifier,
      role,
      kind,
      baselineIndex,
      secondaryIndex,
      baselineDateFormat,
      secondaryDateFormat,
      mapSecondary,
      normaliseBaseline,
      normaliseSecondary,
      equals,
      displayBaseline: displayFor(kind, baseB),
      displaySecondary: mapSecondary ? (raw) => displayS(mapSecondary(raw)) : displayS,
      toleranceCents,
      discrepancyFunction: fn,
      calculate: fn
        ? (b, s) => applyDiscrepancyFunction(fn, b, mapSecondary ? mapSecondary(s) : s)
        : null,
    };
  });
}
