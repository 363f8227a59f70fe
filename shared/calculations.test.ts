import { describe, it, expect } from 'vitest';
import { CalculationOperation, calculate, calculationOperationOf } from './calculations';

describe('calculation operations (SPEC §9)', () => {
  it('shows the six operations with their exact labels', () => {
    expect(CalculationOperation.options.map((o) => o.label)).toEqual([
      'MINUS: BASELINE - SECONDARY',
      'MINUS: SECONDARY - BASELINE',
      'ADD',
      'MULTIPLY',
      'DIVIDE: BASELINE / SECONDARY',
      'DIVIDE: SECONDARY / BASELINE',
    ]);
  });

  it('finds an operation by value or by label', () => {
    expect(calculationOperationOf('DIVIDE: SECONDARY / BASELINE')).toBe('DIVIDE_SECONDARY_BASELINE');
    expect(calculationOperationOf('ADD')).toBe('ADD');
    expect(calculationOperationOf('MODULO')).toBeNull();
  });
});

describe('calculate', () => {
  it('subtracts in the direction the label says', () => {
    expect(calculate('MINUS_BASELINE_SECONDARY', 100, 40.5)).toBe(59.5);
    expect(calculate('MINUS_SECONDARY_BASELINE', 100, 40.5)).toBe(-59.5);
  });

  it('adds and multiplies, rounded to 2 decimals', () => {
    expect(calculate('ADD', 0.1, 0.2)).toBe(0.3);
    expect(calculate('MULTIPLY', 12.345, 2)).toBe(24.69);
    expect(calculate('MULTIPLY', 1.005, 1)).toBe(1.01);
  });

  it('divides in the direction the label says', () => {
    expect(calculate('DIVIDE_BASELINE_SECONDARY', 10, 4)).toBe(2.5);
    expect(calculate('DIVIDE_SECONDARY_BASELINE', 10, 4)).toBe(0.4);
    expect(calculate('DIVIDE_BASELINE_SECONDARY', 1, 3)).toBe(0.33);
  });

  it('gives no result for division by zero', () => {
    expect(calculate('DIVIDE_BASELINE_SECONDARY', 10, 0)).toBeNull();
    expect(calculate('DIVIDE_SECONDARY_BASELINE', 0, 10)).toBeNull();
    expect(calculate('DIVIDE_SECONDARY_BASELINE', 10, 0)).toBe(0);
  });

  it('gives no result for non-numbers', () => {
    expect(calculate('ADD', Number.NaN, 1)).toBeNull();
  });
});
