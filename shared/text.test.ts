import { describe, it, expect } from 'vitest';
import { daysSince, initials } from './text';

describe('initials (SPEC §9)', () => {
  it('takes the first letters of the first two words', () => {
    expect(initials('Jane Doe')).toBe('JD');
    expect(initials('mary ann smith')).toBe('MA');
    expect(initials('  Acme   Benefits  ')).toBe('AB');
  });

  it('takes the first two characters of a single word', () => {
    expect(initials('admin')).toBe('AD');
    expect(initials('J')).toBe('J');
  });

  it('is empty for no name', () => {
    expect(initials('')).toBe('');
    expect(initials(null)).toBe('');
  });
});

describe('daysSince (SPEC §9)', () => {
  const now = new Date(2025, 5, 15, 9, 30); // 15 June 2025, 09:30 local

  it('counts whole days from the local start of the day', () => {
    expect(daysSince(new Date(2025, 5, 15, 0, 1), now)).toBe(0);
    expect(daysSince(new Date(2025, 5, 14, 23, 59), now)).toBe(1);
    expect(daysSince(new Date(2025, 5, 14, 9, 31), now)).toBe(1);
    expect(daysSince(new Date(2025, 5, 8, 12, 0), now)).toBe(7);
    expect(daysSince(new Date(2024, 5, 15), now)).toBe(365);
  });

  it('accepts ISO strings and rejects missing or invalid dates', () => {
    expect(daysSince(new Date(2025, 5, 10).toISOString(), now)).toBe(5);
    expect(daysSince(null, now)).toBeNull();
    expect(daysSince('not a date', now)).toBeNull();
  });
});
