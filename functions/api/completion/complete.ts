import { completeComparison as endpoint } from '../../../shared/api/completion';
import { comparisonParams } from '../../../shared/api/results';
import { companyContext } from '../../lib/comparisons/context';
import { completeComparison } from '../../lib/completion/complete';
import { route } from '../../lib/http';

/**
 * POST …/comparisons/{comparison_id}/complete {override?, note?}: COMPLETE when the checklist allows (400 with blockers otherwise).
 * Served by `route` rather than `serve`: its 400 carries the checklist (blockers, counts,
 * verification) beside the message, which the one error shape of the contract has no room for.
 */
export const handler = route({ params: comparisonParams, body: endpoint.body }, async ({ caller, params, body }) =>
  completeComparison(await companyContext(caller, params.company_id), params.comparison_id, body),
);
