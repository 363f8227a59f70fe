import { z } from 'zod';
import {
  discrepancyBulkResolutionSchema,
  discrepancyResolutionSchema,
  missingBulkResolutionSchema,
  missingResolutionSchema,
  reviewSchema,
} from '../schemas/resolution';
import {
  dataPointMergeResponse,
  discrepancyBulkResponse,
  discrepancyResponse,
  mergeListQuery,
  missingBulkResponse,
  missingDecisionResponse,
  missingMergeListQuery,
  missingMergeResponse,
} from '../schemas/results';
import { pageOf } from '../schemas/paging';
import { endpoint } from './endpoint';
import { comparisonParams } from './results';

/**
 * Verify discrepancies and verify missing data: resolving one row or many, the
 * verifier's review, and the merge values the decisions record. Every write is conditional on the
 * `updated_at` read (409 when someone else wrote first) and refused once the comparison is complete
 * (409). SSNs in what they answer are masked but their last four digits.
 */
const COMPARISON = '/api/companies/{company_id}/comparisons/{comparison_id}';

const rowParams = comparisonParams.extend({ id: z.string().min(1) });

export const resolveDiscrepancies = endpoint({
  method: 'PATCH',
  path: `${COMPARISON}/data_point_discrepancies`,
  gate: 'company.verify',
  summary: 'Resolves many discrepancies at once, each on its own and conditional on its version; one outcome per id',
  params: comparisonParams,
  body: discrepancyBulkResolutionSchema,
  response: discrepancyBulkResponse,
  errors: [409],
});

export const resolveDiscrepancy = endpoint({
  method: 'PATCH',
  path: `${COMPARISON}/data_point_discrepancies/{id}`,
  gate: 'company.verify',
  summary: 'Resolves one discrepancy (type, value, notes, ignore, skip verification); the server records who and when',
  params: rowParams,
  body: discrepancyResolutionSchema,
  response: discrepancyResponse,
  errors: [403, 409],
});

export const approveDiscrepancy = endpoint({
  method: 'POST',
  path: `${COMPARISON}/data_point_discrepancies/{id}/approve`,
  gate: 'company.verify',
  summary: "The verifier approves someone else's resolution",
  params: rowParams,
  body: reviewSchema,
  response: discrepancyResponse,
  errors: [403, 409],
});

export const sendBackDiscrepancy = endpoint({
  method: 'POST',
  path: `${COMPARISON}/data_point_discrepancies/{id}/send_back`,
  gate: 'company.verify',
  summary: 'The verifier sends a resolution back to be looked at again',
  params: rowParams,
  body: reviewSchema,
  response: discrepancyResponse,
  errors: [403, 409],
});

export const resolveMissingRows = endpoint({
  method: 'PATCH',
  path: `${COMPARISON}/missing_discrepancies`,
  gate: 'company.verify',
  summary: 'Decides many missing or duplicate rows at once (no merge values), each conditional on its version',
  params: comparisonParams,
  body: missingBulkResolutionSchema,
  response: missingBulkResponse,
  errors: [409],
});

export const resolveMissingRow = endpoint({
  method: 'PATCH',
  path: `${COMPARISON}/missing_discrepancies/{id}`,
  gate: 'company.verify',
  summary: 'Includes or excludes a missing or duplicate row, with the values to merge for an included one',
  params: rowParams,
  body: missingResolutionSchema,
  response: missingDecisionResponse,
  errors: [409],
});

export const listDataPointMerges = endpoint({
  method: 'GET',
  path: `${COMPARISON}/data_point_merges`,
  gate: 'company',
  summary: 'The values resolved discrepancies put into the merged data set',
  params: comparisonParams,
  query: mergeListQuery,
  response: pageOf(dataPointMergeResponse),
});

export const listMissingMerges = endpoint({
  method: 'GET',
  path: `${COMPARISON}/missing_discrepancy_merges`,
  gate: 'company',
  summary: 'The values to merge for included missing rows, of one row with ?missing_discrepancy_id=',
  params: comparisonParams,
  query: missingMergeListQuery,
  response: pageOf(missingMergeResponse),
});
