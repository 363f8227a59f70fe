import { isAmountPair } from '../../../../shared/compare/column-roles';

/** UX "Select data points": an optional numeric tolerance per data point, typed as text and checked here. */
export const TOLERANCE_MESSAGE = 'Tolerance must be a number of 0 or more, for example 0.50.';

// Digits only: Number() would also take "1e3", "0x10" or "Infinity", which nobody means as an amount.
const DECIMAL = /^(\d+(\.\d*)?|\.\d+)$/;

export function parseTolerance(text: string): { value: number | null; error: string | null } {
  const t = text.trim();
  if (!t) return { value: null, error: null };
  if (!DECIMAL.test(t)) return { value: null, error: TOLERANCE_MESSAGE };
  return { value: Number(t), error: null };
}

export const toleranceText = (value: number | null | undefined) => (value == null ? '' : String(value));

/** Numeric pairs take a tolerance: recognised amounts, or any pair with a calculation chosen. */
export function takesTolerance(p: { baseline_column_name: string; secondary_column_name: string; discrepancy_function?: string | null }): boolean {
  return !!p.discrepancy_function || isAmountPair(p.baseline_column_name, p.secondary_column_name);
}
