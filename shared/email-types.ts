import { defineEnum } from './enum';

/**
 * Notification e-mail types of SPEC §9, and the reminder of a late renewal step; each has an
 * editable template per organization or company.
 */
export const EmailType = defineEnum({
  COMPARISON_TO_VERIFIER: 'Comparison to Verifier',
  COMPARISON_TO_AUDITOR: 'Comparison to Auditor',
  COMPARISON_COMPLETE: 'Comparison Complete',
  RENEWAL_TASK_ASSIGNMENT: 'Renewal Task Assignment',
  RENEWAL_TASK_NOTE: 'Renewal Task Note',
  RENEWAL_TASK_COMPLETE: 'Renewal Task Complete',
  RENEWAL_TASK_ORGANIZATION_MANAGED: 'Renewal Task Organization Managed',
  RENEWAL_TASK_KICKOFF: 'Renewal Task Kickoff',
  COMPARISON_DISCREPANCY_LIMIT: 'Comparison Discrepancy Limit',
  RENEWAL_STEP_OVERDUE: 'Renewal Step Overdue',
});
export type EmailType = (typeof EmailType.values)[number];
