import { C } from '../fixtures/generator/file-layouts';
import { generatePersonPair, type PersonPairFixture } from '../fixtures/generator/person-pairs';
import { csvLine } from '../fixtures/generator/write-files';

/**
 * A pair of files that share no identifier (the carrier writes its own member ids, and some
 * nicknames), in which two carrier employees are changed enough to fall below the default
 * threshold: row A carries another given name altogether, row B a DOB one digit apart and
 * another zip. For the API and page tests of matching by person.
 */
export function personMatchFixture(seed: string): PersonPairFixture & { rowA: number; rowB: number } {
  const fixture = generatePersonPair({ rows: 40, seed, perturbation: 'nickname', rate: 0.3, missingRate: 0 });
  const rows = fixture.secondary.rows;
  const rowA = rows.findIndex((r) => r[C['Rel Code']] === 'EE');
  const rowB = rows.findIndex((r, i) => i !== rowA && r[C['Rel Code']] === 'EE' && r[C.LNAME] !== rows[rowA]![C.LNAME]);
  rows[rowA]![C.FNAME] = 'ZEBEDIAH';
  const dob = rows[rowB]![C['Birth Date']]!;
  rows[rowB]![C['Birth Date']] = dob.slice(0, 7) + (dob[7] === '1' ? '2' : '1');
  rows[rowB]![C['Zip Code']] = '99999';
  return { ...fixture, rowA, rowB };
}

export const csvFile = (name: string, table: { columns: readonly string[]; rows: readonly (readonly string[])[] }) => ({
  name,
  bytes: Buffer.from([table.columns, ...table.rows].map(csvLine).join('\n') + '\n'),
  contentType: 'text/csv',
});
