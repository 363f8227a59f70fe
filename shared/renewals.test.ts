import { describe, it, expect } from 'vitest';
import { PassiveEnrollmentEnabled, RenewalEnrollmentType, RenewalStep, TaskItemStatus, TaskType } from './renewals';

describe('renewal vocabulary (SPEC §4)', () => {
  it('lists the renewal steps from client information to closed', () => {
    expect(RenewalStep.values).toEqual([
      'CLIENT_INFORMATION',
      'PLANS_CHECKLIST',
      'GA_REVIEW_CLIENT_INFORMATION',
      'GA_REVIEW_PLANS_CHECKLIST',
      'GA_DEMO_ENVIRONMENT',
      'REVIEW_DEMO_ENVIRONMENT',
      'LIVE',
      'COMPLETED',
      'CLOSED',
    ]);
    expect(RenewalStep.label('CLIENT_INFORMATION')).toBe('Client Information');
  });

  it('tracks task items as in progress, pending review or approved', () => {
    expect(TaskItemStatus.values).toEqual(['IN_PROGRESS', 'PENDING_REVIEW', 'APPROVED']);
    expect(TaskItemStatus.label('PENDING_REVIEW')).toBe('Pending Review');
    expect(TaskItemStatus.schema.safeParse('DONE').success).toBe(false);
  });

  it('has the single task type RENEWAL', () => {
    expect(TaskType.values).toEqual(['RENEWAL']);
  });

  it('has active and passive enrollment, with passive enrollment before, after or both', () => {
    expect(RenewalEnrollmentType.values).toEqual(['ACTIVE', 'PASSIVE']);
    expect(PassiveEnrollmentEnabled.values).toEqual(['BEFORE', 'AFTER', 'BOTH']);
  });
});
