import type { ResponseOf } from '../../../shared/api/endpoint';
import { getChangesSincePrevious, listCarrierAudits } from '../../../shared/api/results';
import { useApi } from '../api/endpoints';

export type ChangesSincePrevious = ResponseOf<typeof getChangesSincePrevious>;
export type ChangeItem = ChangesSincePrevious['items'][number];

/**
 * GET …/changes_since_previous: the counts against the previous comparison of the company carrier
 * (the list it answers is left to useFixedFindingsPage). `runKey` refetches after a new run.
 */
export function useChangesSincePrevious(companyId: string | undefined, comparisonId: string | undefined, runKey?: string | null) {
  return useApi(getChangesSincePrevious, companyId && comparisonId ? { company_id: companyId, comparison_id: comparisonId } : null, {
    query: { status: 'FIXED', limit: 1 },
    keyExtra: runKey ?? undefined,
  });
}

/** One page of the findings of the previous comparison found fixed, read with the cursor the page before answered. */
export function useFixedFindingsPage(companyId: string, comparisonId: string, runKey: string | null | undefined, limit: number, cursor: string | undefined, enabled = true) {
  return useApi(getChangesSincePrevious, enabled ? { company_id: companyId, comparison_id: comparisonId } : null, {
    query: { status: 'FIXED', limit, cursor },
    keyExtra: runKey ?? undefined,
  });
}

export type CarrierAudits = ResponseOf<typeof listCarrierAudits>;
export type CarrierAudit = CarrierAudits['items'][number];

/** GET …/company_carriers/{company_carrier_id}/audits: the carrier's audits over time. */
export function useCarrierAudits(companyId: string | undefined, companyCarrierId: string | undefined) {
  return useApi(listCarrierAudits, companyId && companyCarrierId ? { company_id: companyId, company_carrier_id: companyCarrierId } : null);
}
