/**
 * Which column of a table holds each field an 834 carries: the reader's own column names first (a
 * file read from an 834 maps one to one), then the platform's column roles ('Employee SSN' is the
 * subscriber, 'DOB' the date of birth), then a few headers the roles leave out (city, state, the
 * effective date). The first column found keeps a field, except that a premium column is preferred
 * over other money columns (an employee's cost is not what the carrier bills).
 */
import { columnRole, headerWords, type ColumnRole } from '../columns';
import { X12_834_COLUMNS } from './x12-834';
import type { X12Column } from './x12-834-writer';

const FIELD_OF_ROLE: Partial<Record<ColumnRole, X12Column>> = {
  subscriber_ssn: 'Subscriber SSN',
  ssn: 'Member SSN',
  first_name: 'First Name',
  last_name: 'Last Name',
  dob: 'Date of Birth',
  hire_date: 'Date of Hire',
  term_date: 'Term Date',
  relationship: 'Relationship',
  gender: 'Gender',
  coverage_tier: 'Coverage Tier',
  benefit_type: 'Benefit Type',
  plan: 'Plan',
  money: 'Premium',
  benefit_amount: 'Benefit Amount',
  zip: 'Zip',
  address_2: 'Address 2',
  address: 'Address 1',
};

const FIELD_OF_WORDS: ReadonlyArray<[RegExp, X12Column]> = [
  [/^(member )?city$/, 'City'],
  [/^(member )?state( code)?$/, 'State'],
  [/\beffective( date)?\b|\bstart date\b|\bcoverage begin/, 'Effective Date'],
  [/\bmiddle (name|initial)\b|^mi$/, 'Middle Name'],
  [/\bgroup (number|id|no)\b|\bpolicy number\b/, 'Group Number'],
];

export function x12FieldOf(column: string): X12Column | null {
  const wanted = column.trim().toLowerCase();
  const own = [...X12_834_COLUMNS, 'Benefit Amount' as const].find((c) => c.toLowerCase() === wanted);
  if (own) return own;
  const role = columnRole(column);
  const byRole = role ? FIELD_OF_ROLE[role] : undefined;
  if (byRole) return byRole;
  const words = headerWords(column);
  return FIELD_OF_WORDS.find(([pattern]) => pattern.test(words))?.[1] ?? null;
}

/** The position of the column that holds each 834 field, for a table with these columns. */
export function x12ColumnsOf(columns: readonly string[]): Map<X12Column, number> {
  const at = new Map<X12Column, number>();
  columns.forEach((name, i) => {
    const field = x12FieldOf(name);
    if (!field) return;
    const taken = at.get(field);
    const better = field === 'Premium' && taken !== undefined && !/premium/i.test(columns[taken] ?? '') && /premium/i.test(name);
    if (taken === undefined || better) at.set(field, i);
  });
  return at;
}

/** A table row as the 834 writer takes it. */
export function x12ValuesOf(row: readonly (string | null | undefined)[], columns: ReadonlyMap<X12Column, number>): Partial<Record<X12Column, string>> {
  const values: Partial<Record<X12Column, string>> = {};
  for (const [field, i] of columns) values[field] = String(row[i] ?? '');
  return values;
}
