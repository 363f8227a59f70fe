import { decideMatchCandidate as endpoint } from '../../../shared/api/match-candidates';
import { decideMatchCandidate } from '../../lib/comparisons/match-candidates';
import { serve } from '../../lib/http';

/** PATCH …/match_candidates/{candidate_id}: `{decision: ACCEPT | REJECT, baseline_row?}`; a decision stays through re-runs. */
export const handler = serve(endpoint, async ({ caller, params, body }) => decideMatchCandidate(caller, params, body));
