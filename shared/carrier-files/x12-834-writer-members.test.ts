import { describe, expect, it } from 'vitest';
import type { X12Line } from './x12-834-writer';
import { membersOf } from './x12-834-writer-members';

const line = (member: number, coverage: string): X12Line => ({ values: { 'Member SSN': String(100000000 + member), 'Benefit Type': coverage }, maintenance: '030' });
const COVERAGES = ['MEDICAL', 'DENTAL', 'VISION'];

async function grouped(lines: readonly X12Line[], budget: number) {
  let passes = 0;
  const members: string[][] = [];
  for await (const member of membersOf(
    () => {
      passes++;
      return lines;
    },
    { budget },
  )) {
    members.push(member.map((l) => `${l.values['Member SSN']!.slice(-2)} ${l.values['Benefit Type']}`));
  }
  return { members, passes };
}

describe('members of an 834 from lines read more than once', () => {
  const expected = Array.from({ length: 10 }, (_, m) => COVERAGES.map((c) => `${String(m).padStart(2, '0')} ${c}`));

  it('lines listed member by member: each member whole, in order, in one pass after the numbering', async () => {
    const lines = Array.from({ length: 10 }, (_, m) => COVERAGES.map((c) => line(m, c))).flat();
    expect(await grouped(lines, 6)).toEqual({ members: expected, passes: 2 });
  });

  it('lines listed by coverage: the same members, a pass per budget of lines held', async () => {
    const lines = COVERAGES.flatMap((c) => Array.from({ length: 10 }, (_, m) => line(m, c)));
    // 30 lines, 6 held at most: two members of three lines a pass, five passes after the numbering.
    expect(await grouped(lines, 6)).toEqual({ members: expected, passes: 6 });
    // A member with more lines than the budget still goes, alone.
    expect(await grouped(lines, 2)).toEqual({ members: expected, passes: 11 });
  });
});
