import { parseNumber, round2 } from './money';
import type { DiscrepancyFunction } from './types';

/** SPEC §9 calculation on a differing numeric pair, rounded to 2 decimals; null when it has no number. */
export function applyDiscrepancyFunction(fn: DiscrepancyFunction, baselineRaw: string, secondaryRaw: string): number | null {
  const b = parseNumber(baselineRaw);
  const s = parseNumber(secondaryRaw);
  if (Number.isNaN(b) || Number.isNaN(s)) return null;
  let result: number;
  switch (fn) {
    case 'MINUS: BASELINE - SECONDARY':
      result = b - s;
      break;
    case 'MINUS: SECONDARY - BASELINE':
      result = s - b;
      break;
    case 'ADD':
      result = b + s;
      break;
    case 'MULTIPLY':
      result = b * s;
      break;
    case 'DIVIDE: BASELINE / SECONDARY':
      if (s === 0) return null;
      result = b / s;
      break;
    case 'DIVIDE: SECONDARY / BASELINE':
      if (b === 0) return null;
      result = s / b;
      break;
  }
  const rounded = round2(result);
  return Object.is(rounded, -0) ? 0 : rounded;
}
