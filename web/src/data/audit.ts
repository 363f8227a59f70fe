import type { ResponseOf } from '../../../shared/api/endpoint';
import { comparisonHistory, listAllAuditEvents, listOrganizationAuditEvents } from '../../../shared/api/audit';
import { useApi, type ApiSource, type QueryOf } from '../api/endpoints';

/** The audit trail's reads: the platform's, an organization's, a comparison's. Shapes come from the endpoints. */
export type AuditEventsPage = ResponseOf<typeof listAllAuditEvents>;
export type AuditEvent = AuditEventsPage['items'][number];

/** Whose trail: the platform's (DMS Admin) or one organization's. */
export type AuditScope = { level: 'platform' } | { level: 'organization'; organizationId: string };

/** A trail read page by page: one of the audit endpoints, which all answer the same events, with its path parameters. */
export type AuditSource = ApiSource<typeof listAllAuditEvents | typeof listOrganizationAuditEvents | typeof comparisonHistory>;

/** The trail's filters, by the names the platform's query takes (the organization's takes them but organization_id). */
export type AuditFilters = Omit<QueryOf<typeof listAllAuditEvents>, 'limit' | 'cursor'>;

export function auditEventsSource(scope: AuditScope): AuditSource {
  return scope.level === 'platform'
    ? { endpoint: listAllAuditEvents, params: {} }
    : { endpoint: listOrganizationAuditEvents, params: { organization_id: scope.organizationId } };
}

export const comparisonHistorySource = (companyId: string, comparisonId: string): AuditSource => ({
  endpoint: comparisonHistory,
  params: { company_id: companyId, comparison_id: comparisonId },
});

/** One page of a trail with its filters; null while the page's cursor is not known. */
export function useAuditPage(source: AuditSource | null, filters: AuditFilters, page: { limit: number; cursor: string | undefined }) {
  return useApi(source?.endpoint ?? comparisonHistory, source ? source.params : null, { query: { ...filters, ...page } });
}
