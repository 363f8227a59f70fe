import { format as formatWithDateFns, isValid } from 'date-fns';
import { defineEnum } from './enum';
import { isDateColumn } from './columns';

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

// One exact pattern per format: 'MM' and 'dd' need two digits, 'M' and 'd' take one or two, so
// '2/3/2025' is M/d/yyyy and never MM/dd/yyyy. Groups are named so the order of parts is explicit.
const PATTERNS: Record<DateFormat, RegExp> = {
  'MM/dd/yyyy': /^(?<m>\d{2})\/(?<d>\d{2})\/(?<y>\d{4})$/,
  'M/d/yyyy': /^(?<m>\d{1,2})\/(?<d>\d{1,2})\/(?<y>\d{4})$/,
  'yyyy/MM/dd': /^(?<y>\d{4})\/(?<m>\d{2})\/(?<d>\d{2})$/,
  MMddyyyy: /^(?<m>\d{2})(?<d>\d{2})(?<y>\d{4})$/,
  'MM-dd-yyyy': /^(?<m>\d{2})-(?<d>\d{2})-(?<y>\d{4})$/,
  yyyyMMdd: /^(?<y>\d{4})(?<m>\d{2})(?<d>\d{2})$/,
};

/**
 * Parses a date in exactly the given format, as a local-midnight Date; null when the text does not
 * have that shape or names a day that does not exist (02/30/2025, 13/01/2025).
 */
export function parseDate(value: unknown, format: DateFormat): Date | null {
  if (value === null || value === undefined) return null;
  const pattern = PATTERNS[format];
  if (!pattern) return null;
  const groups = pattern.exec(String(value).trim())?.groups;
  if (!groups) return null;
  const y = Number(groups.y);
  const m = Number(groups.m);
  const d = Number(groups.d);
  const date = new Date(y, m - 1, d);
  // Date rolls impossible days over (Feb 30 → Mar 2); a round trip catches that. setFullYear
  // avoids the two-digit-year mapping of the constructor for years below 100.
  date.setFullYear(y, m - 1, d);
  if (date.getFullYear() !== y || date.getMonth() !== m - 1 || date.getDate() !== d) return null;
  return date;
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || String(value).trim() === '';
}

/**
 * The format of a whole column: the first format (spec order) that parses every non-empty sample,
 * or null if none does or there is nothing to go on. Decided per column, never per row, so
 * '01/02/2025' cannot mean January in one row and February in the next.
 */
export function detectDateFormat(samples: readonly unknown[]): DateFormat | null {
  const present = samples.filter((s) => !isEmpty(s));
  if (present.length === 0) return null;
  return DateFormat.values.find((f) => present.every((s) => parseDate(s, f) !== null)) ?? null;
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
