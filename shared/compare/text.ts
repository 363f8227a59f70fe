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
