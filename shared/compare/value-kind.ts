import { isDateColumn, type ColumnRole } from '../columns';
import { isSsnRole } from './column-roles';
import { detectDateFormat } from '../dates';
import { parseNumber } from '../numbers';
import type { ValueKind } from './types';

const TEXT_ROLES: ReadonlySet<ColumnRole> = new Set<ColumnRole>([
  'first_name',
  'last_name',
  'full_name',
  'relationship',
  'gender',
  'coverage_tier',
  'benefit_type',
  'plan',
  'zip',
  'address',
  'address_2',
]);

const LEADING_ZERO_CODE = /^0\d/;

function share(values: readonly string[], test: (v: string) => boolean): number {
  let nonEmpty = 0;
  let hits = 0;
  for (const v of values) {
    if (v.trim() === '') continue;
    nonEmpty++;
    if (test(v)) hits++;
  }
  return nonEmpty === 0 ? 1 : hits / nonEmpty;
}

function isNumeric(v: string): boolean {
  return !Number.isNaN(parseNumber(v)) && !LEADING_ZERO_CODE.test(v.trim());
}

/**
 * The kind a data point compares as: the headers decide when they are recognised (SSN names,
 * SPEC §5 date terms, names and codes), otherwise samples of both columns' values do.
 */
export function inferValueKind(
  role: ColumnRole | null,
  baselineName: string,
  secondaryName: string,
  baselineSample: readonly string[],
  secondarySample: readonly string[],
): ValueKind {
  if (isSsnRole(role)) return 'ssn';
  if (isDateColumn(baselineName) || isDateColumn(secondaryName)) return 'date';
  if (role && TEXT_ROLES.has(role)) return 'text';
  const bothNumeric = share(baselineSample, isNumeric) >= 0.95 && share(secondarySample, isNumeric) >= 0.95;
  if (role === 'money' || role === 'benefit_amount') return bothNumeric ? 'number' : 'text';
  const hasValues = baselineSample.some((v) => v.trim() !== '') || secondarySample.some((v) => v.trim() !== '');
  if (!hasValues) return 'text';
  // yyyyMMdd values are numbers too, so dates are tried first, but only when one side has a
  // separator that makes the date reading certain.
  const bDate = detectDateFormat(baselineSample, 0.95);
  const sDate = detectDateFormat(secondarySample, 0.95);
  const hasSeparator = (f: string | null) => f !== null && (f === 'ISO' || /[/-]/.test(f));
  if (bDate && sDate && (hasSeparator(bDate) || hasSeparator(sDate))) return 'date';
  if (bothNumeric) return 'number';
  return 'text';
}
