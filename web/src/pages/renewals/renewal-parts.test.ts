import { describe, expect, it } from 'vitest';
import { attachmentProblem, defaultRenewalYear, fileSize, personLabel, timingText } from './renewal-parts';

describe('timingText', () => {
  const r = (over: Partial<Parameters<typeof timingText>[0]>) => ({ step: 'CLIENT_INFORMATION', overdue: false, days_to_go_live: 10, effective_date: '2027-07-01', ...over });
  it('says how long is left, or how late it is', () => {
    expect(timingText(r({}))).toBe('Due in 10 days');
    expect(timingText(r({ days_to_go_live: 1 }))).toBe('Due in 1 day');
    expect(timingText(r({ days_to_go_live: 0 }))).toBe('Goes live today');
    expect(timingText(r({ overdue: true, days_to_go_live: -1 }))).toBe('Overdue by 1 day');
    expect(timingText(r({ overdue: true, days_to_go_live: -3 }))).toBe('Overdue by 3 days');
    expect(timingText(r({ step: 'LIVE', days_to_go_live: -3 }))).toBe('Live since 2027-07-01');
    expect(timingText(r({ step: 'COMPLETED' }))).toBe('Completed');
    expect(timingText(r({ step: 'CLOSED' }))).toBe('Closed');
  });
});

describe('defaultRenewalYear', () => {
  const years = [2025, 2026, 2027];
  const nov = new Date('2026-11-24T10:00:00Z');
  it('is the next time the month begins', () => {
    expect(defaultRenewalYear('DECEMBER', years, nov)).toBe(2026);
    expect(defaultRenewalYear('JULY', years, nov)).toBe(2027);
    expect(defaultRenewalYear('NOVEMBER', years, nov)).toBe(2027);
    expect(defaultRenewalYear('JANUARY', years, new Date('2026-01-01T00:00:00Z'))).toBe(2027);
  });
  it('is next year without a month, and never a year not offered', () => {
    expect(defaultRenewalYear('', years, nov)).toBe(2027);
    expect(defaultRenewalYear('JULY', [2025, 2026], nov)).toBe(2026);
  });
});

describe('attachmentProblem', () => {
  it('refuses what the API refuses, in its words', () => {
    expect(attachmentProblem({ name: 'rates.csv', size: 30 })).toBeNull();
    expect(attachmentProblem({ name: 'rates.csv', size: 10485760 })).toBeNull();
    expect(attachmentProblem({ name: 'rates.csv', size: 10485761 })).toBe('The file rates.csv is larger than 10 MB (10485760 bytes).');
    expect(attachmentProblem({ name: 'setup.exe', size: 30 })).toMatch(/^The file setup.exe is not a type that can be attached\./);
  });
});

describe('labels', () => {
  it('names people with their e-mail, and sizes in KB or MB', () => {
    expect(personLabel({ first_name: 'Ann', last_name: 'Lee', email: 'ann@x.example' })).toBe('Ann Lee · ann@x.example');
    expect(personLabel({ first_name: null, last_name: null, email: 'ann@x.example' })).toBe('ann@x.example');
    expect(fileSize(30)).toBe('1 KB');
    expect(fileSize(5 * 1048576)).toBe('5.0 MB');
  });
});
