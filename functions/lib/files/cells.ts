import { remembered } from './remembered';

// Turning spreadsheet cell values into the strings the comparison works on. Every cell becomes a
// string so that identifiers keep their leading zeros and no value changes type between files.

const MS_PER_DAY = 86_400_000;
/** Days between Excel's 1900 epoch (as serial 0 = 1899-12-30) and 1970-01-01. */
const EXCEL_1900_TO_UNIX_DAYS = 25_569;
const EXCEL_1904_OFFSET_DAYS = 1_462;

const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * Dates are calendar days (a date of birth has no time zone), and both readers give them as UTC
 * midnight, so UTC getters are the only right ones here. A time of day, rare in enrollment data,
 * is kept rather than silently dropped.
 */
export function formatDate(date: Date): string {
  if (Number.isNaN(date.getTime())) return '';
  const day = `${pad2(date.getUTCMonth() + 1)}/${pad2(date.getUTCDate())}/${date.getUTCFullYear()}`;
  const msOfDay = ((date.getTime() % MS_PER_DAY) + MS_PER_DAY) % MS_PER_DAY;
  if (msOfDay === 0) return day;
  const time = `${pad2(date.getUTCHours())}:${pad2(date.getUTCMinutes())}`;
  // Serial numbers below 1 are time-only cells; Excel anchors them on its epoch, not a real day.
  return date.getTime() < Date.UTC(1900, 0, 1) ? time : `${day} ${time}`;
}

export function excelSerialToDate(serial: number, date1904 = false): Date {
  const days = serial + (date1904 ? EXCEL_1904_OFFSET_DAYS : 0) - EXCEL_1900_TO_UNIX_DAYS;
  return new Date(Math.round(days * MS_PER_DAY));
}

/** Strips the parts of a number format that are literal text, so only the placeholders remain. */
function formatPlaceholders(numFmt: string): string {
  return numFmt
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/\[(?:\$|Red|Black|Blue|Green|Magenta|Cyan|White|Yellow|Color\d+)[^\]]*\]/gi, '')
    .replace(/_.|\*./g, '');
}

export function isDateFormat(numFmt: string | undefined): boolean {
  if (!numFmt) return false;
  const fmt = formatPlaceholders(numFmt.split(';')[0] ?? '');
  if (/^general$/i.test(fmt.trim())) return false;
  return /[dmyhs]/i.test(fmt) && !/[0#?]/.test(fmt.replace(/\[[hms]+\]/gi, '').replace(/s\.0+/gi, 's'));
}

/** '1.2345e-10' as '0.00000000012345': the digits of a small number's exponent form, moved. */
function withoutExponent(text: string): string {
  const [mantissa = '', exponent = '0'] = text.split('e');
  const negative = mantissa.startsWith('-');
  const [whole = '', fraction = ''] = mantissa.replace('-', '').split('.');
  const point = whole.length + Number(exponent);
  const digits = whole + fraction;
  const plain = point <= 0 ? `0.${'0'.repeat(-point)}${digits}` : point >= digits.length ? digits + '0'.repeat(point - digits.length) : `${digits.slice(0, point)}.${digits.slice(point)}`;
  return negative ? `-${plain}` : plain;
}

/**
 * Numbers format as a person would type them: 12345678 stays '12345678' (never '1.2345678E7'),
 * and binary noise such as 0.30000000000000004, or 662.17599999999993 as Excel stores 662.176, is
 * cut at Excel's own 15 significant digits: the shortest text that gives the number Excel shows.
 */
export function formatNumber(value: number): string {
  if (!Number.isFinite(value)) return '';
  if (Number.isInteger(value)) return Math.abs(value) < 1e21 ? String(value) : BigInt(value).toString();
  const text = String(Number(value.toPrecision(15)));
  return text.includes('e') ? withoutExponent(text) : text;
}

/**
 * An identifier stored as a number loses its leading zeros, and the workbook shows them back only
 * through a format like 000000000 or 000-00-0000 (Excel's SSN format). We restore the digits the
 * user sees, without the format's separators, so the value matches the same identifier typed as
 * text in the other file once separators are normalised.
 */
export function formatNumberWithFormat(value: number, numFmt: string | undefined): string {
  const plain = formatNumber(value);
  if (!numFmt || !Number.isInteger(value) || value < 0) return plain;
  const width = zeroPaddedWidth(numFmt);
  return width ? plain.padStart(width, '0') : plain;
}

/** The digits a zero-padding format shows (000-00-0000 → 9), 0 for any other format; every cell of a column shares one. */
const zeroPaddedWidth = remembered((numFmt) => {
  const section = formatPlaceholders(numFmt.split(';')[0] ?? '');
  const placeholders = section.replace(/[-\s()/]/g, '');
  // 0.00 is a decimal format (a zero premium), not a zero-padded identifier like 000-00-0000.
  return !section.includes('.') && /^0{2,}$/.test(placeholders) ? placeholders.length : 0;
});
