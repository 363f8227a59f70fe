import { columnRole, headerWords, normaliseHeader, type ColumnRole } from '../columns';
import { checkIdentifierUniqueness } from './identifier-uniqueness';
import type { SyncTable } from './types';

export type SuggestionReason = 'exact name' | 'known synonym' | 'similar name';

export interface DataPointSuggestion {
  baseline_column_name: string;
  secondary_column_name: string;
  reason: SuggestionReason;
  /** 0..1, two decimals. */
  confidence: number;
  /** The member SSN pair is the usual identifier. */
  suggested_unique_identifier: boolean;
}

function bigrams(s: string): Map<string, number> {
  const grams = new Map<string, number>();
  const compact = s.replace(/ /g, '');
  for (let i = 0; i < compact.length - 1; i++) {
    const g = compact.slice(i, i + 2);
    grams.set(g, (grams.get(g) ?? 0) + 1);
  }
  return grams;
}

/**
 * Dice coefficient over character bigrams of the headers with abbreviations spelt out: 'Monthly
 * Premium' is close to 'Premium Monthly', 'Effective Date' to 'Cov Eff Dt'.
 */
export function headerSimilarity(a: string, b: string): number {
  const ga = bigrams(headerWords(a));
  const gb = bigrams(headerWords(b));
  let total = 0;
  let shared = 0;
  for (const n of ga.values()) total += n;
  for (const n of gb.values()) total += n;
  for (const [g, n] of ga) shared += Math.min(n, gb.get(g) ?? 0);
  return total === 0 ? 0 : (2 * shared) / total;
}

const SIMILAR_THRESHOLD = 0.6;

/** Per column, in the file's column order, how many rows fill it; null when the file was not counted. */
interface FilledCounts {
  baseline: readonly number[] | null;
  secondary: readonly number[] | null;
}

/**
 * Suggested baseline ↔ secondary pairs for the Select data points page, each with why and how sure.
 * Every column is used at most once; the surest pairs are taken first. A column no row fills is
 * never suggested: compared with a filled one it would make a finding of every row.
 */
export function suggestDataPoints(
  baselineColumns: readonly string[],
  secondaryColumns: readonly string[],
  filled: FilledCounts = { baseline: null, secondary: null },
): DataPointSuggestion[] {
  const candidates: Array<{ b: number; s: number; reason: SuggestionReason; confidence: number }> = [];
  const emptyB = (b: number) => filled.baseline?.[b] === 0;
  const emptyS = (s: number) => filled.secondary?.[s] === 0;
  const secondaryRoles = secondaryColumns.map(columnRole);
  const secondaryHeaders = secondaryColumns.map(normaliseHeader);
  const secondaryWords = secondaryColumns.map(headerWords);
  baselineColumns.forEach((bName, b) => {
    const bRole = columnRole(bName);
    const bHeader = normaliseHeader(bName);
    const bWords = headerWords(bName);
    secondaryColumns.forEach((sName, s) => {
      if (bHeader === '' || emptyB(b) || emptyS(s)) return;
      const similarity = headerSimilarity(bName, sName);
      if (bHeader === secondaryHeaders[s]) candidates.push({ b, s, reason: 'exact name', confidence: 1 });
      else if (bWords === secondaryWords[s]) candidates.push({ b, s, reason: 'known synonym', confidence: 0.95 });
      else if (bRole !== null && bRole === secondaryRoles[s])
        candidates.push({ b, s, reason: 'known synonym', confidence: 0.8 + 0.15 * similarity });
      else if (similarity >= SIMILAR_THRESHOLD) candidates.push({ b, s, reason: 'similar name', confidence: 0.75 * similarity });
    });
  });
  candidates.sort((x, y) => y.confidence - x.confidence || x.b - y.b || x.s - y.s);
  const usedB = new Set<number>();
  const usedS = new Set<number>();
  const chosen: typeof candidates = [];
  for (const c of candidates) {
    if (usedB.has(c.b) || usedS.has(c.s)) continue;
    usedB.add(c.b);
    usedS.add(c.s);
    chosen.push(c);
  }
  // One file's full name ('SMITH, JOHN') compares with the other's last name when nothing else took them.
  const unused = (names: readonly string[], used: Set<number>, empty: (i: number) => boolean, role: ColumnRole) =>
    names.findIndex((n, i) => !used.has(i) && !empty(i) && columnRole(n) === role);
  for (const [fullOn, partRole] of [['secondary', 'last_name'], ['baseline', 'last_name']] as const) {
    const b = unused(baselineColumns, usedB, emptyB, fullOn === 'secondary' ? partRole : 'full_name');
    const s = unused(secondaryColumns, usedS, emptyS, fullOn === 'secondary' ? 'full_name' : partRole);
    if (b < 0 || s < 0) continue;
    usedB.add(b);
    usedS.add(s);
    chosen.push({ b, s, reason: 'known synonym', confidence: 0.7 });
  }
  chosen.sort((x, y) => x.b - y.b);
  return chosen.map((c) => {
    const role = columnRole(baselineColumns[c.b]!);
    return {
      baseline_column_name: baselineColumns[c.b]!,
      secondary_column_name: secondaryColumns[c.s]!,
      reason: c.reason,
      confidence: Math.round(c.confidence * 100) / 100,
      suggested_unique_identifier: role === 'ssn',
    };
  });
}

/** What may complete a member SSN that repeats, most usual first: a person has a row per benefit. */
const KEY_COMPLETIONS: readonly ColumnRole[] = ['benefit_type', 'plan'];

/**
 * Benefits exports carry a row per member per benefit line, so the member SSN alone repeats. When
 * it repeats in the baseline sample, the suggestion of the benefit type (else the plan) joins the
 * identifier if the two together repeat less there, counted as the identifier check of the saved
 * data points counts them (checkIdentifierUniqueness: normalised as the comparison will).
 */
export function suggestCompositeIdentifier(suggestions: readonly DataPointSuggestion[], samples: { baseline: SyncTable; secondary: SyncTable }): DataPointSuggestion[] {
  const ssn = suggestions.find((s) => s.suggested_unique_identifier);
  if (!ssn) return [...suggestions];
  const baselineRepeats = (identifier: DataPointSuggestion[]) =>
    checkIdentifierUniqueness(samples, {
      data_points: identifier.map((s, i) => ({ id: `suggested-${i}`, baseline_column_name: s.baseline_column_name, secondary_column_name: s.secondary_column_name, is_unique_identifier: true })),
    }).baseline.repeated.reduce((n, r) => n + r.row_indexes.length - 1, 0);
  const alone = baselineRepeats([ssn]);
  if (alone === 0) return [...suggestions];
  for (const role of KEY_COMPLETIONS) {
    const partner = suggestions.find((s) => s !== ssn && columnRole(s.baseline_column_name) === role);
    if (partner && baselineRepeats([ssn, partner]) < alone) {
      return suggestions.map((s) => (s === partner ? { ...s, suggested_unique_identifier: true } : s));
    }
  }
  return [...suggestions];
}
