import { z } from 'zod';
import { pageOf } from '../schemas/paging';
import { comparisonRunResponse } from '../schemas/comparison';
import { carrierAuditsResponse, changesListQuery, changesSincePreviousResponse, discrepancyListQuery, discrepancyPageResponse, missingListQuery, missingResponse, reportResponse } from '../schemas/results';
import { endpoint } from './endpoint';

/**
 * Running a comparison and reading its results (steps 6–7). The reads answer SSNs masked but
 * their last four digits, and the report answers counts only, no values.
 */
const COMPARISON = '/api/companies/{company_id}/comparisons/{comparison_id}';

export const comparisonParams = z.object({ company_id: z.string().min(1), comparison_id: z.string().min(1) });

export const runComparison = endpoint({
  method: 'POST',
  path: `${COMPARISON}/run`,
  gate: 'company',
  summary: 'Starts a run: 202 with the comparison RUNNING; 400 says what it still lacks, 409 while a run is under way',
  params: comparisonParams,
  status: 202,
  response: comparisonRunResponse,
  errors: [409],
});

export const listDiscrepancies = endpoint({
  method: 'GET',
  path: `${COMPARISON}/data_point_discrepancies`,
  gate: 'company.verify',
  summary: 'The discrepancies of the last run, filtered; paged by cursor, or sorted and paged by offset with the total',
  params: comparisonParams,
  query: discrepancyListQuery,
  response: discrepancyPageResponse,
});

export const listMissingRows = endpoint({
  method: 'GET',
  path: `${COMPARISON}/missing_discrepancies`,
  gate: 'company.verify',
  summary: 'The people only in one file and the repeated identifiers of the last run, filtered and paged',
  params: comparisonParams,
  query: missingListQuery,
  response: pageOf(missingResponse),
});

export const getReport = endpoint({
  method: 'GET',
  path: `${COMPARISON}/report`,
  gate: 'company',
  summary: 'The counts of the last successful run: cards, discrepancies per data point and type, rows per kind',
  params: comparisonParams,
  response: reportResponse,
});

export const getChangesSincePrevious = endpoint({
  method: 'GET',
  path: `${COMPARISON}/changes_since_previous`,
  gate: 'company.verify',
  summary: 'Against the previous comparison of the company carrier: counts of new, still open and fixed findings, and one list (?status=) paged',
  params: comparisonParams,
  query: changesListQuery,
  response: changesSincePreviousResponse,
});

export const listCarrierAudits = endpoint({
  method: 'GET',
  path: '/api/companies/{company_id}/company_carriers/{company_carrier_id}/audits',
  gate: 'company',
  summary: "A company carrier's audits whose run finished, oldest first: findings by kind, new, still open and fixed, and the oldest finding still open",
  params: z.object({ company_id: z.string().min(1), company_carrier_id: z.string().min(1) }),
  response: carrierAuditsResponse,
});
