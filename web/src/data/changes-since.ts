import type { ResponseOf } from '../../../shared/api/endpoint';
import { getChangesSincePrevious, listCarrierAudits } from '../../../shared/api/results';
import { useApi } from '../api/endpoints';

export type ChangesSincePrevious = ResponseOf<typeof getChangesSincePrevious>;
export type ChangeItem = ChangesSincePrevious['items'][number];

/** How many FIXED findings the report lists under its cards (the API pages the rest). */
export const FIXED_SHOWN = 50;

/**
 * GET …/changes_since_previous: the counts against the previous comparison of the company carrier,
 * with the first findings found fixed. `runKey` refetches after a new run.
 */
export function useChangesSincePrevious(companyId: string | undefined, comparisonId: string | undefined, runKey?: string | null) {
  return useApi(getChangesSincePrevious, companyId && comparisonId ? { company_id: companyId, comparison_id: comparisonId } : null, {
    query: { status: 'FIXED', limit: FIXED_SHOWN },
    keyExtra: runKey ?? undefined,
  });
}

export type CarrierAudits = ResponseOf<typeof listCarrierAudits>;
export type CarrierAudit = CarrierAudits['items'][number];

/** GET …/company_carriers/{company_carrier_id}/audits: the carrier's audits over time. */
export function useCarrierAudits(companyId: string | undefined, companyCarrierId: string | undefined) {
  return useApi(listCarrierAudits, companyId && companyCarrierId ? { company_id: companyId, company_carrier_id: companyCarrierId } : null);
}
