import { defineEnum } from './enum';

/** Renewal steps of SPEC §4, in order. Allowed transitions are not specified. */
export const RenewalStep = defineEnum({
  CLIENT_INFORMATION: 'Client Information',
  PLANS_CHECKLIST: 'Plans Checklist',
  GA_REVIEW_CLIENT_INFORMATION: 'GA Review Client Information',
  GA_REVIEW_PLANS_CHECKLIST: 'GA Review Plans Checklist',
  GA_DEMO_ENVIRONMENT: 'GA Demo Environment',
  REVIEW_DEMO_ENVIRONMENT: 'Review Demo Environment',
  LIVE: 'Live',
  COMPLETED: 'Completed',
  CLOSED: 'Closed',
});
export type RenewalStep = (typeof RenewalStep.values)[number];

/** Status of a client-info, plans-checklist, demo-environment or renewal-plan item. */
export const TaskItemStatus = defineEnum({
  IN_PROGRESS: 'In Progress',
  PENDING_REVIEW: 'Pending Review',
  APPROVED: 'Approved',
});
export type TaskItemStatus = (typeof TaskItemStatus.values)[number];

export const TaskType = defineEnum({ RENEWAL: 'Renewal' });
export type TaskType = (typeof TaskType.values)[number];

export const RenewalEnrollmentType = defineEnum({ ACTIVE: 'Active', PASSIVE: 'Passive' });
export type RenewalEnrollmentType = (typeof RenewalEnrollmentType.values)[number];

export const PassiveEnrollmentEnabled = defineEnum({ BEFORE: 'Before', AFTER: 'After', BOTH: 'Both' });
export type PassiveEnrollmentEnabled = (typeof PassiveEnrollmentEnabled.values)[number];
