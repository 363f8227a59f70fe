import { format as formatWithDateFns, isValid } from 'date-fns';
import { defineEnum } from './enum';
import { isDateColumn } from './columns';

/**
 * Dates: the formats of SPEC §5, the one reader of each format, and the per-column format rule.
 * The comparison engine (`shared/compare/`) reads every date cell through `dateParser`, so the
 * readers work on character codes and day numbers (days since 1970-01-01, UTC) and allocate
 * nothing on the fixed-width fast paths.
 */

/** Accepted date formats of SPEC §5, in spec order (the order breaks ties in detection). */
export const DateFormat = defineEnum({
  'MM/dd/yyyy': 'MM/dd/yyyy',
  'M/d/yyyy': 'M/d/yyyy',
  'yyyy/MM/dd': 'yyyy/MM/dd',
  MMddyyyy: 'MMddyyyy',
  'MM-dd-yyyy': 'MM-dd-yyyy',
  yyyyMMdd: 'yyyyMMdd',
});
export type DateFormat = (typeof DateFormat.values)[number];

/**
 * The formats a column can be read in: SPEC §5's, then the two that spreadsheet readers produce
 * (Excel serial day numbers and ISO strings). A data point's `date_format` is one of these.
 */
export const DATE_FORMATS = [...DateFormat.values, 'EXCEL_SERIAL', 'ISO'] as const;
export type ColumnDateFormat = (typeof DATE_FORMATS)[number];

const MIN_YEAR = 1900;
const MAX_YEAR = 2199;
const MS_PER_DAY = 86_400_000;
// Excel's 1900 date system: serial 25569 is 1970-01-01.
const EXCEL_EPOCH_OFFSET = 25_569;
const MAX_EXCEL_SERIAL = 109_574; // 2199-12-31

function daysInMonth(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/**
 * Days since 1970-01-01 of a civil date (proleptic Gregorian), NaN when it is not a real day
 * (02/30/2025, month 13) or the year is outside 1900–2199 (no benefit record has one, and the range
 * keeps '12345678' from reading as a yyyyMMdd day).
 */
function dayNumber(year: number, month: number, day: number): number {
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return NaN;
  // Hinnant's days-from-civil, in integers, so no Date object per cell.
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The number written by `len` digits from `at`, or -1. */
function digitsAt(s: string, at: number, len: number): number {
  let v = 0;
  for (let i = at; i < at + len; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    v = v * 10 + c;
  }
  return v;
}

// What a column in a format may hold: the format's shape plus the variants files really contain
// (a one-digit month or day, a time after the date).
const US_SLASH = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ T]\S.*)?$/;
const YMD_SLASH = /^(\d{4})\/(\d{1,2})\/(\d{1,2})(?:[ T]\S.*)?$/;
const US_DASH = /^(\d{1,2})-(\d{1,2})-(\d{4})(?:[ T]\S.*)?$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\S.*)?$/;
const EIGHT_DIGITS = /^\d{8}$/;
const SEVEN_DIGITS = /^\d{7}$/;
const SERIAL = /^\d{1,6}(?:\.\d+)?$/;

type Reader = (s: string) => number;

const readUsSlash: Reader = (s) => {
  if (s.length === 10 && s.charCodeAt(2) === 47 && s.charCodeAt(5) === 47) {
    return dayNumber(digitsAt(s, 6, 4), digitsAt(s, 0, 2), digitsAt(s, 3, 2));
  }
  const m = US_SLASH.exec(s);
  return m ? dayNumber(+m[3]!, +m[1]!, +m[2]!) : NaN;
};
const readYmdSlash: Reader = (s) => {
  const m = YMD_SLASH.exec(s);
  return m ? dayNumber(+m[1]!, +m[2]!, +m[3]!) : NaN;
};
const readUsDash: Reader = (s) => {
  const m = US_DASH.exec(s);
  return m ? dayNumber(+m[3]!, +m[1]!, +m[2]!) : NaN;
};
const readIso: Reader = (s) => {
  // The date part is taken as written: a time zone suffix must not move the day.
  const m = ISO.exec(s);
  return m ? dayNumber(+m[1]!, +m[2]!, +m[3]!) : NaN;
};
const readYyyyMmDd: Reader = (s) => {
  if (s.length !== 8 || digitsAt(s, 0, 8) < 0) return NaN;
  return dayNumber(digitsAt(s, 0, 4), digitsAt(s, 4, 2), digitsAt(s, 6, 2));
};
const readMmDdYyyy: Reader = (s) => {
  // A spreadsheet that stored 01022025 as a number shows 1022025.
  if (SEVEN_DIGITS.test(s)) s = '0' + s;
  else if (!EIGHT_DIGITS.test(s)) return NaN;
  return dayNumber(+s.slice(4, 8), +s.slice(0, 2), +s.slice(2, 4));
};
const readExcelSerial: Reader = (s) => {
  if (!SERIAL.test(s)) return NaN;
  const serial = Math.floor(+s);
  if (serial < 61 || serial > MAX_EXCEL_SERIAL) return NaN;
  return serial - EXCEL_EPOCH_OFFSET;
};

/** The one reader of each format (trimmed text → day number or NaN). */
const READERS: Record<ColumnDateFormat, Reader> = {
  'MM/dd/yyyy': readUsSlash,
  'M/d/yyyy': readUsSlash,
  'yyyy/MM/dd': readYmdSlash,
  MMddyyyy: readMmDdYyyy,
  'MM-dd-yyyy': readUsDash,
  yyyyMMdd: readYyyyMmDd,
  EXCEL_SERIAL: readExcelSerial,
  ISO: readIso,
};

