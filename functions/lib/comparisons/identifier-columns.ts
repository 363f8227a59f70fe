import { columnRole, headerWords, type ColumnRole } from '../../../shared/columns';

/** Roles an identifier is made of: the member or subscriber SSN, and what completes it (a row per benefit). */
const IDENTIFIER_ROLES: ReadonlySet<ColumnRole> = new Set<ColumnRole>(['ssn', 'subscriber_ssn', 'benefit_type', 'plan']);

/** Header words of an identifier column no role names: 'Employee ID', 'Member Number', 'Cert No'. */
const ID_WORDS = /(^| )(id|number|no|num|key|code)( |$)/;

/**
 * Whether a column is one an identifier is usually made of. Their cells are stored again column by
 * column when a file is read, so the identifier check reads them alone; an identifier of other
 * columns is checked on the whole rows, with the same outcome.
 */
export function isIdentifierCandidate(column: string): boolean {
  const role = columnRole(column);
  if (role) return IDENTIFIER_ROLES.has(role);
  return column.includes('#') || ID_WORDS.test(headerWords(column));
}
