import { normaliseText } from './text';
import type { ValueMapping } from './types';
import { isDateColumnName, recogniseColumn, type ColumnRole } from './column-roles';

/**
 * Translates a secondary value into the baseline's vocabulary ('MED' → 'MEDICAL'). Sources match
 * trimmed and case-insensitively; several sources may share a target. Values with no mapping pass
 * through unchanged, so a partly filled mapping still compares the rest as they are.
 */
export function buildValueMapper(mapping: ValueMapping | null | undefined): ((raw: string) => string) | null {
  if (!mapping || mapping.fields.length === 0) return null;
  const targets = new Map<string, string>();
  for (const { source, target } of mapping.fields) {
    const key = normaliseText(source);
    // The first entry wins, as in the mapping editor's order.
    if (!targets.has(key)) targets.set(key, target);
  }
  return (raw) => targets.get(normaliseText(raw)) ?? raw;
}

/**
 * Columns whose values are people's own (identifiers, names, dates, money, addresses) rather than a
 * vocabulary a carrier spells its own way. Their values are never listed for mapping: listing them
 * would hand out SSNs and birth dates, and there is nothing to map.
 */
const NOT_A_VOCABULARY: ReadonlySet<ColumnRole> = new Set<ColumnRole>([
  'ssn', 'subscriber_ssn', 'first_name', 'last_name', 'full_name', 'dob', 'hire_date', 'term_date',
  'money', 'benefit_amount', 'address', 'address_2', 'zip',
]);

/** Roles whose values are a short list a carrier spells its own way, even inside a composite identifier. */
const VOCABULARY: ReadonlySet<ColumnRole> = new Set<ColumnRole>(['benefit_type', 'plan', 'coverage_tier', 'relationship', 'gender']);

/**
 * May this pair of columns be value-mapped (Map data)? Not people's own values; and of the
 * identifier's parts only a vocabulary (the benefit type beside the SSN), never the member's id.
 */
export function isMappablePair(pair: { baseline_column_name: string; secondary_column_name: string; is_unique_identifier?: boolean | null }): boolean {
  if (isDateColumnName(pair.baseline_column_name) || isDateColumnName(pair.secondary_column_name)) return false;
  const role = recogniseColumn(pair.baseline_column_name) ?? recogniseColumn(pair.secondary_column_name);
  if (pair.is_unique_identifier) return !!role && VOCABULARY.has(role);
  return !role || !NOT_A_VOCABULARY.has(role);
}

export const NOT_MAPPABLE_MESSAGE =
  'This data point holds identifiers, names, dates, amounts or addresses: its values are not a list to map, so they are not shown.';
