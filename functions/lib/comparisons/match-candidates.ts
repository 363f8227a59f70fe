import type { EntityItem } from 'electrodb';
import type { MatchCandidateResponse, MatchDecisionBody } from '../../../shared/schemas/match-candidate';
import type { Caller } from '../tenancy/caller';
import { comparisonInScope } from '../compare-runs/results-read';
import type { MatchCandidateEntity } from '../db/match-candidate';
import { db } from '../db/service';
import { badRequest, conflict, notFound } from '../errors';
import { pageOfQuery } from '../pagination';
import { AWAITING_MATCH_CONFIRMATION } from '../../../shared/comparisons';
import { isConditionFailure } from '../db/conditions';

/**
 * Confirm matches: the proposals a run matching by person stored below the threshold
 * (compare-runs/person-matching.ts), listed and decided. Scoped to the caller's company (404 outside).
 */
type Candidate = EntityItem<typeof MatchCandidateEntity>;

export function candidateView(c: Candidate): MatchCandidateResponse {
  return {
    id: c.id,
    comparison_id: c.comparison_id,
    secondary: c.secondary_person as MatchCandidateResponse['secondary'],
    baseline: c.baseline_person as MatchCandidateResponse['baseline'],
    confidence: c.confidence,
    reasons: c.reasons,
    alternatives: (c.alternatives ?? []) as MatchCandidateResponse['alternatives'],
    rejected_baseline_rows: c.rejected_baseline_rows ?? [],
    decision: c.decision ?? null,
    decided_baseline_row: c.decided_baseline_row ?? null,
    decided_by_user_id: c.decided_by_user_id ?? null,
    decided_at: c.decided_at ?? null,
    updated_at: c.updated_at,
  };
}

export async function listMatchCandidates(
  caller: Caller,
  params: { company_id: string; comparison_id: string },
  query: { limit?: number; cursor?: string; decision?: 'UNDECIDED' | 'ACCEPT' | 'REJECT' },
) {
  const comparison = await comparisonInScope(caller, params.company_id, params.comparison_id);
  const base = db().entities.matchCandidate.query.byComparison({ company_id: comparison.company_id, comparison_id: comparison.id });
  // Proposals made on other files (replaced since) no longer apply.
  const filtered = base.where((a, op) => {
    const clauses = [op.eq(a.baseline_file_id, comparison.baseline_file_id ?? ''), op.eq(a.secondary_file_id, comparison.secondary_file_id ?? '')];
    if (query.decision === 'UNDECIDED') clauses.push(op.notExists(a.decision));
    else if (query.decision) clauses.push(op.eq(a.decision, query.decision));
    return clauses.join(' AND ');
  });
  const page = await pageOfQuery(filtered, { limit: query.limit, cursor: query.cursor }, { filtered: true });
  return { items: page.items.map((c) => candidateView(c as Candidate)), next: page.next };
}

export async function decideMatchCandidate(
  caller: Caller,
  params: { company_id: string; comparison_id: string; candidate_id: string },
  body: MatchDecisionBody,
): Promise<MatchCandidateResponse> {
  const comparison = await comparisonInScope(caller, params.company_id, params.comparison_id);
  const entity = db().entities.matchCandidate;
  const key = { company_id: comparison.company_id, comparison_id: comparison.id, id: params.candidate_id };
  const { data } = await entity.get(key).go();
  if (!data || data.baseline_file_id !== comparison.baseline_file_id || data.secondary_file_id !== comparison.secondary_file_id) throw notFound();
  if (comparison.status === 'RUNNING') throw conflict('The comparison is running. Decide the matches once it has stopped.');
  const choices = [data.baseline_row, ...((data.alternatives ?? []) as MatchCandidateResponse['alternatives']).map((a) => a.baseline.row)];
  if (body.baseline_row !== undefined && !choices.includes(body.baseline_row)) {
    throw badRequest('baseline_row must be the proposed baseline row or one of its alternatives', { baseline_row: 'not one of the proposed rows' });
  }
  const decided = { decision: body.decision, decided_by_user_id: caller.user.id, decided_at: new Date().toISOString() };
  const update =
    body.decision === 'ACCEPT'
      ? entity.patch(key).set({ ...decided, decided_baseline_row: body.baseline_row ?? data.baseline_row })
      : entity.patch(key).set(decided).remove(['decided_baseline_row']);
  const updated = await update.go({ response: 'all_new' });
  if (!data.decision && comparison.status === AWAITING_MATCH_CONFIRMATION) await countDecided(comparison);
  return candidateView(updated.data as Candidate);
}

/** One fewer proposal waits: the comparison's count, which the page shows, follows the decisions. */
async function countDecided(comparison: { organization_id: string; company_id: string; id: string }): Promise<void> {
  await db()
    .entities.comparison.patch({ organization_id: comparison.organization_id, company_id: comparison.company_id, id: comparison.id })
    .subtract({ match_candidates_waiting: 1 })
    .where((a, op) => `${op.eq(a.status, AWAITING_MATCH_CONFIRMATION as string)} AND ${op.gt(a.match_candidates_waiting, 0)}`)
    .go({ response: 'none' })
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
}
