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
 * The numeric value of a cell as written ('$1,234.50', '(12.00)' accounting negative, '-$5', '$-5',
 * '12-' trailing minus, ' 1 234 '), or NaN when it is not a number. Empty gives NaN.
 */
export function parseNumber(raw: string): number {
  // Most cells are plain decimals like '1296.75'; only the rest needs the slower paths.
  if (isPlainDecimal(raw)) return Number(raw);
  let s = raw.trim();
  if (s === '') return NaN;
  if (!PLAIN_NUMBER.test(s)) {
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
    if (!PLAIN_NUMBER.test(s)) return NaN;
    const value = Number(s);
    return negative ? -value : value;
  }
  return Number(s);
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
 * 1296.7499999 still lands on 1296.75. NaN for NaN and ±Infinity.
 */
export function toCents(value: number): number {
  if (!Number.isFinite(value)) return NaN;
  const scaled = Math.round(Math.abs(value) * 100 + 1e-7);
  return value < 0 ? -scaled : scaled;
}

/** A cell's value in whole cents (see `toCents`), NaN when it is not a number. */
export function parseCents(raw: string): number {
  return toCents(parseNumber(raw));
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
