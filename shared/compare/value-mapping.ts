import { normaliseText } from './text';
import type { ValueMapping } from './types';

/**
 * Translates a secondary value into the baseline's vocabulary ('MED' → 'MEDICAL'). Sources match
 * trimmed and case-insensitively; several sources may share a target. Values with no mapping pass
 * through unchanged, so a partly filled mapping still compares the rest as they are.
 */
export function buildValueMapper(mapping: ValueMapping | null | undefined): ((raw: string) => string) | null {
  if (!mapping || mapping.fields.length === 0) return null;
  const targets = new Map<string, string>();
  for (const { source, target } of mapping.fields) {
    const key = normaliseText(source);
    // The first entry wins, as in the mapping editor's order.
    if (!targets.has(key)) targets.set(key, target);
  }
  return (raw) => targets.get(normaliseText(raw)) ?? raw;
}
