import { describe, expect, it } from 'vitest';
import { changesSentence, classifyChanges, daysOpen, findingIdentity, sincePreviousLabel, type PreviousFinding } from './changes-since';

const premium = (ssn: string, line = 'MEDICAL') => findingIdentity({ kind: 'DISCREPANCY', data_point: 'Monthly Premium', unique_identifier: `${ssn}|${line}` });
const missing = (ssn: string) => findingIdentity({ kind: 'MISSING_IN_SECONDARY', unique_identifier: `${ssn}|MEDICAL` });
const prev = (identity: string, extra: Partial<PreviousFinding> = {}): PreviousFinding => ({ identity, dismissed: false, ...extra });

const JAN = '2026-01-05T10:00:00.000Z';
const FEB = '2026-02-04T09:00:00.000Z';
const MAR = '2026-03-06T12:00:00.000Z';

describe('finding identity', () => {
  it('is the same across runs whatever the case, spacing or values', () => {
    expect(findingIdentity({ kind: 'DISCREPANCY', data_point: 'monthly  premium', unique_identifier: '123456789 | medical' })).toBe(premium('123456789'));
  });

  it('tells apart the data point, the coverage line, the kind and the duplicate side', () => {
    const ids = new Set([
      premium('123456789'),
      premium('123456789', 'DENTAL'),
      findingIdentity({ kind: 'DISCREPANCY', data_point: 'Coverage Tier', unique_identifier: '123456789|MEDICAL' }),
      missing('123456789'),
      findingIdentity({ kind: 'DUPLICATE', side: 'BASELINE', unique_identifier: '123456789|MEDICAL' }),
      findingIdentity({ kind: 'DUPLICATE', side: 'SECONDARY', unique_identifier: '123456789|MEDICAL' }),
      findingIdentity({ kind: 'MISSING_IN_BASELINE', invoice_kind: 'BILLED_NOT_ENROLLED', coverage_line: 'DENTAL', unique_identifier: '123456789' }),
      findingIdentity({ kind: 'MISSING_IN_BASELINE', invoice_kind: 'BILLED_NOT_ENROLLED', coverage_line: 'VISION', unique_identifier: '123456789' }),
    ]);
    expect(ids.size).toBe(8);
  });
});

describe('classifying a run against the previous one', () => {
  it('without a previous comparison every finding is new, first seen now', () => {
    const result = classifyChanges([premium('1'), missing('2')], null, FEB);
    expect(result.current).toEqual([
      { change_status: 'NEW', first_seen_at: FEB },
      { change_status: 'NEW', first_seen_at: FEB },
    ]);
    expect(result.counts).toEqual({ new: 2, still_open: 0, fixed: 0 });
    expect(result.fixed).toEqual([]);
    expect(result.oldest_open_first_seen_at).toBe(FEB);
  });

  it('a finding still there is still open since it was first seen; one gone is fixed; one appearing is new', () => {
    const before = [prev(premium('1'), { first_seen_at: JAN }), prev(missing('2'), { first_seen_at: JAN }), prev(premium('3'), { first_seen_at: JAN })];
    const result = classifyChanges([premium('1'), premium('4')], before, FEB);
    expect(result.current).toEqual([
      { change_status: 'STILL_OPEN', first_seen_at: JAN },
      { change_status: 'NEW', first_seen_at: FEB },
    ]);
    expect(result.fixed.map((f) => f.identity)).toEqual([missing('2'), premium('3')]);
    expect(result.counts).toEqual({ new: 1, still_open: 1, fixed: 2 });
    expect(result.oldest_open_first_seen_at).toBe(JAN);
  });

  it('carries the first sighting through a chain of runs', () => {
    const feb = classifyChanges([premium('1')], [prev(premium('1'), { first_seen_at: JAN })], FEB);
    const mar = classifyChanges([premium('1')], [prev(premium('1'), { first_seen_at: feb.current[0].first_seen_at })], MAR);
    expect(mar.current[0]).toEqual({ change_status: 'STILL_OPEN', first_seen_at: JAN });
    expect(daysOpen(mar.current[0].first_seen_at, MAR)).toBe(60);
  });

  it('a previous finding without a date of its own was first seen at the previous run', () => {
    expect(classifyChanges([premium('1')], [prev(premium('1'))], FEB, JAN).current[0].first_seen_at).toBe(JAN);
  });

  it('a dismissed finding that is gone is not fixed, and one still there stays open', () => {
    const before = [prev(premium('1'), { dismissed: true }), prev(premium('2'), { dismissed: true })];
    const result = classifyChanges([premium('2')], before, FEB, JAN);
    expect(result.counts).toEqual({ new: 0, still_open: 1, fixed: 0 });
  });

  it('findings sharing an identity pair up one to one', () => {
    const dup = findingIdentity({ kind: 'DUPLICATE', side: 'SECONDARY', unique_identifier: '5|MEDICAL' });
    const result = classifyChanges([dup], [prev(dup, { first_seen_at: JAN }), prev(dup, { first_seen_at: JAN })], FEB);
    expect(result.counts).toEqual({ new: 0, still_open: 1, fixed: 1 });
    const more = classifyChanges([dup, dup], [prev(dup, { first_seen_at: JAN })], FEB);
    expect(more.current.map((c) => c.change_status)).toEqual(['STILL_OPEN', 'NEW']);
  });
});

describe('days open and the one-line sentence', () => {
  it('counts calendar days, 0 on the same day', () => {
    expect(daysOpen(JAN, JAN)).toBe(0);
    expect(daysOpen(JAN, FEB)).toBe(30);
    expect(daysOpen('2026-01-05T23:59:00.000Z', '2026-01-06T00:01:00.000Z')).toBe(1);
  });

  it('says the counts, or that there was no previous audit', () => {
    expect(changesSentence({ previous_comparison_id: 'c1', new: 3, still_open: 1200, fixed: 2 })).toBe(
      'Since the previous audit of this carrier: 3 new, 1,200 still open, 2 fixed.',
    );
    expect(changesSentence({ previous_comparison_id: null, new: 4, still_open: 0, fixed: 0 })).toMatch(/all 4 findings are new/);
    expect(changesSentence(null)).toBe('');
  });
});

describe('the label of a finding', () => {
  it('says New, Still open since the first sighting, or nothing for older results', () => {
    expect(sincePreviousLabel({ change_status: 'NEW', first_seen_at: FEB })).toBe('New');
    expect(sincePreviousLabel({ change_status: 'STILL_OPEN', first_seen_at: JAN })).toBe('Still open since 2026-01-05');
    expect(sincePreviousLabel({})).toBe('');
  });
});
