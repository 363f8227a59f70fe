import { listMatchCandidates as endpoint } from '../../../shared/api/match-candidates';
import { listMatchCandidates } from '../../lib/comparisons/match-candidates';
import { serve } from '../../lib/http';

/** GET …/comparisons/{comparison_id}/match_candidates: the proposed pairs below the threshold (?decision=), paged. */
export const handler = serve(endpoint, async ({ caller, params, query }) => listMatchCandidates(caller, params, query));
