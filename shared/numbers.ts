/**
 * Numbers as people and files write them, and the platform's one rounding rule (SPEC §5 "Numbers
 * are rounded to 2 decimals"). The comparison engine (`shared/compare/`) reads every money cell
 * through `parseCents`, so the parsers keep allocation-free fast paths.
 */

const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const DECORATION = /[$,\s]/g;

/** Digits, at most one '.', and an optional leading '-': the shape almost every cell has. */
function isPlainDecimal(s: string): boolean {
  const n = s.length;
  if (n === 0) return false;
  let digits = 0;
  let dots = 0;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) digits++;
    else if (c === 46) dots++;
    else if (!(c === 45 && i === 0)) return false;
  }
  return digits > 0 && dots <= 1;
}

/**
 * The number a cell writes, as text `Number` reads (digits, an optional '.', an exponent, a sign)
 * and whether the cell's decoration makes it negative; null when it is not a number.
 */
function writtenNumber(raw: string): { text: string; negative: boolean } | null {
  let s = raw.trim();
  if (s === '') return null;
  if (PLAIN_NUMBER.test(s)) return { text: s, negative: false };
  let negative = false;
  if (s.startsWith('(') && s.endsWith(')')) {
    negative = true;
    s = s.slice(1, -1);
  }
  s = s.replace(DECORATION, '');
  if (s.startsWith('-$') || s.startsWith('$-')) s = '-' + s.slice(2);
  if (s.endsWith('-')) {
    negative = !negative;
    s = s.slice(0, -1);
  }
  return PLAIN_NUMBER.test(s) ? { text: s, negative } : null;
}

/**
 * The numeric value of a cell as written ('$1,234.50', '(12.00)' accounting negative, '-$5', '$-5',
 * '12-' trailing minus, ' 1 234 '), or NaN when it is not a number. Empty gives NaN.
 */
export function parseNumber(raw: string): number {
  // Most cells are plain decimals like '1296.75'; only the rest needs the slower paths.
  if (isPlainDecimal(raw)) return Number(raw);
  const written = writtenNumber(raw);
  if (written === null) return NaN;
  const value = Number(written.text);
  return written.negative ? -value : value;
}

/**
 * An amount from any value: numbers pass through, text is read by `parseNumber`; null when it is
 * not a (finite) amount.
 */
export function parseMoney(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? parseNumber(value) : NaN;
  return Number.isFinite(n) ? n : null;
}

/**
 * Whole cents, half away from zero. The tiny bias makes textual halves like 1.005 (stored as
 * 1.00499999…) and computed ones like 2.675 round up as a person would expect, while noise such as
 * 1296.7499999 still lands on 1296.75. NaN for NaN and ±Infinity. Text is read exactly by
 * `parseCents` instead.
 */
export function toCents(value: number): number {
  if (!Number.isFinite(value)) return NaN;
  const scaled = Math.round(Math.abs(value) * 100 + 1e-7);
  return value < 0 ? -scaled : scaled;
}

/**
 * Whole cents of a decimal written as `Number` reads it (PLAIN_NUMBER), worked out on its digits
 * rather than through a double, so 0.0049999 is 0 cents and 662.1759999999999 is 662.18 exactly as
 * a person rounds them. `round` false cuts toward zero instead. Exact while the cents fit a double's
 * integers (about 90 trillion dollars). Allocation-free: the engine reads every money cell here.
 */
function decimalCents(s: string, negate: boolean, round: boolean): number {
  let start = 0;
  let negative = negate;
  const first = s.charCodeAt(0);
  if (first === 45 || first === 43) {
    start = 1;
    if (first === 45) negative = !negative;
  }
  let end = s.length;
  let exponent = 0;
  let integerDigits = -1;
  for (let i = start; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c === 46) integerDigits = i - start;
    else if (c === 101 || c === 69) {
      exponent = Number(s.slice(i + 1));
      end = i;
    }
  }
  if (integerDigits < 0) integerDigits = end - start;
  // The digits at or above the cent, in the order written; the one after them decides the rounding.
  const kept = integerDigits + exponent + 2;
  let cents = 0;
  let seen = 0;
  let next = 0;
  for (let i = start; i < end && seen <= kept; i++) {
    const c = s.charCodeAt(i);
    if (c === 46) continue;
    if (seen < kept) cents = cents * 10 + (c - 48);
    else next = c - 48;
    seen++;
  }
  if (seen < kept) cents *= 10 ** (kept - seen);
  if (round && next >= 5) cents += 1;
  if (!Number.isFinite(cents)) return NaN;
  return negative && cents !== 0 ? -cents : cents;
}

/**
 * A cell's value in whole cents, half away from zero, read exactly from the digits as written
 * (what `parseNumber` reads); NaN when it is not a number.
 */
export function parseCents(raw: string): number {
  if (isPlainDecimal(raw)) return decimalCents(raw, false, true);
  const written = writtenNumber(raw);
  return written === null ? NaN : decimalCents(written.text, written.negative, true);
}

/**
 * The whole cents a non-negative limit such as a tolerance allows: 0.015 allows 1 cent, never 2.
 * Read from the number's shortest text, so 0.29 is 29 cents although 0.29 * 100 is 28.999….
 */
export function wholeCentsWithin(limit: number): number {
  if (!Number.isFinite(limit) || limit <= 0) return 0;
  return decimalCents(String(limit), false, false);
}

/** A decimal exactly as written: `units` / 10^`scale`. */
export interface Decimal {
  units: bigint;
  scale: number;
}

/** A cell's number as an exact decimal (what `parseNumber` reads), null when it is not a number. */
export function parseDecimal(raw: string): Decimal | null {
  const written = writtenNumber(raw);
  if (written === null) return null;
  const match = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i.exec(written.text);
  if (!match) return null;
  const [, sign, whole = '', fraction = '', exponent = '0'] = match;
  const scale = fraction.length - Number(exponent);
  if (Math.abs(scale) > 400) return null;
  let units = BigInt(`${whole}${fraction}` || '0');
  if ((sign === '-') !== written.negative) units = -units;
  return scale >= 0 ? { units, scale } : { units: units * 10n ** BigInt(-scale), scale: 0 };
}

/** A finite number as the decimal its shortest text writes (0.1 is exactly one tenth). */
export function decimalOf(value: number): Decimal | null {
  return Number.isFinite(value) ? parseDecimal(String(value)) : null;
}

// Above this a double has no fraction of a cent left to round (2^53 / 100).
const NO_CENTS_BEYOND = 2 ** 53 / 100;

/**
 * Rounds to 2 decimals, halves away from zero (SPEC §5), by the same rule as `toCents`. Never
 * returns -0; NaN and ±Infinity pass through.
 */
export function round2(value: number): number {
  if (!Number.isFinite(value) || Math.abs(value) >= NO_CENTS_BEYOND) return value;
  const result = toCents(value) / 100;
  return result === 0 ? 0 : result;
}
