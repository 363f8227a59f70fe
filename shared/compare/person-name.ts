import { normaliseName } from './text';

/**
 * Members as list bills name them: one column ('Member Name', 'Employee Name', 'Insured Name'),
 * usually 'LAST, FIRST' or 'LAST, FIRST M', sometimes 'First M Last'. A name key compares such a
 * cell with a baseline's first and last name columns.
 */
export interface PersonName {
  first: string;
  last: string;
}

const SUFFIXES = new Set(['jr', 'sr', 'ii', 'iii', 'iv', 'v', 'md', 'phd', 'esq']);
const isSuffix = (word: string) => SUFFIXES.has(word.toLowerCase().replace(/\./g, ''));

/** First and last name of a full-name cell; null when it holds no name. */
export function splitFullName(raw: string): PersonName | null {
  const s = raw.trim().replace(/\s+/g, ' ');
  if (s === '') return null;
  const comma = s.indexOf(',');
  if (comma >= 0) {
    const last = s.slice(0, comma).trim().split(' ').filter((w) => !isSuffix(w)).join(' ');
    const rest = s.slice(comma + 1).trim().split(' ').filter((w) => w && !isSuffix(w));
    return last || rest.length ? { last, first: rest[0] ?? '' } : null;
  }
  const words = s.split(' ').filter((w) => !isSuffix(w));
  if (words.length === 1) return { first: '', last: words[0]! };
  return { first: words[0]!, last: words[words.length - 1]! };
}

/** The key two names share when they name the same person ('SMITH, JOHN A' and John / Smith). */
export function nameKey(first: string, last: string): string {
  const l = normaliseName(last.trim());
  const f = normaliseName(first.trim().split(/\s+/)[0] ?? '');
  return l || f ? `${l}|${f}` : '';
}
