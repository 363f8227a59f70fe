import { describe, expect, it } from 'vitest';
import { columnFill, isEmptyColumn } from './column-fill';

const file = { columns: ['SSN', 'City', 'Zip', 'Note'], row_count: 1000, filled_counts: [1000, 0, 996, 3] };

describe('column fill', () => {
  it('says how full each column is, never rounding to full or to empty', () => {
    expect(['SSN', 'City', 'Zip', 'Note'].map((c) => columnFill(file, c))).toEqual(['100% filled', 'empty', '99% filled', '1% filled']);
    expect(isEmptyColumn(file, 'City')).toBe(true);
    expect(isEmptyColumn(file, 'Zip')).toBe(false);
  });

  it('says nothing for a file read before its columns were counted, or a column it does not have', () => {
    expect(columnFill({ ...file, filled_counts: null }, 'City')).toBeNull();
    expect(isEmptyColumn({ ...file, filled_counts: null }, 'City')).toBe(false);
    expect(columnFill(file, 'Address 2')).toBeNull();
    expect(columnFill(null, 'SSN')).toBeNull();
  });
});
