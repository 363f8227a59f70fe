import { z } from 'zod';
import { listQuery } from './paging';
import { id, instant, maybe } from './records';

/**
 * The audit trail of access to personal data: who did what to which record, and when. An event
 * names people and records by id and name and the fields a change touched, never a value (no
 * identifier, date of birth, cell value or resolved value), so reading the trail discloses nothing
 * the reader could not already see.
 */
export const AUDIT_ACTIONS = [
  'COMPARISON_EXPORTED',
  'COMPARISON_COMPLETED',
  'COMPARISON_DELETED',
  'DISCREPANCY_RESOLVED',
  'MISSING_ROW_RESOLVED',
  'TASK_FILE_DOWNLOADED',
  'CONVERSION_DOWNLOADED',
  'CONVERSION_DELETED',
  'USER_ROLE_CHANGED',
  'USER_DISABLED',
  'USER_ENABLED',
  'ORGANIZATION_DISCREPANCY_LIMIT_CHANGED',
] as const;
export const auditAction = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof auditAction>;

export const AUDIT_ACTION_LABELS: Readonly<Record<AuditAction, string>> = {
  COMPARISON_EXPORTED: 'Exported a comparison',
  COMPARISON_COMPLETED: 'Completed a comparison',
  COMPARISON_DELETED: 'Deleted a comparison',
  DISCREPANCY_RESOLVED: 'Changed a discrepancy resolution',
  MISSING_ROW_RESOLVED: 'Changed a missing row resolution',
  TASK_FILE_DOWNLOADED: 'Downloaded a task attachment',
  CONVERSION_DOWNLOADED: 'Downloaded a converted carrier file',
  CONVERSION_DELETED: 'Deleted a carrier file conversion',
  USER_ROLE_CHANGED: "Changed a user's role or tenant",
  USER_DISABLED: 'Disabled a user',
  USER_ENABLED: 'Enabled a user',
  ORGANIZATION_DISCREPANCY_LIMIT_CHANGED: "Changed an organization's discrepancy limit",
};

export const AUDIT_TARGET_TYPES = ['COMPARISON', 'DISCREPANCY', 'MISSING_ROW', 'TASK_FILE', 'CARRIER_FILE_CONVERSION', 'USER', 'ORGANIZATION'] as const;
export const auditTargetType = z.enum(AUDIT_TARGET_TYPES);

export const auditEventResponse = z.strictObject({
  id: id(),
  occurred_at: instant(),
  action: auditAction,
  actor_user_id: id(),
  actor_name: maybe(z.string()),
  organization_id: maybe(z.string()),
  company_id: maybe(z.string()),
  comparison_id: maybe(z.string()),
  target_type: auditTargetType,
  target_id: id(),
  /** A record's name (a file, a comparison, a user, an organization): never a cell value. */
  target_name: maybe(z.string()),
  /** The names of the fields the change touched. */
  fields: maybe(z.array(z.string())),
  /** Enumerated or numeric context only: an export kind, roles before and after, a limit before and after. */
  detail: maybe(z.string()),
});
export type AuditEventResponse = z.infer<typeof auditEventResponse>;

/** A day (yyyy-MM-dd, the whole day) or an instant. */
const bound = z.string().regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+Z?)?$/, { error: 'Give a date (yyyy-MM-dd) or an ISO instant' });

export const auditEventsQuery = listQuery.extend({
  action: auditAction.optional(),
  user_id: z.string().min(1).optional(),
  from: bound.optional(),
  to: bound.optional(),
});
export const adminAuditEventsQuery = auditEventsQuery.extend({ organization_id: z.string().min(1).optional() });
export type AuditEventsQuery = z.infer<typeof adminAuditEventsQuery>;
