import { matchesByPerson } from '../../../shared/compare/person-fields';
import { compareTablesSync, type ComparisonResult, type Row } from '../../../shared/compare';
import { keyTablesByPerson, matchTables, personRows, PersonMatchInputError, type JoinedPair, type PersonTables } from '../../../shared/compare/person-join';
import type { PersonPair, PersonRow } from '../../../shared/compare/person-match';
import { DEFAULT_MATCH_THRESHOLD, type MatchPerson } from '../../../shared/schemas/match-candidate';
import type { EntityItem } from 'electrodb';
import type { MatchCandidateEntity } from '../db/match-candidate';
import { db } from '../db/service';
import { openParsedRows } from '../files';
import { logger } from '../observability/logger';
import { openObject } from '../storage/objects';
import type { ConfigSnapshot } from './config';
import type { ComparisonRecord } from './comparison-state';
import { NOT_RUNNABLE, PipelineError, type PreparedRun, type RunFileRef, type RunInput } from './types';

/**
 * A run that matches by person (the comparison's setting, or an identifier that cannot join the
 * files): the matcher pairs the rows, the pairs at or above the threshold and those a person
 * accepted join, and the rest wait in Confirm matches. See docs/compare.md "Matching by person".
 */

/** Below this share of the carrier's rows (with an identifier) joined, the identifier is taken not to join the files. */
export const IDENTIFIER_JOIN_SHARE = 0.5;

export const wantsPersonMatch = (comparison: Pick<ComparisonRecord, 'match_by' | 'audit_type'>) => matchesByPerson(comparison);

/** Whether a compare by identifier paired too few carrier rows to be trusted (their ids are the carrier's own). */
export function identifierCannotJoin(result: ComparisonResult): boolean {
  const s = result.summary;
  const keyed = s.secondary_rows - s.blank_identifier_secondary;
  return keyed > 0 && s.matched_rows < keyed * IDENTIFIER_JOIN_SHARE;
}

const candidateId = (secondaryRow: number) => `c${String(secondaryRow).padStart(8, '0')}`;

type Candidate = EntityItem<typeof MatchCandidateEntity>;

async function storedCandidates(run: Pick<RunInput, 'company_id' | 'comparison_id'>): Promise<Candidate[]> {
  const { data } = await db().entities.matchCandidate.query.byComparison({ company_id: run.company_id, comparison_id: run.comparison_id }).go({ pages: 'all' });
  return data as Candidate[];
}

function shown(person: PersonRow, row: number): MatchPerson {
  return {
    row,
    first_name: person.first.trim(),
    last_name: person.last.trim(),
    relationship: person.relationship ?? '',
    gender: person.gender ?? '',
    zip: person.zip ?? '',
    coverage_line: person.line ?? '',
  };
}

async function openSide(file: RunFileRef) {
  const object = await openObject(file.parsed_key);
  if (!object) throw new PipelineError('ParsedRowsFormatError', `The rows of ${file.name} are missing from storage. Import the file again.`);
  const parsed = await openParsedRows(object.body);
  const rows: Row[] = [];
  for await (const row of parsed.rows) rows.push(row);
  return { columns: parsed.header.columns, rows };
}

/** Both parsed files whole (the matcher needs every row of both sides before it pairs any). */
export async function readBothSides(event: PreparedRun): Promise<PersonTables> {
  const [baseline, secondary] = await Promise.all([openSide(event.baseline), openSide(event.secondary)]);
  return { baseline, secondary };
}

/** A run that stopped before comparing: this many proposals wait for a decision. */
export interface AwaitingConfirmation {
  awaiting: number;
}

export const isAwaiting = (x: ComparisonResult | AwaitingConfirmation): x is AwaitingConfirmation => 'awaiting' in x;

/**
 * Matches, applies the stored decisions, stores the proposals below the threshold, and compares
 * on the pairs. Stops before comparing (AwaitingConfirmation) while proposals wait for a decision.
 */
