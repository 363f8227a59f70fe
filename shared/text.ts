import { differenceInCalendarDays, isValid } from 'date-fns';

/**
 * Avatar initials (SPEC §9): the first letters of the first two words, or the first two
 * characters of a single word, upper-cased. 'Jane Doe' → 'JD', 'Acme' → 'AC'.
 */
export function initials(text: string | null | undefined): string {
  const words = String(text ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  if (words.length === 0) return '';
  // Array.from splits by code point, so an accented or astral first letter is not cut in half.
  if (words.length === 1) return Array.from(words[0]!).slice(0, 2).join('').toUpperCase();
  return (Array.from(words[0]!)[0]! + Array.from(words[1]!)[0]!).toUpperCase();
}

/**
 * Whole days since `date`, counted from the local start of that day (SPEC §9): anything earlier
 * today is 0, any time yesterday is 1. Counted in calendar days so a DST change does not lose one.
 * null for a missing or invalid date.
 */
export function daysSince(date: Date | string | number | null | undefined, now: Date = new Date()): number | null {
  if (date === null || date === undefined || date === '') return null;
  const d = date instanceof Date ? date : new Date(date);
  if (!isValid(d)) return null;
  return differenceInCalendarDays(now, d);
}