// The exact shape of each SPEC format: 'MM' and 'dd' need two digits, 'M' and 'd' take one or two,
// so '2/3/2025' is M/d/yyyy and never MM/dd/yyyy. Excel serials and ISO have no stricter shape
// than their reader's.
const EXACT_SHAPES: Record<DateFormat, RegExp> = {
  'MM/dd/yyyy': /^\d{2}\/\d{2}\/\d{4}$/,
  'M/d/yyyy': /^\d{1,2}\/\d{1,2}\/\d{4}$/,
  'yyyy/MM/dd': /^\d{4}\/\d{2}\/\d{2}$/,
  MMddyyyy: /^\d{8}$/,
  'MM-dd-yyyy': /^\d{2}-\d{2}-\d{4}$/,
  yyyyMMdd: /^\d{8}$/,
};

function hasExactShape(s: string, format: ColumnDateFormat): boolean {
  const shape = (EXACT_SHAPES as Partial<Record<ColumnDateFormat, RegExp>>)[format];
  return shape === undefined || shape.test(s);
}

/** Day number → local-midnight Date. */
function dayToDate(day: number): Date {
  const utc = new Date(day * MS_PER_DAY);
  return new Date(utc.getUTCFullYear(), utc.getUTCMonth(), utc.getUTCDate());
}

/**
 * Parses a date written in exactly the given SPEC format, as a local-midnight Date; null when the
 * text does not have that shape or names a day that does not exist (02/30/2025, 13/01/2025).
 */
export function parseDate(value: unknown, format: DateFormat): Date | null {
  if (value === null || value === undefined || !DateFormat.is(format)) return null;
  const s = String(value).trim();
  if (!hasExactShape(s, format)) return null;
  const day = READERS[format](s);
  return day === day ? dayToDate(day) : null;
}

/**
 * A reader for one column, for the comparison engine: the column's format (with the variants its
 * reader accepts) first; ISO strings are also accepted because a spreadsheet reader turns real
 * date cells into them and they cannot be misread. Gives a day number, NaN when the value is not a
 * date.
 */
export function dateParser(format: ColumnDateFormat): (raw: string) => number {
  const primary = READERS[format];
  return (raw) => {
    const first = raw.charCodeAt(0);
    const last = raw.charCodeAt(raw.length - 1);
    // Trim only when there is something to trim.
    const s = first <= 32 || last <= 32 ? raw.trim() : raw;
    if (s === '') return NaN;
    const day = primary(s);
    return day === day ? day : format === 'ISO' ? NaN : readIso(s);
  };
}

/**
 * The format of a whole column, decided once from its values and never row by row, so
 * '01/02/2025' cannot mean January in one row and February in the next.
 *
 * Each format of DATE_FORMATS reads its shape and its reader's variants (a one-digit month or day,
 * a time after the date, a leading zero a spreadsheet dropped). The format that reads the most
 * non-empty values wins; among equals, the one whose exact shape matches the most (so a column
 * with '2/3/2025' is M/d/yyyy), then the DATE_FORMATS order. It must read at least `minShare` of
 * them: by default all (the format that parses every non-empty value); the engine passes a lower
 * share for dirty columns, where the values its format cannot read then compare as text. Null when
 * no format qualifies or there is nothing to go on.
 */
export function detectDateFormat(values: Iterable<unknown>, minShare = 1): ColumnDateFormat | null {
  const n = DATE_FORMATS.length;
  const reads = new Array<number>(n).fill(0);
  const exact = new Array<number>(n).fill(0);
  let nonEmpty = 0;
  for (const raw of values) {
    if (raw === null || raw === undefined) continue;
    const s = String(raw).trim();
    if (s === '') continue;
    nonEmpty++;
    for (let i = 0; i < n; i++) {
      const format = DATE_FORMATS[i]!;
      if (Number.isNaN(READERS[format](s))) continue;
      reads[i]!++;
      if (hasExactShape(s, format)) exact[i]!++;
    }
  }
  if (nonEmpty === 0) return null;
  let best = -1;
  for (let i = 0; i < n; i++) {
    if (reads[i] === 0) continue;
    if (best < 0 || reads[i]! > reads[best]! || (reads[i] === reads[best] && exact[i]! > exact[best]!)) best = i;
  }
  return best >= 0 && reads[best]! >= nonEmpty * minShare ? DATE_FORMATS[best]! : null;
}

/** Day number → 'yyyy-MM-dd', for readable identifiers and previews. */
export function formatDay(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** Formats a date in one of the accepted formats (the tokens are date-fns tokens). */
export function formatDate(date: Date, format: DateFormat): string {
  return formatWithDateFns(date, format);
}

/** ISO timestamps as the platform writes them (SPEC §5): milliseconds and Z, e.g. 2025-01-31T00:00:00.000Z. */
export const ISO_TIMESTAMP_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export function isIsoTimestamp(value: unknown): value is string {
  return typeof value === 'string' && ISO_TIMESTAMP_PATTERN.test(value) && isValid(new Date(value));
}

/** A copy of a row in which ISO timestamps in date columns (by name, SPEC §5) become Dates. */
export function isoStringsToDates<T extends Record<string, unknown>>(row: T): Record<keyof T, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    out[key] = isDateColumn(key) && isIsoTimestamp(value) ? new Date(value) : value;
  }
  return out as Record<keyof T, unknown>;
}
