/**
 * Dates as day numbers (days since 1970-01-01, UTC), so two files writing the same day in different
 * formats compare equal. The format is decided once per column — configured, or detected from the
 * column's values — and never guessed row by row: '01/02/2025' is January 2nd in every row of a
 * MM/dd/yyyy column.
 */

export const DATE_FORMATS = [
  'MM/dd/yyyy',
  'M/d/yyyy',
  'yyyy/MM/dd',
  'MMddyyyy',
  'MM-dd-yyyy',
  'yyyyMMdd',
  'EXCEL_SERIAL',
  'ISO',
] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

export function isDateFormat(value: unknown): value is DateFormat {
  return typeof value === 'string' && (DATE_FORMATS as readonly string[]).includes(value);
}

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

/** Days since 1970-01-01 of a civil date (proleptic Gregorian), NaN when it is not a real date. */
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

const US_SLASH = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ T]\S.*)?$/;
const YMD_SLASH = /^(\d{4})\/(\d{1,2})\/(\d{1,2})(?:[ T]\S.*)?$/;
const US_DASH = /^(\d{1,2})-(\d{1,2})-(\d{4})(?:[ T]\S.*)?$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\S.*)?$/;
const EIGHT_DIGITS = /^\d{8}$/;
const SEVEN_DIGITS = /^\d{7}$/;
const SERIAL = /^\d{1,6}(?:\.\d+)?$/;

type Parser = (s: string) => number;

const parseUsSlash: Parser = (s) => {
  if (s.length === 10 && s.charCodeAt(2) === 47 && s.charCodeAt(5) === 47) {
    return dayNumber(digitsAt(s, 6, 4), digitsAt(s, 0, 2), digitsAt(s, 3, 2));
  }
  const m = US_SLASH.exec(s);
  return m ? dayNumber(+m[3]!, +m[1]!, +m[2]!) : NaN;
};
const parseYmdSlash: Parser = (s) => {
  const m = YMD_SLASH.exec(s);
  return m ? dayNumber(+m[1]!, +m[2]!, +m[3]!) : NaN;
};
const parseUsDash: Parser = (s) => {
  const m = US_DASH.exec(s);
  return m ? dayNumber(+m[3]!, +m[1]!, +m[2]!) : NaN;
};
const parseIso: Parser = (s) => {
  // The date part is taken as written: a time zone suffix must not move the day.
  const m = ISO.exec(s);
  return m ? dayNumber(+m[1]!, +m[2]!, +m[3]!) : NaN;
};
const parseYyyyMmDd: Parser = (s) => {
  if (s.length !== 8 || digitsAt(s, 0, 8) < 0) return NaN;
  return dayNumber(digitsAt(s, 0, 4), digitsAt(s, 4, 2), digitsAt(s, 6, 2));
};
const parseMmDdYyyy: Parser = (s) => {
  // A spreadsheet that stored 01022025 as a number shows 1022025.
  if (SEVEN_DIGITS.test(s)) s = '0' + s;
  else if (!EIGHT_DIGITS.test(s)) return NaN;
  return dayNumber(+s.slice(4, 8), +s.slice(0, 2), +s.slice(2, 4));
};
const parseExcelSerial: Parser = (s) => {
  if (!SERIAL.test(s)) return NaN;
  const serial = Math.floor(+s);
  if (serial < 61 || serial > MAX_EXCEL_SERIAL) return NaN;
  return serial - EXCEL_EPOCH_OFFSET;
};

const PARSERS: Record<DateFormat, Parser> = {
  'MM/dd/yyyy': parseUsSlash,
  'M/d/yyyy': parseUsSlash,
  'yyyy/MM/dd': parseYmdSlash,
  MMddyyyy: parseMmDdYyyy,
  'MM-dd-yyyy': parseUsDash,
  yyyyMMdd: parseYyyyMmDd,
  EXCEL_SERIAL: parseExcelSerial,
  ISO: parseIso,
};

/**
 * A parser for one column: the column's format first; ISO strings are also accepted because a
 * spreadsheet reader turns real date cells into them and they cannot be misread. Gives NaN when
 * the value is not a date.
 */
export function dateParser(format: DateFormat): (raw: string) => number {
  const primary = PARSERS[format];
  return (raw) => {
    const first = raw.charCodeAt(0);
    const last = raw.charCodeAt(raw.length - 1);
    // Trim only when there is something to trim.
    const s = first <= 32 || last <= 32 ? raw.trim() : raw;
    if (s === '') return NaN;
    const day = primary(s);
    return day === day ? day : format === 'ISO' ? NaN : parseIso(s);
  };
}

// Detection order breaks ties: the slashed US form is what US benefit files use most.
const DETECTION_ORDER: DateFormat[] = ['MM/dd/yyyy', 'yyyy/MM/dd', 'MM-dd-yyyy', 'ISO', 'yyyyMMdd', 'MMddyyyy', 'EXCEL_SERIAL'];

/**
 * The format that reads the most of the column's non-empty values; null when none reads at least
 * `minShare` of them.
 */
export function detectDateFormat(values: Iterable<string>, minShare = 0.8): DateFormat | null {
  const counts = new Array<number>(DETECTION_ORDER.length).fill(0);
  let nonEmpty = 0;
  for (const raw of values) {
    const s = raw.trim();
    if (s === '') continue;
    nonEmpty++;
    for (let i = 0; i < DETECTION_ORDER.length; i++) {
      if (!Number.isNaN(PARSERS[DETECTION_ORDER[i]!](s))) counts[i]!++;
    }
  }
  if (nonEmpty === 0) return null;
  let best = -1;
  for (let i = 0; i < counts.length; i++) if (best < 0 || counts[i]! > counts[best]!) best = i;
  return counts[best]! >= nonEmpty * minShare && counts[best]! > 0 ? DETECTION_ORDER[best]! : null;
}

/** Day number → 'yyyy-MM-dd', for readable identifiers and previews. */
export function formatDay(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}
