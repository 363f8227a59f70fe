import { describe, expect, it } from 'vitest';
import { memberSegments, type X12Values } from './x12-834-writer';

const lifeLine = (extra: X12Values): X12Values => ({
  'Member SSN': '123456789',
  Relationship: 'Self',
  'Last Name': 'Doe',
  'First Name': 'Jane',
  'Benefit Type': 'Life',
  Plan: 'BASIC LIFE',
  'Benefit Amount': '$50,000',
  ...extra,
});

const amounts = (values: X12Values) =>
  memberSegments([{ values, maintenance: '030' }])
    .filter((s) => s.tag === 'AMT')
    .map((s) => [s.tag, ...s.elements].join('*'));

describe('the volume of a coverage written to an 834', () => {
  it('is written back under the D2 or B9 the carrier used for it', () => {
    expect(amounts(lifeLine({ 'Benefit Amount Qualifier': 'D2' }))).toEqual(['AMT*D2*50000']);
    expect(amounts(lifeLine({ 'Benefit Amount Qualifier': 'B9' }))).toEqual(['AMT*B9*50000']);
  });

  it('is AMT*FK when the line has no qualifier, or one that is not a volume', () => {
    expect(amounts(lifeLine({}))).toEqual(['AMT*FK*50000']);
    expect(amounts(lifeLine({ 'Benefit Amount Qualifier': 'P3' }))).toEqual(['AMT*FK*50000']);
  });
});
