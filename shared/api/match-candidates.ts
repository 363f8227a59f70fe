import { z } from 'zod';
import { matchCandidateListQuery, matchCandidatePageResponse, matchCandidateResponse, matchDecisionSchema } from '../schemas/match-candidate';
import { endpoint } from './endpoint';
import { comparisonParams } from './results';

/**
 * Confirm matches: the pairs a run matching by person proposed below the comparison's threshold.
 * The run stops before comparing while any waits; a decision stays through later runs on the same files.
 */
const CANDIDATES = '/api/companies/{company_id}/comparisons/{comparison_id}/match_candidates';

export const listMatchCandidates = endpoint({
  method: 'GET',
  path: CANDIDATES,
  gate: 'company',
  summary: 'The proposed pairs below the match threshold, in carrier row order, with confidence, reasons and alternatives (?decision=UNDECIDED|ACCEPT|REJECT)',
  params: comparisonParams,
  query: matchCandidateListQuery,
  response: matchCandidatePageResponse,
});

export const decideMatchCandidate = endpoint({
  method: 'PATCH',
  path: `${CANDIDATES}/{candidate_id}`,
  gate: 'company',
  summary: 'Accepts (the proposed baseline row, or baseline_row: one of its alternatives) or rejects a proposed pair',
  params: comparisonParams.extend({ candidate_id: z.string().min(1) }),
  body: matchDecisionSchema,
  response: matchCandidateResponse,
  errors: [409],
});
