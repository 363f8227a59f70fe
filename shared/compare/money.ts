/**
 * Numbers as the files write them ('$1,234.50', '(12.00)', '1296.7499999') compared in whole cents,
 * rounded half away from zero, so sub-cent float noise from carrier systems is not a difference.
 */

const PLAIN_NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const DECORATION = /[$,\s]/g;

/** The numeric value of a cell, or NaN when it is not a number. Empty gives NaN. */
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
 * Whole cents, half away from zero. The tiny bias makes textual halves like 1.005 (stored as
 * 1.00499999…) round up as a person would expect, while noise such as 1296.7499999 still lands on
 * 1296.75.
 */
export function toCents(value: number): number {
  if (!Number.isFinite(value)) return NaN;
  const scaled = Math.round(Math.abs(value) * 100 + 1e-7);
  return value < 0 ? -scaled : scaled;
}

export function parseCents(raw: string): number {
  return toCents(parseNumber(raw));
}

/** Rounds a number to 2 decimals half away from zero. */
export function round2(value: number): number {
  return toCents(value) / 100;
}
