import { defineEnum } from './enum';
import { round2 } from './numbers';

const LABELS = {
  MINUS_BASELINE_SECONDARY: 'MINUS: BASELINE - SECONDARY',
  MINUS_SECONDARY_BASELINE: 'MINUS: SECONDARY - BASELINE',
  ADD: 'ADD',
  MULTIPLY: 'MULTIPLY',
  DIVIDE_BASELINE_SECONDARY: 'DIVIDE: BASELINE / SECONDARY',
  DIVIDE_SECONDARY_BASELINE: 'DIVIDE: SECONDARY / BASELINE',
} as const;

/** Data-mapping calculation operations (SPEC §9); the labels are what users pick from. */
export const CalculationOperation = defineEnum(LABELS);
export type CalculationOperation = (typeof CalculationOperation.values)[number];
export type CalculationOperationLabel = (typeof LABELS)[CalculationOperation];

/**
 * The labels in spec order. A data point stores its operation as the label (`discrepancy_function`
 * of the comparison engine and of the data-point schemas); `calculationOperationOf` reads it back.
 */
export const CALCULATION_OPERATION_LABELS: readonly CalculationOperationLabel[] = CalculationOperation.values.map((v) => LABELS[v]);

/** The operation whose label (or value) is given; mappings may have stored either form. */
export function calculationOperationOf(valueOrLabel: unknown): CalculationOperation | null {
  if (CalculationOperation.is(valueOrLabel)) return valueOrLabel;
  return CalculationOperation.options.find((o) => o.label === valueOrLabel)?.value ?? null;
}

/**
 * Applies an operation to a baseline and a secondary value, rounded to 2 decimals.
 * Division by zero gives null (no meaningful result) rather than Infinity.
 */
export function calculate(op: CalculationOperation, baseline: number, secondary: number): number | null {
  if (!Number.isFinite(baseline) || !Number.isFinite(secondary)) return null;
  let result: number;
  switch (op) {
    case 'MINUS_BASELINE_SECONDARY':
      result = baseline - secondary;
      break;
    case 'MINUS_SECONDARY_BASELINE':
      result = secondary - baseline;
      break;
    case 'ADD':
      result = baseline + secondary;
      break;
    case 'MULTIPLY':
      result = baseline * secondary;
      break;
    case 'DIVIDE_BASELINE_SECONDARY':
      if (secondary === 0) return null;
      result = baseline / secondary;
      break;
    case 'DIVIDE_SECONDARY_BASELINE':
      if (baseline === 0) return null;
      result = secondary / baseline;
      break;
    default:
      return null;
  }
  return round2(result);
}
