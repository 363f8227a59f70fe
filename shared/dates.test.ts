import { describe, it, expect } from 'vitest';
import { DateFormat, dateParser, detectDateFormat, formatDate, formatDay, isIsoTimestamp, isoStringsToDates, parseDate } from './dates';

const ymd = (d: Date | null) => (d ? [d.getFullYear(), d.getMonth() + 1, d.getDate()] : null);

describe('accepted date formats (SPEC §5)', () => {
  it('are MM/dd/yyyy, M/d/yyyy, yyyy/MM/dd, MMddyyyy, MM-dd-yyyy and yyyyMMdd', () => {
    expect(DateFormat.values).toEqual(['MM/dd/yyyy', 'M/d/yyyy', 'yyyy/MM/dd', 'MMddyyyy', 'MM-dd-yyyy', 'yyyyMMdd']);
  });

  it('parse the same day in every format', () => {
    const samples: Record<DateFormat, string> = {
      'MM/dd/yyyy': '01/31/2025',
      'M/d/yyyy': '1/31/2025',
      'yyyy/MM/dd': '2025/01/31',
      MMddyyyy: '01312025',
      'MM-dd-yyyy': '01-31-2025',
      yyyyMMdd: '20250131',
    };
    for (const f of DateFormat.values) expect([f, ymd(parseDate(samples[f], f))]).toEqual([f, [2025, 1, 31]]);
  });
});

describe('parseDate is strict', () => {
  it('rejects days that do not exist', () => {
    expect(parseDate('02/30/2025', 'MM/dd/yyyy')).toBeNull();
    expect(parseDate('13/01/2025', 'MM/dd/yyyy')).toBeNull();
    expect(parseDate('20250229', 'yyyyMMdd')).toBeNull();
    expect(ymd(parseDate('20240229', 'yyyyMMdd'))).toEqual([2024, 2, 29]);
  });

  it('rejects text of another shape', () => {
    expect(parseDate('2/3/2025', 'MM/dd/yyyy')).toBeNull();
    expect(parseDate('01/31/25', 'MM/dd/yyyy')).toBeNull();
    expect(parseDate('01-31-2025', 'MM/dd/yyyy')).toBeNull();
    expect(parseDate('2025-01-31', 'yyyy/MM/dd')).toBeNull();
    expect(parseDate('', 'MMddyyyy')).toBeNull();
    expect(parseDate(null, 'MMddyyyy')).toBeNull();
  });

  it('takes one- or two-digit parts for M/d/yyyy and ignores surrounding space', () => {
    expect(ymd(parseDate('2/3/2025', 'M/d/yyyy'))).toEqual([2025, 2, 3]);
    expect(ymd(parseDate(' 12/25/2025 ', 'M/d/yyyy'))).toEqual([2025, 12, 25]);
  });

  it('returns local midnight', () => {
    const d = parseDate('03/15/2025', 'MM/dd/yyyy')!;
    expect([d.getHours(), d.getMinutes()]).toEqual([0, 0]);
    expect(formatDate(d, 'yyyyMMdd')).toBe('20250315');
  });
});

describe('detectDateFormat works per column', () => {
  it('chooses the one format that parses every non-empty sample', () => {
    expect(detectDateFormat(['01/31/2025', '', null, '12/01/2024'])).toBe('MM/dd/yyyy');
    expect(detectDateFormat(['01/31/2025', '2/3/2025'])).toBe('M/d/yyyy');
    expect(detectDateFormat(['20250131', '19991231'])).toBe('yyyyMMdd');
    expect(detectDateFormat(['01312025'])).toBe('MMddyyyy');
    expect(detectDateFormat(['2025/01/31'])).toBe('yyyy/MM/dd');
    expect(detectDateFormat(['01-31-2025'])).toBe('MM-dd-yyyy');
  });

  it('never mixes formats across rows', () => {
    expect(detectDateFormat(['01/31/2025', '2025/01/31'])).toBeNull();
    expect(detectDateFormat(['01/31/2025', '02/30/2025'])).toBeNull();
  });

  it('finds nothing in an empty column', () => {
    expect(detectDateFormat([])).toBeNull();
    expect(detectDateFormat(['', '  ', undefined])).toBeNull();
  });
});

