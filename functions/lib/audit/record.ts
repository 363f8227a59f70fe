import type { AuditAction, AUDIT_TARGET_TYPES } from '../../../shared/schemas/audit-event';
import type { Caller } from '../tenancy/caller';
import { PLATFORM_AUDIT_PARTITION } from '../db/audit-event';
import { db } from '../db/service';
import { HttpError } from '../errors';
import { logger } from '../observability/logger';

export interface AuditInput {
  action: AuditAction;
  organization_id?: string | null;
  company_id?: string | null;
  comparison_id?: string | null;
  target_type: (typeof AUDIT_TARGET_TYPES)[number];
  target_id: string;
  /** A record's name (file, comparison, user, organization), never a value from a file. */
  target_name?: string | null;
  /** Names of the changed fields, never their values. */
  fields?: readonly string[];
  /** Enumerated or numeric context only (an export kind, roles, a limit). */
  detail?: string | null;
}

export interface AuditOptions {
  /**
   * The event is written before the caller is given access (a download link): when it cannot be
   * written the access is refused, so nobody reaches a file without a trace.
   */
  beforeAccess?: boolean;
}

// Names are free text typed by people; an identifier pasted into one must not reach the trail.
const SSN_LIKE = /\b\d{3}-?\d{2}-?\d{4}\b/g;
const clean = (value: string | null | undefined) => (value ? value.replace(SSN_LIKE, '***-**-****').slice(0, 300) : undefined);

const actorName = (user: Caller['user']) => [user.first_name, user.last_name].filter(Boolean).join(' ') || undefined;

/**
 * Appends one audit event for what the caller just did (or, with `beforeAccess`, is about to be
 * given). After a write that already happened the event is best effort: a failure is logged as an
 * error and the request still succeeds, because answering an error for a change that was made
 * would invite a retry of something already done. Before access it is a precondition instead.
 */
export async function recordAudit(caller: Caller, event: AuditInput, options: AuditOptions = {}): Promise<void> {
  // A change that touched no field (a save of what was already there) changed nothing to account for.
  if (event.fields && event.fields.length === 0) return;
  const organizationId = event.organization_id || undefined;
  try {
    await db()
      .entities.auditEvent.create({
        partition: organizationId ?? PLATFORM_AUDIT_PARTITION,
        action: event.action,
        actor_user_id: caller.user.id,
        actor_name: clean(actorName(caller.user)),
        organization_id: organizationId,
        company_id: event.company_id || undefined,
        // Empty, not absent: the sparse comparison index is skipped only for a given, empty value.
        comparison_id: event.comparison_id || '',
        target_type: event.target_type,
        target_id: event.target_id,
        target_name: clean(event.target_name),
        fields: event.fields?.length ? [...event.fields] : undefined,
        detail: clean(event.detail),
      })
      .go({ response: 'none' });
  } catch (error) {
    logger.error('could not record an audit event', { action: event.action, target: event.target_id, by: caller.user.id, error });
    if (options.beforeAccess) throw new HttpError(503, 'The download could not be recorded in the audit trail, so it was not started. Try again in a minute.');
  }
}
