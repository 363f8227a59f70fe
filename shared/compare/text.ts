/**
 * Text normalisation for comparisons. Files from different systems disagree on case and on
 * incidental spacing ("SMITH  JR" vs "Smith Jr"), which users do not count as differences.
 */

const WHITESPACE_RUN = /\s+/g;
const NEEDS_COLLAPSE = /\s\s|[\t\n\r\f\v\u00a0]/;

/** Trims and collapses internal whitespace runs to one space. */
export function collapseWhitespace(raw: string): string {
  const trimmed = raw.trim();
  // The regex replace is the costly part; most cells have nothing to collapse.
  return NEEDS_COLLAPSE.test(trimmed) ? trimmed.replace(WHITESPACE_RUN, ' ') : trimmed;
}

export function normaliseText(raw: string, caseSensitive = false): string {
  const collapsed = collapseWhitespace(raw);
  return caseSensitive ? collapsed : collapsed.toLowerCase();
}

const PLAIN_LOWER = /^[a-z]*$/;
const DIACRITICS = /[\u0300-\u036f]/g;
const NOT_LETTER_OR_DIGIT = /[^\p{L}\p{N}]+/gu;

/**
 * A person's name as carriers' systems keep it: many store no accents, apostrophes, hyphens or
 * periods, and some run the parts of a name together. 'José' = 'JOSE', "O'Brien" = 'OBRIEN',
 * 'Smith-Jones' = 'SMITH JONES', 'De La Cruz' = 'DELACRUZ', 'St. John' = 'ST JOHN'; a letter
 * changed, added or dropped ('Nguyen' / 'NGUUYEN') still differs.
 */
export function normaliseName(raw: string): string {
  const lower = raw.toLowerCase();
  if (PLAIN_LOWER.test(lower)) return lower;
  return lower.normalize('NFD').replace(DIACRITICS, '').replace(NOT_LETTER_OR_DIGIT, '');
}

/**
 * An address line without accents and punctuation, words kept apart: '123 Main St.' = '123 MAIN
 * ST', 'Apt #4' = 'APT 4'. Abbreviations ('Street' / 'St') still differ.
 */
export function normaliseAddress(raw: string): string {
  return raw.toLowerCase().normalize('NFD').replace(DIACRITICS, '').replace(NOT_LETTER_OR_DIGIT, ' ').trim();
}

/**
 * Caches a string → value function for columns with few distinct values (codes, plan names,
 * genders), where it saves most of the work. Stops growing once `limit` distinct inputs have been
 * seen, so high-cardinality columns (names, SSNs) cost no extra memory.
 */
export function memoize<T>(fn: (raw: string) => T, limit = 2048): (raw: string) => T {
  const cache = new Map<string, T>();
  return (raw: string) => {
    const hit = cache.get(raw);
    if (hit !== undefined) return hit;
    const value = fn(raw);
    if (cache.size < limit) cache.set(raw, value);
    return value;
  };
}

/**
 * Equal ignoring ASCII case, without allocating: the common case of 'SMITH' against 'Smith'.
 * False means "not shown equal here", not "different": callers then normalise fully.
 */
export function sameIgnoringAsciiCase(a: string, b: string): boolean {
  const n = a.length;
  if (n !== b.length) return false;
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const lx = x | 32;
    if (lx !== (y | 32) || lx < 97 || lx > 122) return false;
  }
  return true;
}
