import { describe, expect, it } from 'vitest';
import { normaliseSsn } from './ssn';
import { normaliseText } from './text';
import { applyDiscrepancyFunction } from './discrepancy-function';

describe('normaliseSsn', () => {
  it('gives nine digits whatever the dashes, spaces or lost leading zeros', () => {
    expect(['012-34-5678', '12345678', '012345678', ' 012 34 5678 ', '12345678.0'].map(normaliseSsn)).toEqual(Array(5).fill('012345678'));
  });
  it('keeps letters of non-numeric member ids, upper-cased', () => {
    expect(normaliseSsn('ab-123')).toBe('AB123');
  });
});

describe('text and calculations', () => {
  it('collapses whitespace and ignores case', () => {
    expect(normaliseText('  Mary \t Ann  ')).toBe('mary ann');
  });
  it('applies the SPEC calculation operations, rounded to cents', () => {
    expect(applyDiscrepancyFunction('MINUS: SECONDARY - BASELINE', '10.00', '12.345')).toBe(2.35);
    expect(applyDiscrepancyFunction('DIVIDE: BASELINE / SECONDARY', '10', '0')).toBeNull();
    expect(applyDiscrepancyFunction('MULTIPLY', '2', '$3.50')).toBe(7);
    expect(applyDiscrepancyFunction('ADD', 'x', '1')).toBeNull();
  });
});

describe('value kind inference from values', () => {
  it('takes compact dates for dates only when the other side has separators', async () => {
    const { inferValueKind } = await import('./value-kind');
    expect(inferValueKind(null, 'Eff', 'Eff', ['01/02/2025'], ['20250102'])).toBe('date');
    expect(inferValueKind(null, 'Code', 'Code', ['20250102'], ['20250102'])).toBe('number');
    expect(inferValueKind(null, 'Dept', 'Dept', ['0042'], ['42'])).toBe('text');
    expect(inferValueKind(null, 'Units', 'Units', ['1,200.50'], ['1200.5'])).toBe('number');
  });
});
