import useSWR from 'swr';
import type { ResponseOf } from '../../../shared/api/endpoint';
import { comparisonHistory, listAllAuditEvents, listOrganizationAuditEvents } from '../../../shared/api/audit';
import type { ApiError } from '../api/errors';
import { withQuery } from '../api/request';
import { fillPath } from '../api/endpoint-path';

/** The audit trail's reads: the platform's, an organization's, a comparison's. Shapes come from the endpoints. */
export type AuditEventsPage = ResponseOf<typeof listAllAuditEvents>;
export type AuditEvent = AuditEventsPage['items'][number];

/** Whose trail: the platform's (DMS Admin) or one organization's. */
export type AuditScope = { level: 'platform' } | { level: 'organization'; organizationId: string };

export interface AuditFilters {
  organization_id?: string;
  action?: string;
  user_id?: string;
  from?: string;
  to?: string;
}

export function auditEventsPath(scope: AuditScope): string {
  return scope.level === 'platform' ? listAllAuditEvents.path : fillPath(listOrganizationAuditEvents, { organization_id: scope.organizationId });
}

export const comparisonHistoryPath = (companyId: string, comparisonId: string) => fillPath(comparisonHistory, { company_id: companyId, comparison_id: comparisonId });

/** One page of a trail at `path` (its filters, limit and cursor in the query); null while the page's cursor is not known. */
export function useAuditPage(path: string | null, query: Record<string, string | number | undefined>) {
  return useSWR<AuditEventsPage, ApiError>(path ? withQuery(path, query) : null);
}
