import { defineEnum } from './enum';

/** The eighteen discrepancy types of SPEC §4, in spec order. */
export const DiscrepancyType = defineEnum({
  MISSING_ENROLLMENT: 'Missing Enrollment',
  ROUNDING: 'Rounding',
  COST: 'Cost',
  COVERAGE_TIER: 'Coverage Tier',
  IGNORE: 'Ignore',
  BENEFIT_AMOUNT: 'Benefit Amount',
  DUPLICATE: 'Duplicate',
  CONFIRMED: 'Confirmed',
  WRONG_PLAN: 'Wrong Plan',
  NAME_MISMATCH: 'Name Mismatch',
  DOB_MISMATCH: 'DOB Mismatch',
  TIMING_ISSUE: 'Timing Issue',
  TERM: 'Term',
  COBRA: 'COBRA',
  DROPPED_COVERAGE_AT_OE: 'Dropped Coverage at OE',
  EOI_PENDING: 'EOI Pending',
  GENDER_MISMATCH: 'Gender Mismatch',
  OTHER: 'Other',
});
export type DiscrepancyType = (typeof DiscrepancyType.values)[number];
