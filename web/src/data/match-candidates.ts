import type { ResponseOf } from '../../../shared/api/endpoint';
import { decideMatchCandidate, listMatchCandidates } from '../../../shared/api/match-candidates';
import type { MatchDecisionBody } from '../../../shared/schemas/match-candidate';
import { callApi, useApi, type QueryOf } from '../api/endpoints';

/** Confirm matches: the proposed pairs of a comparison matched by person, below its threshold. */
export type MatchCandidate = ResponseOf<typeof decideMatchCandidate>;
export type MatchCandidateFilters = QueryOf<typeof listMatchCandidates>;

const params = (companyId: string, comparisonId: string) => ({ company_id: companyId, comparison_id: comparisonId });

/** Every proposal of the comparison (a run proposes few: the pairs it could not decide alone). */
export function useMatchCandidates(companyId: string | undefined, comparisonId: string | undefined, filters: MatchCandidateFilters = {}) {
  return useApi(listMatchCandidates, companyId && comparisonId ? params(companyId, comparisonId) : null, {
    query: filters,
    allPages: { pageSize: 1000, maxPages: 50 },
  });
}

export const decideMatch = (companyId: string, comparisonId: string, candidateId: string, body: MatchDecisionBody) =>
  callApi(decideMatchCandidate, { params: { ...params(companyId, comparisonId), candidate_id: candidateId }, body });
