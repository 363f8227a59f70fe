import type { FindingChangeStatus } from '../../../../../../shared/changes-since';
import type { MissingKind, MissingRow } from '../../../../data/verification';

/** The three groups of the step, each with what it means and the group its possible matches are in. */
export const GROUPS: Array<{ kind: MissingKind; title: string; explain: string; other?: MissingKind }> = [
  { kind: 'MISSING_IN_SECONDARY', title: 'Only in baseline', explain: 'Enrolled but not billed: these people are in your file but not on the carrier’s.', other: 'MISSING_IN_BASELINE' },
  { kind: 'MISSING_IN_BASELINE', title: 'Only at carrier', explain: 'Billed but not enrolled: the carrier bills for these people, but they are not in your file.', other: 'MISSING_IN_SECONDARY' },
  { kind: 'DUPLICATE', title: 'Duplicates', explain: 'The same identifier appears more than once in one file.' },
];

export const nameOf = (m: MissingRow) => m.full_name || [m.first_name, m.last_name].filter(Boolean).join(' ') || '—';
const lastNameOf = (m: MissingRow) => (m.last_name || (m.full_name ?? '').trim().split(/\s+/).pop() || '').toLowerCase();
const firstNameOf = (m: MissingRow) => (m.first_name || (m.full_name ?? '').trim().split(/\s+/)[0] || '').toLowerCase();

/** Possible matches on the other side: same last name (and same first name first); the reason is said. */
export function possibleMatches(row: MissingRow, others: MissingRow[]): Array<{ row: MissingRow; reason: string }> {
  const last = lastNameOf(row);
  const first = firstNameOf(row);
  if (!last && !first) return [];
  const out: Array<{ row: MissingRow; reason: string; score: number }> = [];
  for (const o of others) {
    const sameLast = !!last && lastNameOf(o) === last;
    const sameFirst = !!first && firstNameOf(o) === first;
    if (sameLast && sameFirst) out.push({ row: o, reason: 'same name', score: 2 });
    else if (sameLast) out.push({ row: o, reason: 'same last name', score: 1 });
    else if (sameFirst && (o.relationship ?? '') === (row.relationship ?? '')) out.push({ row: o, reason: 'same first name', score: 0 });
  }
  return out.sort((a, b) => b.score - a.score).slice(0, 3);
}

export type Decision = 'undecided' | 'included' | 'excluded';

export function decisionOf(m: MissingRow): Decision {
  if (m.resolved_inclusion === true) return 'included';
  if (m.resolved_inclusion === false) return 'excluded';
  return 'undecided';
}

export const DECISION_LABELS: Record<Decision, string> = { undecided: 'Undecided', included: 'Included', excluded: 'Excluded' };

/** The rows the page shows: of one group or all, of one decision or any, new or still open since the previous audit or either. */
export interface MissingFilter {
  kind?: MissingKind;
  decision?: Decision;
  change?: FindingChangeStatus;
}

export const matchesFilter = (m: MissingRow, f: MissingFilter) =>
  (!f.kind || m.kind === f.kind) && (!f.decision || decisionOf(m) === f.decision) && (!f.change || m.change_status === f.change);