describe('ISO timestamps (SPEC §5)', () => {
  it('recognises ISO with milliseconds and Z only', () => {
    expect(isIsoTimestamp('2025-01-31T00:00:00.000Z')).toBe(true);
    expect(isIsoTimestamp('2025-01-31T00:00:00Z')).toBe(false);
    expect(isIsoTimestamp('2025-01-31')).toBe(false);
    expect(isIsoTimestamp('2025-13-31T00:00:00.000Z')).toBe(false);
    expect(isIsoTimestamp(12)).toBe(false);
  });

  it('turns ISO strings in date columns into dates and leaves everything else', () => {
    const row = isoStringsToDates({
      DOB: '1980-05-01T00:00:00.000Z',
      'Hire Date': '2020-01-01T00:00:00.000Z',
      'Termination Date': '',
      Notes: '2025-01-31T00:00:00.000Z',
      SSN: '123456789',
    });
    expect(row.DOB).toEqual(new Date('1980-05-01T00:00:00.000Z'));
    expect(row['Hire Date']).toBeInstanceOf(Date);
    expect(row['Termination Date']).toBe('');
    expect(row.Notes).toBe('2025-01-31T00:00:00.000Z');
    expect(row.SSN).toBe('123456789');
  });
});

// Moved from shared/compare/normalisers.test.ts when the engine's dates.ts became this module.
describe('dates', () => {
  it('detects each column format from its values', () => {
    expect(detectDateFormat(['01/02/2025', '12/31/2024'])).toBe('MM/dd/yyyy');
    expect(detectDateFormat(['20250102', '20241231'])).toBe('yyyyMMdd');
    expect(detectDateFormat(['01022025', '12312024'])).toBe('MMddyyyy');
    expect(detectDateFormat(['45658'])).toBe('EXCEL_SERIAL');
    expect(detectDateFormat(['2025-01-02'])).toBe('ISO');
    expect(detectDateFormat(['hello', 'world'])).toBeNull();
  });
  it('reads one day the same in every accepted format', () => {
    const days = [
      dateParser('MM/dd/yyyy')('01/02/2025'),
      dateParser('M/d/yyyy')('1/2/2025'),
      dateParser('yyyy/MM/dd')('2025/01/02'),
      dateParser('MMddyyyy')('01022025'),
      dateParser('MM-dd-yyyy')('01-02-2025'),
      dateParser('yyyyMMdd')('20250102'),
      dateParser('EXCEL_SERIAL')('45659'),
      dateParser('ISO')('2025-01-02T00:00:00.000Z'),
    ];
    expect(new Set(days.map(formatDay))).toEqual(new Set(['2025-01-02']));
  });
  it('rejects impossible days', () => {
    expect(dateParser('MM/dd/yyyy')('02/30/2025')).toBeNaN();
    expect(dateParser('yyyyMMdd')('20251301')).toBeNaN();
  });
});

describe('one reader per format: strict parseDate, tolerant column reading', () => {
  it('parseDate takes only the exact SPEC shape, the column reader also its variants', () => {
    expect(parseDate('01/02/2025 10:30', 'MM/dd/yyyy')).toBeNull();
    expect(parseDate('1022025', 'MMddyyyy')).toBeNull();
    expect(formatDay(dateParser('MM/dd/yyyy')('01/02/2025 10:30'))).toBe('2025-01-02');
    expect(formatDay(dateParser('MMddyyyy')('1022025'))).toBe('2025-01-02');
    expect(formatDay(dateParser('MM/dd/yyyy')('1/2/2025'))).toBe('2025-01-02');
  });

  it('detection reads the variants, prefers the exact shape on equal reads, and needs every value by default', () => {
    expect(detectDateFormat(['01/02/2025 00:00', '12/31/2024 00:00'])).toBe('MM/dd/yyyy');
    expect(detectDateFormat(['03152024', '3152024'])).toBe('MMddyyyy');
    expect(detectDateFormat(['01/15/2025', '1/2/2025', '03/04/2025'])).toBe('M/d/yyyy');
    const dirty = ['01/02/2025', '02/03/2025', '03/04/2025', '04/05/2025', 'N/A'];
    expect(detectDateFormat(dirty)).toBeNull();
    expect(detectDateFormat(dirty, 0.8)).toBe('MM/dd/yyyy');
  });
});
