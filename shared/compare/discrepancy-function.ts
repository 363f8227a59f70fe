import { calculate, calculationOperationOf, type CalculationOperation, type CalculationOperationLabel } from '../calculations';
import { parseNumber } from '../numbers';

/**
 * SPEC §9 calculation on a differing pair of raw cells (`calculate` of shared/calculations.ts on
 * their numbers, rounded to 2 decimals); null when a side is not a number, on division by zero, or
 * for an unknown operation. `fn` is the operation's label (as data points store it) or its value.
 */
export function applyDiscrepancyFunction(fn: CalculationOperation | CalculationOperationLabel, baselineRaw: string, secondaryRaw: string): number | null {
  const op = calculationOperationOf(fn);
  return op === null ? null : calculate(op, parseNumber(baselineRaw), parseNumber(secondaryRaw));
}
