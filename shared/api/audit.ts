import { z } from 'zod';
import { adminAuditEventsQuery, auditEventResponse, auditEventsQuery } from '../schemas/audit-event';
import { listQuery, pageOf } from '../schemas/paging';
import { endpoint } from './endpoint';

/**
 * The audit trail (docs/permissions.md "Audit trail"): the platform's for the DMS Admin, an
 * organization's for its organization admins, a comparison's for whoever may read the comparison.
 * Newest first; events are only ever appended, so no route here writes.
 */
const auditEventsPage = pageOf(auditEventResponse);

export const listAllAuditEvents = endpoint({
  method: 'GET',
  path: '/api/admin/audit_events',
  gate: 'platform.admin',
  summary: 'Every audit event on the platform, newest first, filtered by organization, action, user and time',
  query: adminAuditEventsQuery,
  response: auditEventsPage,
});

export const listOrganizationAuditEvents = endpoint({
  method: 'GET',
  path: '/api/organizations/{organization_id}/audit_events',
  // The handler narrows the organization admins to their own organization (a whitelisted one is not theirs).
  gate: 'organization.audit',
  summary: "An organization's audit events, newest first, filtered by action, user and time",
  params: z.object({ organization_id: z.string().min(1) }),
  query: auditEventsQuery,
  response: auditEventsPage,
});

export const comparisonHistory = endpoint({
  method: 'GET',
  path: '/api/companies/{company_id}/comparisons/{comparison_id}/history',
  gate: 'company',
  summary: "A comparison's audit events (exports, resolutions, completion), newest first",
  params: z.object({ company_id: z.string().min(1), comparison_id: z.string().min(1) }),
  query: listQuery,
  response: auditEventsPage,
});
