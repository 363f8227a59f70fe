/**
 * SSN-like identifiers. Spreadsheets store bare-digit SSNs as numbers and drop leading zeros, and
 * systems disagree on dashes, so the comparable form is nine digits.
 */

const SEPARATORS = /[\s\-.]/g;
const DIGITS_ONLY = /^\d+$/;
const TRAILING_ZERO_DECIMAL = /^(\d+)\.0+$/;

function allDigits(s: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** '012-34-5678', '12345678' and '012345678' all give '012345678'. Non-numeric ids keep their letters, upper-cased. */
export function normaliseSsn(raw: string): string {
  // Fast paths for the two shapes almost every file uses: 9 bare digits and 3-2-4 dashed.
  const n = raw.length;
  if (n === 9 && allDigits(raw, 0, 9)) return raw;
  if (n === 11 && raw.charCodeAt(3) === 45 && raw.charCodeAt(6) === 45 && allDigits(raw, 0, 3) && allDigits(raw, 4, 6) && allDigits(raw, 7, 11)) {
    return raw.slice(0, 3) + raw.slice(4, 6) + raw.slice(7);
  }
  let s = raw.trim();
  if (s === '') return '';
  // A numeric cell read back as "12345678.0".
  const decimal = TRAILING_ZERO_DECIMAL.exec(s);
  if (decimal) s = decimal[1]!;
  s = s.replace(SEPARATORS, '');
  if (DIGITS_ONLY.test(s)) return s.length < 9 ? s.padStart(9, '0') : s;
  return s.toUpperCase();
}

/**
 * The SSN as a number when it is only digits and separators (at most 15 digits), else NaN. Leading
 * zeros vanish by construction, and numbers make cheap join keys (no string hashing).
 */
export function ssnNumber(raw: string): number {
  let value = 0;
  let digits = 0;
  const n = raw.length;
  for (let i = 0; i < n; i++) {
    const c = raw.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      value = value * 10 + (c - 48);
      digits++;
    } else if (c === 45 || c === 32 || c === 9) {
      continue;
    } else if (c === 46) {
      // '123456789.0' from a numeric spreadsheet cell: only zeros may follow the point.
      for (let j = i + 1; j < n; j++) if (raw.charCodeAt(j) !== 48) return NaN;
      break;
    } else {
      return NaN;
    }
  }
  return digits === 0 || digits > 15 ? NaN : value;
}
