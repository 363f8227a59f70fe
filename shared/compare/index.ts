/**
 * The comparison engine: pure functions over rows. See docs/compare.md for the semantics.
 */
export { compareTables, compareTablesSync } from './compare-tables';
export { checkIdentifierUniqueness } from './identifier-uniqueness';
export { suggestDataPoints, suggestCompositeIdentifier } from './suggest-data-points';
export { recogniseColumn, isDateColumnName } from './column-roles';
export { DATE_FORMATS, detectDateFormat, dateParser } from '../dates';
export type { ColumnDateFormat as DateFormat } from '../dates';
export { parseNumber, round2 } from '../numbers';
export * from './types';
