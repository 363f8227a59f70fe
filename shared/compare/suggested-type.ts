import type { ColumnRole } from '../columns';
import type { SuggestedType, ValueKind } from './types';

const BY_ROLE: Partial<Record<ColumnRole, SuggestedType>> = {
  first_name: 'NAME_MISMATCH',
  last_name: 'NAME_MISMATCH',
  full_name: 'NAME_MISMATCH',
  dob: 'DOB_MISMATCH',
  gender: 'GENDER_MISMATCH',
  coverage_tier: 'COVERAGE_TIER',
  term_date: 'TERM',
  plan: 'WRONG_PLAN',
  benefit_amount: 'BENEFIT_AMOUNT',
};

/**
 * The discrepancy type a difference most likely is, from what the column holds; for money the size
 * of the difference tells a one-cent rounding apart from a real cost difference. Null when the
 * column says nothing (an address, a hire date): the verifier decides.
 */
export function suggestType(
  role: ColumnRole | null,
  kind: ValueKind,
  baselineNormalised: string | number,
  secondaryNormalised: string | number,
): SuggestedType | null {
  if (role === 'money' && kind === 'number') {
    if (typeof baselineNormalised === 'number' && typeof secondaryNormalised === 'number') {
      return Math.abs(baselineNormalised - secondaryNormalised) <= 1 ? 'ROUNDING' : 'COST';
    }
    return 'COST';
  }
  if (role === 'money') return 'COST';
  return role ? BY_ROLE[role] ?? null : null;
}