export async function compareByPerson(
  run: RunInput,
  event: PreparedRun,
  comparison: Pick<ComparisonRecord, 'organization_id' | 'match_threshold'>,
  snapshot: ConfigSnapshot,
  tables: PersonTables,
): Promise<ComparisonResult | AwaitingConfirmation> {
  let people: { baseline: PersonRow[]; secondary: PersonRow[] };
  let pairs: PersonPair[];
  let repeats: Array<{ secondary: number; baseline: number }>;
  try {
    people = personRows(tables, snapshot.config);
    ({ pairs, repeats } = matchTables(tables, snapshot.config));
  } catch (error) {
    if (error instanceof PersonMatchInputError) throw new PipelineError(NOT_RUNNABLE, error.message);
    throw error;
  }
  const threshold = comparison.match_threshold ?? DEFAULT_MATCH_THRESHOLD;
  const files = { baseline_file_id: event.baseline.id, secondary_file_id: event.secondary.id };
  const stored = new Map<string, Candidate>();
  const stale: Candidate[] = [];
  for (const c of await storedCandidates(run)) {
    if (c.baseline_file_id === files.baseline_file_id && c.secondary_file_id === files.secondary_file_id) stored.set(c.id, c);
    else stale.push(c);
  }

  // A rejected baseline row is never proposed again for its carrier row: the row is offered its
  // next alternative instead (one no sure pair takes), or stays unpaired when none is left.
  const sure = new Set(pairs.filter((p) => p.confidence >= threshold).map((p) => p.baseline));
  const rejectedOf = new Map<number, Set<number>>();
  const proposalOf = (pair: PersonPair): PersonPair => {
    const rejected = rejectedRows(stored.get(candidateId(pair.secondary)));
    rejectedOf.set(pair.secondary, rejected);
    if (rejected.size === 0) return pair;
    const open = pair.alternatives.filter((a) => !rejected.has(a.baseline));
    if (!rejected.has(pair.baseline)) return { ...pair, alternatives: open };
    const next = open.find((a) => !sure.has(a.baseline));
    if (next) return { secondary: pair.secondary, ...next, alternatives: open.filter((a) => a !== next) };
    // None left: the row keeps its last proposal as decided (rejected), and waits for nothing.
    const before = stored.get(candidateId(pair.secondary));
    return before ? { secondary: pair.secondary, baseline: before.baseline_row, confidence: before.confidence, reasons: before.reasons, alternatives: open } : pair;
  };

  // Decisions first (a picked row wins over a proposal that took it), then the sure pairs.
  const joined: JoinedPair[] = [];
  const taken = new Set<number>();
  const waiting: PersonPair[] = [];
  const proposals: PersonPair[] = [];
  for (const matched of pairs) {
    if (matched.confidence >= threshold) continue;
    const pair = proposalOf(matched);
    proposals.push(pair);
    const decided = stored.get(candidateId(pair.secondary));
    if (decided?.decision === 'ACCEPT' && decided.baseline_row === pair.baseline) {
      const baseline = decided.decided_baseline_row ?? pair.baseline;
      if (!taken.has(baseline)) {
        taken.add(baseline);
        joined.push({ secondary: pair.secondary, baseline });
      }
    } else if (!(decided?.decision === 'REJECT' && decided.baseline_row === pair.baseline)) {
      waiting.push(pair);
    }
  }
  for (const pair of pairs) {
    if (pair.confidence < threshold || taken.has(pair.baseline)) continue;
    taken.add(pair.baseline);
    joined.push({ secondary: pair.secondary, baseline: pair.baseline });
  }
  // The same member twice on the carrier's file: joined to the same baseline row, it is a duplicate.
  for (const r of repeats) if (taken.has(r.baseline)) joined.push(r);

  await storeProposals(run, comparison.organization_id, files, proposals, people, stored, stale, rejectedOf);
  logger.info('comparison matched by person', {
    comparison_id: run.comparison_id,
    run_id: run.run_id,
    pairs: pairs.length,
    joined: joined.length,
    proposals: proposals.length,
    waiting: waiting.length,
  });
  if (waiting.length > 0) return { awaiting: waiting.length };
  const keyed = keyTablesByPerson(tables, snapshot.config, joined);
  return compareTablesSync(keyed.baseline, keyed.secondary, keyed.config);
}

