import { calculateExact, calculationOperationOf, type CalculationOperation, type CalculationOperationLabel } from '../calculations';
import { parseDecimal } from '../numbers';

/**
 * SPEC §9 calculation on a differing pair of raw cells (`calculateExact` of shared/calculations.ts
 * on the decimals as written, rounded to 2 decimals); null when a side is not a number, on division by zero, or
 * for an unknown operation. `fn` is the operation's label (as data points store it) or its value.
 */
export function applyDiscrepancyFunction(fn: CalculationOperation | CalculationOperationLabel, baselineRaw: string, secondaryRaw: string): number | null {
  const op = calculationOperationOf(fn);
  if (op === null) return null;
  const baseline = parseDecimal(baselineRaw);
  const secondary = parseDecimal(secondaryRaw);
  return baseline && secondary ? calculateExact(op, baseline, secondary) : null;
}
