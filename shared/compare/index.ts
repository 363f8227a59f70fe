/**
 * The comparison engine: pure functions over rows. See docs/compare.md for the semantics.
 */
export { compareTables, compareTablesSync, SAMPLE_ROWS } from './compare-tables';
export { checkIdentifierUniqueness } from './identifier-uniqueness';
export type { IdentifierUniqueness, RepeatedIdentifier, SideUniqueness } from './identifier-uniqueness';
export { suggestDataPoints, suggestCompositeIdentifier, headerSimilarity } from './suggest-data-points';
export type { DataPointSuggestion, SuggestionReason } from './suggest-data-points';
export { recogniseColumn, isDateColumnName, normaliseHeader } from './column-roles';
export type { ColumnRole } from './column-roles';
export { DATE_FORMATS, detectDateFormat, dateParser } from '../dates';
export type { ColumnDateFormat as DateFormat } from '../dates';
export { normaliseSsn } from './ssn';
export { parseNumber, parseCents, round2 } from '../numbers';
export { normaliseText } from './text';
export { isMappablePair, NOT_MAPPABLE_MESSAGE } from './value-mapping';
export { applyDiscrepancyFunction } from './discrepancy-function';
export * from './types';
