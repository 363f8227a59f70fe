import { defineEnum } from './enum';

/**
 * What changed since the previous audit of a company carrier (docs/compare.md "Changes since the
 * previous comparison"): each finding of a run is NEW or STILL_OPEN, and each finding of the
 * previous run that is gone, and that nobody dismissed, is FIXED. Pure: the pipeline feeds it the
 * two runs' findings and stores what it answers.
 */
export const ChangeStatus = defineEnum({
  NEW: 'New',
  STILL_OPEN: 'Still open',
  FIXED: 'Fixed',
});
export type ChangeStatus = (typeof ChangeStatus.values)[number];

/** The statuses a finding of the run itself carries (FIXED findings belong to the previous run). */
export const FINDING_CHANGE_STATUSES = ['NEW', 'STILL_OPEN'] as const;
export type FindingChangeStatus = (typeof FINDING_CHANGE_STATUSES)[number];

/** What a finding is made of, as far as its identity across runs goes. */
export interface FindingIdentityParts {
  /** DISCREPANCY for a data point that differs; else the missing kind (MISSING_IN_SECONDARY, MISSING_IN_BASELINE, DUPLICATE). */
  kind: string;
  /** For a duplicate: the file the identifier repeats in. */
  side?: string | null;
  /** The member key as the run wrote it (identifier parts joined with |). */
  unique_identifier?: string | null;
  /** For a discrepancy: the data point's baseline column name (data point ids differ per comparison). */
  data_point?: string | null;
  /** Invoice findings: the kind of invoice finding and the coverage line. */
  invoice_kind?: string | null;
  coverage_line?: string | null;
}

const norm = (value: string | null | undefined) =>
  (value ?? '')
    .normalize('NFKC')
    .trim()
    .replace(/\s*\|\s*/g, '|')
    .replace(/\s+/g, ' ')
    .toUpperCase();

/**
 * The identity of a finding across runs: kind, member key, coverage line and data point (by its
 * baseline column's name). Values and row positions are left out: a premium that changed from one
 * wrong amount to another is the same open finding.
 */
export function findingIdentity(f: FindingIdentityParts): string {
  return [norm(f.kind), norm(f.side), norm(f.invoice_kind), norm(f.data_point), norm(f.coverage_line), norm(f.unique_identifier)].join('\u0001');
}

/** A finding of the previous run, as classification needs it. */
export interface PreviousFinding {
  identity: string;
  /** When the finding was first seen (carried through earlier runs); absent on findings stored before this was kept. */
  first_seen_at?: string | null;
  /** The user decided it is no finding (ignored discrepancy, excluded row): its absence now is no fix. */
  dismissed: boolean;
}

export interface ChangeClassification<P extends PreviousFinding> {
  /** Per finding of the new run, in its order. */
  current: Array<{ change_status: FindingChangeStatus; first_seen_at: string }>;
  /** Findings of the previous run that are gone and were not dismissed, in the previous run's order. */
  fixed: P[];
  counts: { new: number; still_open: number; fixed: number };
  /** The earliest first_seen_at of the new run's findings, null when it has none. */
  oldest_open_first_seen_at: string | null;
}

/**
 * Classifies a run's findings against the previous run's in one pass keyed by identity. Findings
 * that share an identity (a key repeated in one file) pair up in order, so two duplicates last
 * time and one now is one still open and one fixed. `previous` null (no previous comparison):
 * everything is NEW. `seenAt` is this run's time, the first sighting of a new finding and what a
 * previous finding without a date of its own falls back to (`previousSeenAt`).
 */
export function classifyChanges<P extends PreviousFinding>(
  currentIdentities: readonly string[],
  previous: readonly P[] | null,
  seenAt: string,
  previousSeenAt?: string | null,
): ChangeClassification<P> {
  const waiting = new Map<string, P[]>();
  for (const p of previous ?? []) {
    const list = waiting.get(p.identity);
    if (list) list.push(p);
    else waiting.set(p.identity, [p]);
  }
  const matched = new Set<P>();
  let oldest: string | null = null;
  const current = currentIdentities.map((identity) => {
    const before = waiting.get(identity)?.shift();
    const first_seen_at = before ? before.first_seen_at || previousSeenAt || seenAt : seenAt;
    if (before) matched.add(before);
    if (oldest === null || first_seen_at < oldest) oldest = first_seen_at;
    return { change_status: (before ? 'STILL_OPEN' : 'NEW') as FindingChangeStatus, first_seen_at };
  });
  const fixed = (previous ?? []).filter((p) => !matched.has(p) && !p.dismissed);
  const still_open = current.filter((c) => c.change_status === 'STILL_OPEN').length;
  return { current, fixed, counts: { new: current.length - still_open, still_open, fixed: fixed.length }, oldest_open_first_seen_at: oldest };
}

const DAY_MS = 86_400_000;

/** Whole calendar days (UTC) from `firstSeenAt` to `asOf`; 0 on the same day. */
export function daysOpen(firstSeenAt: string, asOf: string): number {
  const day = (iso: string) => Math.floor(Date.parse(iso) / DAY_MS);
  const days = day(asOf) - day(firstSeenAt);
  return Number.isFinite(days) && days > 0 ? days : 0;
}

/** A discrepancy dismissed by its resolution: ignored, so it was never a finding to fix. */
export const isDismissedDiscrepancy = (d: { resolved_ignore?: boolean | null; resolved_discrepancy_type?: string | null }) =>
  d.resolved_ignore === true || d.resolved_discrepancy_type === 'IGNORE';

/** A missing or duplicate row excluded by its decision. */
export const isDismissedMissing = (m: { resolved_inclusion?: boolean | null }) => m.resolved_inclusion === false;

/** The one line the comparison-complete e-mail and the report say it in. */
export function changesSentence(changes: { previous_comparison_id: string | null; new: number; still_open: number; fixed: number } | null | undefined): string {
  if (!changes) return '';
  if (!changes.previous_comparison_id) return `No previous audit of this carrier to compare with: all ${changes.new.toLocaleString('en-US')} findings are new.`;
  const n = (v: number) => v.toLocaleString('en-US');
  return `Since the previous audit of this carrier: ${n(changes.new)} new, ${n(changes.still_open)} still open, ${n(changes.fixed)} fixed.`;
}

/**
 * A finding's standing as a list or an export says it: "New", or "Still open since <date>"
 * (`day` writes the date); empty for results saved before it was kept.
 */
export function sincePreviousLabel(
  row: { change_status?: string | null; first_seen_at?: string | null },
  day: (iso: string) => string = (iso) => iso.slice(0, 10),
): string {
  if (!row.change_status) return '';
  if (row.change_status === 'STILL_OPEN' && row.first_seen_at) return `Still open since ${day(row.first_seen_at)}`;
  return ChangeStatus.label(row.change_status);
}
