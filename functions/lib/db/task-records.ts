import { Entity } from 'electrodb';
import { createdAt, flag, idAttribute, optionalString } from './attributes';

// Access patterns (both): the notes / files of a task, tenant in the key; notes in time order.
export const TaskNoteEntity = new Entity({
  model: { entity: 'taskNote', version: '1', service: 'dvp' },
  attributes: {
    id: idAttribute,
    organization_id: { type: 'string', required: true, readOnly: true },
    company_id: { type: 'string', required: true, readOnly: true },
    task_id: { type: 'string', required: true, readOnly: true },
    task_type: { type: 'string', required: true, readOnly: true },
    step: { type: 'string', required: true, readOnly: true },
    user_id: { type: 'string', required: true, readOnly: true },
    notes: { type: 'string', required: true },
    tag_id: optionalString,
    tag_description: optionalString,
    created_at: createdAt,
  },
  indexes: {
    byTask: {
      pk: { field: 'pk', composite: ['organization_id', 'company_id'] },
      sk: { field: 'sk', composite: ['task_id', 'created_at', 'id'] },
    },
  },
});

/** The bytes are in S3 at `storage_path` (under the tenant's folder); listed once `storage_verified`. */
export const TaskFileEntity = new Entity({
  model: { entity: 'taskFile', version: '1', service: 'dvp' },
  attributes: {
    id: idAttribute,
    organization_id: { type: 'string', required: true, readOnly: true },
    company_id: { type: 'string', required: true, readOnly: true },
    task_id: { type: 'string', required: true, readOnly: true },
    task_type: { type: 'string', required: true, readOnly: true },
    step: { type: 'string', required: true, readOnly: true },
    created_by_user_id: { type: 'string', required: true, readOnly: true },
    name: { type: 'string', required: true },
    size: { type: 'number', required: true },
    content_type: { type: 'string', required: true },
    tag_id: optionalString,
    tag_description: optionalString,
    storage_path: { type: 'string', required: true, readOnly: true },
    storage_verified: flag,
    created_at: createdAt,
  },
  indexes: {
    byTask: {
      pk: { field: 'pk', composite: ['organization_id', 'company_id'] },
      sk: { field: 'sk', composite: ['task_id', 'id'] },
    },
  },
});
