import { Entity } from 'electrodb';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '../../../shared/schemas/audit-event';
import { idAttribute, now } from './attributes';

/** The partition of events that belong to no organization (agency and platform users). */
export const PLATFORM_AUDIT_PARTITION = 'platform';

const fixed = { type: 'string', readOnly: true } as const;

// Append-only: every attribute is read-only and no route patches or deletes an event; a deleted
// comparison keeps its events because they live under the organization, not the comparison.
// Access patterns:
// - byPartition: an organization's events (or the platform's), newest first by occurred_at.
// - byComparison (gsi1, sparse): a comparison's events, for its history. An event of no comparison
//   is written with comparison_id '' (the condition needs the attribute given) and gets no gsi1 keys.
// - all (gsi3): every event, newest first, for the DMS Admin across organizations.
export const AuditEventEntity = new Entity({
  model: { entity: 'auditEvent', version: '1', service: 'dvp' },
  attributes: {
    id: idAttribute,
    partition: { type: 'string', required: true, readOnly: true },
    occurred_at: { type: 'string', required: true, readOnly: true, default: () => now() },
    action: { type: AUDIT_ACTIONS, required: true, readOnly: true },
    actor_user_id: { type: 'string', required: true, readOnly: true },
    actor_name: fixed,
    organization_id: fixed,
    company_id: fixed,
    comparison_id: fixed,
    target_type: { type: AUDIT_TARGET_TYPES, required: true, readOnly: true },
    target_id: { type: 'string', required: true, readOnly: true },
    target_name: fixed,
    fields: { type: 'list', items: { type: 'string' }, readOnly: true },
    detail: fixed,
  },
  indexes: {
    byPartition: {
      pk: { field: 'pk', composite: ['partition'] },
      sk: { field: 'sk', composite: ['occurred_at', 'id'] },
    },
    byComparison: {
      index: 'gsi1',
      condition: (attr) => typeof attr.comparison_id === 'string' && attr.comparison_id.length > 0,
      pk: { field: 'gsi1pk', composite: ['comparison_id'] },
      sk: { field: 'gsi1sk', composite: ['occurred_at', 'id'] },
    },
    all: {
      index: 'gsi3',
      pk: { field: 'gsi3pk', composite: [], template: 'audit_events' },
      sk: { field: 'gsi3sk', composite: ['occurred_at', 'id'] },
    },
  },
});
