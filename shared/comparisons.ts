import { defineEnum } from './enum';

/** Comparison types of SPEC §1. */
export const ComparisonType = defineEnum({
  COMPARE_ONLY: 'Compare Only',
  COMPARE_MERGE: 'Compare & Merge',
  MERGE_ONLY: 'Merge Only',
});
export type ComparisonType = (typeof ComparisonType.values)[number];

/** The modes a user picks from (SPEC §1): merge-only is not offered as a choice. */
export const ComparisonMode = defineEnum({
  COMPARE_ONLY: 'Compare Only',
  COMPARE_MERGE: 'Compare & Merge',
});
export type ComparisonMode = (typeof ComparisonMode.values)[number];

/** Text marking merged values and merge comparisons (SPEC §1). */
export const MERGE_MARKER = '[merge]';

/** Whether a comparison of this type produces merged data. */
export function isMergeComparison(type: unknown): boolean {
  return type === 'COMPARE_MERGE' || type === 'MERGE_ONLY';
}

/** Audit types of SPEC §1; the spec gives labels only, so values are their upper-snake forms. */
export const AuditType = defineEnum({
  GENERAL_AUDIT: 'General Audit',
  ENROLLMENT_AUDIT: 'Enrollment Audit',
  POST_OPEN_ENROLLMENT_AUDIT: 'Post Open Enrollment Audit',
  PRE_PRODUCTION_AUDIT: 'Pre-Production Audit',
  POST_PRODUCTION_AUDIT: 'Post Production Audit',
  INVOICE_RECONCILIATION: 'Invoice Reconciliation',
  OTHER: 'Other',
});
export type AuditType = (typeof AuditType.values)[number];

/** Comparison steps of SPEC §4, in their order (the order drives the step numbers). */
export const ComparisonStep = defineEnum({
  IMPORT_DATA: 'Import Data',
  SELECT_DATA_POINTS: 'Select Data Points',
  MAP_DATA: 'Map Data',
  COMPARE: 'Compare',
  VIEW_REPORTS: 'View Reports',
  VERIFY_DISCREPANCIES: 'Verify Discrepancies',
  VERIFY_MISSING_DATA: 'Verify Missing Data',
  COMPLETE: 'Complete',
});
export type ComparisonStep = (typeof ComparisonStep.values)[number];

/**
 * The state of a comparison's last run. AWAITING_MATCH_CONFIRMATION: a run matching by person
 * stopped before comparing because proposed pairs wait under Confirm matches; it is not a failure
 * (docs/compare.md "Matching by person").
 */
export const ComparisonStatus = defineEnum({
  RUNNING: 'Running',
  AWAITING_MATCH_CONFIRMATION: 'Waiting for match confirmation',
  SUCCEEDED: 'Succeeded',
  FAILED: 'Failed',
});
export type ComparisonStatus = (typeof ComparisonStatus.values)[number];

/** The run is stopped, not running, and did not fail: it waits for the user to confirm matches. */
export const AWAITING_MATCH_CONFIRMATION: ComparisonStatus = 'AWAITING_MATCH_CONFIRMATION';

/** What a run waiting for confirmation says, from the count of proposals still undecided. */
export function awaitingMatchesText(waiting: number): string {
  const n = waiting.toLocaleString('en-US');
  return waiting === 1
    ? '1 proposed match waits for confirmation. Accept or reject it under Confirm matches, then run the comparison again.'
    : `${n} proposed matches wait for confirmation. Accept or reject each under Confirm matches, then run the comparison again.`;
}

/** The step that needs an override to be reached (SPEC §4). */
export const OVERRIDE_REQUIRED_STEP: ComparisonStep = 'VERIFY_DISCREPANCIES';

/**
 * The full ordered step list the numbering rule runs over. SPEC §4 shows eight steps but says "the
 * full ordered list of task steps is not shown beyond this", and calls the verify-discrepancies
 * step "number 6". Both hold only if one unshown step sits between VIEW_REPORTS and
 * VERIFY_DISCREPANCIES (position 5): then "position plus one, minus one when [the position is]
 * above 4" gives VIEW_REPORTS 5, the unshown step 5, VERIFY_DISCREPANCIES 6. Reading the rule over
 * the eight shown steps alone would give VIEW_REPORTS and VERIFY_DISCREPANCIES the same number, and
 * then no comparison could ever move on to verification.
 */
const FULL_STEP_ORDER: readonly (ComparisonStep | null)[] = [
  'IMPORT_DATA',
  'SELECT_DATA_POINTS',
  'MAP_DATA',
  'COMPARE',
  'VIEW_REPORTS',
  null, // not shown by the spec
  'VERIFY_DISCREPANCIES',
  'VERIFY_MISSING_DATA',
  'COMPLETE',
];

/**
 * SPEC §4: "A step's number is its position plus one, minus one when above 4", over the full step
 * list: IMPORT_DATA 1, SELECT_DATA_POINTS 2, MAP_DATA 3, COMPARE 4, VIEW_REPORTS 5,
 * VERIFY_DISCREPANCIES 6, VERIFY_MISSING_DATA 7, COMPLETE 8. An unknown step has number 0, so it is
 * never "above" a real step and never done.
 */
export function stepNumber(step: unknown): number {
  const position = ComparisonStep.is(step) ? FULL_STEP_ORDER.indexOf(step) : -1;
  if (position < 0) return 0;
  return position + 1 - (position > 4 ? 1 : 0);
}

/**
 * SPEC §4: reachable only if its number is greater than the current step's number; the
 * verify-discrepancies step is blocked unless an override is given (with the override the
 * ordinary number rule applies to it).
 */
export function isStepReachable(step: ComparisonStep, currentStep: unknown, options: { override?: boolean } = {}): boolean {
  if (step === OVERRIDE_REQUIRED_STEP && !options.override) return false;
  return stepNumber(step) > stepNumber(currentStep);
}

/** SPEC §4: done when its number is lower than the current step's, or when the comparison is COMPLETE. */
export function isStepDone(step: ComparisonStep, currentStep: unknown): boolean {
  if (currentStep === 'COMPLETE') return true;
  return stepNumber(step) < stepNumber(currentStep);
}
