import { describe, it, expect } from 'vitest';
import { CalculationOperation, calculate, calculateExact, calculationOperationOf } from './calculations';
import { parseDecimal } from './numbers';

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

describe('calculateExact: the decimals as written, rounded once', () => {
  const d = (raw: string) => parseDecimal(raw)!;

  it('subtracts premiums with three decimals exactly', () => {
    expect(calculateExact('MINUS_SECONDARY_BASELINE', d('662.17'), d('662.176'))).toBe(0.01);
    expect(calculateExact('MINUS_SECONDARY_BASELINE', d('662.176'), d('662.17'))).toBe(-0.01);
    expect(calculateExact('MINUS_BASELINE_SECONDARY', d('1.006'), d('1.001'))).toBe(0.01);
    expect(calculateExact('MINUS_BASELINE_SECONDARY', d('1.0049'), d('1'))).toBe(0);
    expect(Object.is(calculateExact('MINUS_BASELINE_SECONDARY', d('1.004'), d('1')), 0)).toBe(true);
  });

  it('multiplies and divides without a double in between', () => {
    expect(calculateExact('MULTIPLY', d('0.125'), d('0.1'))).toBe(0.01);
    expect(calculateExact('MULTIPLY', d('1.005'), d('1'))).toBe(1.01);
    expect(calculateExact('DIVIDE_BASELINE_SECONDARY', d('2'), d('3'))).toBe(0.67);
    expect(calculateExact('DIVIDE_SECONDARY_BASELINE', d('-3'), d('2'))).toBe(-0.67);
    expect(calculateExact('DIVIDE_BASELINE_SECONDARY', d('1'), d('0.000'))).toBeNull();
  });
});
