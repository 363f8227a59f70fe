import { describe, expect, it } from 'vitest';
import { compareConfigSchema } from '../../../shared/compare';
import { dateFormatOf } from './config';

describe('stored date formats handed to the engine', () => {
  it('keeps one format, drops null sides, and reads an empty choice as none', () => {
    expect(dateFormatOf('MM/dd/yyyy')).toBe('MM/dd/yyyy');
    expect(dateFormatOf({ baseline: null, secondary: 'yyyyMMdd' })).toEqual({ secondary: 'yyyyMMdd' });
    expect(dateFormatOf({ baseline: null, secondary: null })).toBeNull();
    expect(dateFormatOf(undefined)).toBeNull();
  });

  it('gives what the engine’s schema accepts', () => {
    const config = {
      data_points: [
        { id: 'a', baseline_column_name: 'SSN', secondary_column_name: 'Member ID', is_unique_identifier: true },
        { id: 'b', baseline_column_name: 'DOB', secondary_column_name: 'Birth Date', is_unique_identifier: false, date_format: dateFormatOf({ baseline: null, secondary: 'yyyyMMdd' }) },
      ],
    };
    expect(compareConfigSchema.safeParse(config).success).toBe(true);
  });
});
