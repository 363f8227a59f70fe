import { defineEnum } from './enum';
import { decimalOf, type Decimal } from './numbers';

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

/** n / d rounded half away from zero (d ≠ 0). */
function roundedQuotient(n: bigint, d: bigint): bigint {
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  const q = n / d;
  const r = n % d;
  if (2n * (r < 0n ? -r : r) < d) return q;
  return n < 0n ? q - 1n : q + 1n;
}

const TEN = 10n;
const HUNDRED = 100n;

/**
 * Applies an operation to two exact decimals, worked out exactly and then rounded to 2 decimals
 * half away from zero (SPEC §5), so 662.176 - 662.17 is 0.01 and 1.005 * 1 is 1.01 whatever a
 * double makes of them. Division by zero gives null (no meaningful result) rather than Infinity.
 */
export function calculateExact(op: CalculationOperation, baseline: Decimal, secondary: Decimal): number | null {
  const pow = (n: number) => TEN ** BigInt(n);
  const scale = Math.max(baseline.scale, secondary.scale);
  const b = baseline.units * pow(scale - baseline.scale);
  const s = secondary.units * pow(scale - secondary.scale);
  let cents: bigint;
  switch (op) {
    case 'MINUS_BASELINE_SECONDARY':
      cents = roundedQuotient((b - s) * HUNDRED, pow(scale));
      break;
    case 'MINUS_SECONDARY_BASELINE':
      cents = roundedQuotient((s - b) * HUNDRED, pow(scale));
      break;
    case 'ADD':
      cents = roundedQuotient((b + s) * HUNDRED, pow(scale));
      break;
    case 'MULTIPLY':
      cents = roundedQuotient(b * s * HUNDRED, pow(2 * scale));
      break;
    case 'DIVIDE_BASELINE_SECONDARY':
      if (s === 0n) return null;
      cents = roundedQuotient(b * HUNDRED, s);
      break;
    case 'DIVIDE_SECONDARY_BASELINE':
      if (b === 0n) return null;
      cents = roundedQuotient(s * HUNDRED, b);
      break;
    default:
      return null;
  }
  // Whole cents over 100 are the double nearest the 2-decimal result; `|| 0` drops a -0.
  return Number(cents) / 100 || 0;
}

/**
 * Applies an operation to a baseline and a secondary number, each taken as the decimal its shortest
 * text writes (0.1 + 0.2 is 0.3), rounded to 2 decimals; see `calculateExact`.
 */
export function calculate(op: CalculationOperation, baseline: number, secondary: number): number | null {
  const b = decimalOf(baseline);
  const s = decimalOf(secondary);
  return b && s ? calculateExact(op, b, s) : null;
}
