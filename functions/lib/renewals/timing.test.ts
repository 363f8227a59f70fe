import { describe, expect, it } from 'vitest';
import { isOverdue, stepDueDate } from './timing';

describe('step due dates', () => {
  it('puts every step before going live on the go-live date, and none on LIVE, COMPLETED or CLOSED', () => {
    for (const step of ['CLIENT_INFORMATION', 'PLANS_CHECKLIST', 'GA_REVIEW_CLIENT_INFORMATION', 'GA_REVIEW_PLANS_CHECKLIST', 'GA_DEMO_ENVIRONMENT', 'REVIEW_DEMO_ENVIRONMENT']) {
      expect(stepDueDate(step, '2027-03')).toBe('2027-03-01');
    }
    for (const step of ['LIVE', 'COMPLETED', 'CLOSED']) expect(stepDueDate(step, '2027-03')).toBeNull();
  });

  it('makes a step late from the day after its due date (UTC days)', () => {
    expect(isOverdue('PLANS_CHECKLIST', '2027-03', new Date('2027-03-01T23:59:59Z'))).toBe(false);
    expect(isOverdue('PLANS_CHECKLIST', '2027-03', new Date('2027-03-02T00:00:00Z'))).toBe(true);
    expect(isOverdue('LIVE', '2027-03', new Date('2028-01-01T00:00:00Z'))).toBe(false);
  });
});
