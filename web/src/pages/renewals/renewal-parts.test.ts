import { describe, expect, it } from 'vitest';
import { timingText } from './renewal-parts';

describe('timingText', () => {
  const r = (over: Partial<Parameters<typeof timingText>[0]>) => ({ step: 'CLIENT_INFORMATION', overdue: false, days_to_go_live: 10, effective_date: '2027-07-01', ...over });
  it('says how long is left, or how late it is', () => {
    expect(timingText(r({}))).toBe('Due in 10 days');
    expect(timingText(r({ days_to_go_live: 1 }))).toBe('Due in 1 day');
    expect(timingText(r({ overdue: true, days_to_go_live: -3 }))).toBe('Overdue by 3 days');
    expect(timingText(r({ step: 'LIVE', days_to_go_live: -3 }))).toBe('Live since 2027-07-01');
    expect(timingText(r({ step: 'CLOSED' }))).toBe('Closed');
  });
});