/** The baseline rows rejected for a carrier row so far: kept across proposals, and the one rejected last. */
function rejectedRows(candidate: Candidate | undefined): Set<number> {
  const rows = new Set<number>(candidate?.rejected_baseline_rows ?? []);
  if (candidate?.decision === 'REJECT') rows.add(candidate.baseline_row);
  return rows;
}

/** Writes this run's proposals (keeping the decisions made on the same proposal) and removes the others. */
async function storeProposals(
  run: RunInput,
  organizationId: string,
  files: { baseline_file_id: string; secondary_file_id: string },
  proposals: PersonPair[],
  people: { baseline: PersonRow[]; secondary: PersonRow[] },
  stored: Map<string, Candidate>,
  stale: Candidate[],
  rejectedOf: Map<number, Set<number>>,
): Promise<void> {
  const entity = db().entities.matchCandidate;
  const keep = new Set<string>();
  const items = proposals.map((pair) => {
    const id = candidateId(pair.secondary);
    keep.add(id);
    const before = stored.get(id);
    const sameProposal = before && before.baseline_row === pair.baseline;
    return {
      id,
      organization_id: organizationId,
      company_id: run.company_id,
      comparison_id: run.comparison_id,
      ...files,
      secondary_row: pair.secondary,
      secondary_person: shown(people.secondary[pair.secondary]!, pair.secondary),
      baseline_row: pair.baseline,
      baseline_person: shown(people.baseline[pair.baseline]!, pair.baseline),
      confidence: pair.confidence,
      reasons: pair.reasons,
      alternatives: pair.alternatives.map((a) => ({ baseline: shown(people.baseline[a.baseline]!, a.baseline), confidence: a.confidence, reasons: a.reasons })),
      rejected_baseline_rows: [...(rejectedOf.get(pair.secondary) ?? [])].sort((a, b) => a - b),
      ...(sameProposal && before.decision
        ? {
            decision: before.decision,
            ...(before.decided_baseline_row !== undefined ? { decided_baseline_row: before.decided_baseline_row } : {}),
            ...(before.decided_by_user_id ? { decided_by_user_id: before.decided_by_user_id } : {}),
            ...(before.decided_at ? { decided_at: before.decided_at } : {}),
          }
        : {}),
    };
  });
  const gone = [...stale, ...[...stored.values()].filter((c) => !keep.has(c.id))].map((c) => ({ company_id: c.company_id, comparison_id: c.comparison_id, id: c.id }));
  for (let i = 0; i < items.length; i += 25) await entity.put(items.slice(i, i + 25)).go();
  for (let i = 0; i < gone.length; i += 25) await entity.delete(gone.slice(i, i + 25)).go();
}

/**
 * After a compare by identifier: when the identifier paired too few carrier rows
 * (identifierCannotJoin) and both files have names and dates of birth, the run matches by person
 * instead. Null keeps the identifier's result.
 */
export async function personMatchFallback(
  run: RunInput,
  event: PreparedRun,
  comparison: Pick<ComparisonRecord, 'organization_id' | 'match_threshold' | 'audit_type'>,
  snapshot: ConfigSnapshot,
  result: ComparisonResult,
): Promise<ComparisonResult | AwaitingConfirmation | null> {
  if (comparison.audit_type === 'INVOICE_RECONCILIATION' || !identifierCannotJoin(result)) return null;
  const tables = await readBothSides(event);
  try {
    personRows({ baseline: { columns: tables.baseline.columns, rows: tables.baseline.rows.slice(0, 1) }, secondary: { columns: tables.secondary.columns, rows: tables.secondary.rows.slice(0, 1) } }, snapshot.config);
  } catch (error) {
    if (error instanceof PersonMatchInputError) return null;
    throw error;
  }
  logger.info('identifier cannot join the files: matching by person', { comparison_id: run.comparison_id, run_id: run.run_id, matched_rows: result.summary.matched_rows });
  return compareByPerson(run, event, comparison, snapshot, tables);
}
