import type { ColumnRole } from '../columns';
import { rolesOfPair } from './column-roles';

/**
 * What a comparison matching by person needs among its data points in place of an identifier: the
 * date of birth, a last name and a first name (a full-name column serves as either). Zip, gender
 * and relationship are used when chosen, never required.
 */
export type PersonField = 'date of birth' | 'last name' | 'first name';

const NEEDS: ReadonlyArray<{ field: PersonField; roles: readonly ColumnRole[] }> = [
  { field: 'date of birth', roles: ['dob'] },
  { field: 'last name', roles: ['last_name', 'full_name'] },
  { field: 'first name', roles: ['first_name', 'full_name'] },
];

type Pair = { baseline_column_name: string; secondary_column_name: string };

/** The person fields no chosen data point holds, in the order above; empty when all are there. */
export function missingPersonFields(points: readonly Pair[]): PersonField[] {
  const roles = new Set(points.map((p) => rolesOfPair(p.baseline_column_name, p.secondary_column_name)));
  return NEEDS.filter((n) => !n.roles.some((r) => roles.has(r))).map((n) => n.field);
}

export const PERSON_FIELDS_RULE =
  'Matching by person needs the date of birth, the last name and the first name of both files as data points (a full name serves for both names; zip, gender and relationship help when chosen).';

/** The rule with what is missing, as the API and the page word it; null when nothing is. */
export function personFieldsProblem(points: readonly Pair[]): string | null {
  const missing = missingPersonFields(points);
  if (missing.length === 0) return null;
  return `${PERSON_FIELDS_RULE} Missing: ${missing.join(', ')}.`;
}

/** Whether a comparison pairs its rows by person (an invoice reconciliation never does). */
export function matchesByPerson(comparison: { match_by?: string | null; audit_type?: string | null }): boolean {
  return comparison.match_by === 'PERSON' && comparison.audit_type !== 'INVOICE_RECONCILIATION';
}
