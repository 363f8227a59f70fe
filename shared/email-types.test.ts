import { describe, it, expect } from 'vitest';
import { EmailType } from './email-types';

describe('e-mail types (SPEC §9)', () => {
  it('has the nine notification types in spec order, then the late-step reminder', () => {
    expect(EmailType.values).toEqual([
      'COMPARISON_TO_VERIFIER',
      'COMPARISON_TO_AUDITOR',
      'COMPARISON_COMPLETE',
      'RENEWAL_TASK_ASSIGNMENT',
      'RENEWAL_TASK_NOTE',
      'RENEWAL_TASK_COMPLETE',
      'RENEWAL_TASK_ORGANIZATION_MANAGED',
      'RENEWAL_TASK_KICKOFF',
      'COMPARISON_DISCREPANCY_LIMIT',
      'RENEWAL_STEP_OVERDUE',
    ]);
  });

  it('labels each type for the templates page', () => {
    expect(EmailType.label('RENEWAL_TASK_KICKOFF')).toBe('Renewal Task Kickoff');
    expect(EmailType.label('COMPARISON_TO_VERIFIER')).toBe('Comparison to Verifier');
    expect(EmailType.schema.safeParse('WELCOME').success).toBe(false);
  });
});
