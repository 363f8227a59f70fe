import { describe, expect, it } from 'vitest';
import { TOLERANCE_MESSAGE, parseTolerance, takesTolerance, toleranceText } from './tolerance';

describe('data point tolerance', () => {
  it('reads blank as none and decimals of 0 or more as numbers', () => {
    expect(parseTolerance('  ')).toEqual({ value: null, error: null });
    expect(parseTolerance('0')).toEqual({ value: 0, error: null });
    expect(parseTolerance(' 0.5 ')).toEqual({ value: 0.5, error: null });
    expect(parseTolerance('.25')).toEqual({ value: 0.25, error: null });
  });

  it('refuses negatives and what is not a plain decimal, with the message', () => {
    for (const text of ['-1', 'abc', '1e3', '1,5', 'Infinity']) expect(parseTolerance(text)).toEqual({ value: null, error: TOLERANCE_MESSAGE });
  });

  it('shows a saved value as text', () => {
    expect(toleranceText(null)).toBe('');
    expect(toleranceText(1.5)).toBe('1.5');
  });

  it('is offered for amounts and calculations, not for names or codes', () => {
    expect(takesTolerance({ baseline_column_name: 'Monthly Premium', secondary_column_name: 'Billed Amount' })).toBe(true);
    expect(takesTolerance({ baseline_column_name: 'Benefit Amount', secondary_column_name: 'Volume' })).toBe(true);
    expect(takesTolerance({ baseline_column_name: 'Units', secondary_column_name: 'Units', discrepancy_function: 'ADD' })).toBe(true);
    expect(takesTolerance({ baseline_column_name: 'First Name', secondary_column_name: 'FNAME' })).toBe(false);
    expect(takesTolerance({ baseline_column_name: 'Relationship', secondary_column_name: 'Rel Code' })).toBe(false);
  });
});
