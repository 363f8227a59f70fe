/**
 * Rounds to 2 decimals, halves away from zero (SPEC §5 "Numbers are rounded to 2 decimals").
 * Shifting by exponent notation (x + 'e2') moves the decimal point in the decimal representation
 * rather than multiplying in binary, so 2.675 → 2.68 and 1.005 → 1.01 as a person expects.
 */
export function round2(value: number): number {
  if (!Number.isFinite(value)) return value;
  const sign = value < 0 ? -1 : 1;
  const shifted = Math.round(Number(`${Math.abs(value)}e2`));
  const result = sign * Number(`${shifted}e-2`);
  // Very small or very large magnitudes print in exponent form, where the string shift above is
  // invalid (NaN); binary rounding is exact enough there.
  if (Number.isNaN(result)) return sign * (Math.round(Math.abs(value) * 100) / 100);
  return result === 0 ? 0 : result;
}

/**
 * Parses an amount as people type it: '$1,234.50', '-12', '(12.00)' (accounting negative),
 * ' 1 234 ' → number, or null when it is not an amount. Numbers pass through.
 */
export function parseMoney(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  let text = value.trim();
  if (!text) return null;
  let negative = false;
  const paren = /^\((.*)\)$/.exec(text);
  if (paren) {
    negative = true;
    text = paren[1]!.trim();
  }
  if (text.startsWith('-')) {
    negative = !negative;
    text = text.slice(1).trim();
  }
  text = text.replace(/^\$/, '').replace(/[,\s]/g, '');
  if (text.startsWith('-')) {
    negative = !negative;
    text = text.slice(1);
  }
  if (!/^(\d+\.?\d*|\.\d+)$/.test(text)) return null;
  const n = Number(text);
  return negative ? -n : n;
}
