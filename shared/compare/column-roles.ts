/**
 * Column roles for the engine. The recognition rule itself is shared/columns.ts (`columnRole`,
 * `isDateColumn`, `normaliseHeader`); `recogniseColumn` and `isDateColumnName` are their names in
 * the engine's public API (shared/compare), kept for existing importers.
 */
import { columnRole, type ColumnRole } from '../columns';

export { columnRole as recogniseColumn, isDateColumn as isDateColumnName } from '../columns';
export type { ColumnRole } from '../columns';

export function isSsnRole(role: ColumnRole | null): boolean {
  return role === 'ssn' || role === 'subscriber_ssn';
}

/** The role of a compared pair: the baseline header decides, the carrier header fills in. */
export function rolesOfPair(baselineName: string, secondaryName: string): ColumnRole | null {
  return columnRole(baselineName) ?? columnRole(secondaryName);
}

/** Money and benefit amounts: the pairs whose differences a numeric tolerance may absorb. */
export function isAmountPair(baselineName: string, secondaryName: string): boolean {
  const role = rolesOfPair(baselineName, secondaryName);
  return role === 'money' || role === 'benefit_amount';
}
