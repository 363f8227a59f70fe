import { Entity } from 'electrodb';
import { createdAt, idAttribute, optionalString } from './attributes';

// Access patterns (both): the owners / assignees of a task, tenant in the key.
export const TaskOwnerEntity = new Entity({
  model: { entity: 'taskOwner', version: '1', service: 'dvp' },
  attributes: {
    id: idAttribute,
    organization_id: { type: 'string', required: true, readOnly: true },
    company_id: { type: 'string', required: true, readOnly: true },
    task_id: { type: 'string', required: true, readOnly: true },
    user_id: { type: 'string', required: true, readOnly: true },
    created_at: createdAt,
  },
  indexes: {
    byTask: {
      pk: { field: 'pk', composite: ['organization_id', 'company_id'] },
      // The user in the key: adding the same owner twice fails the create's condition.
      sk: { field: 'sk', composite: ['task_id', 'user_id'] },
    },
  },
});

export const TaskAssigneeEntity = new Entity({
  model: { entity: 'taskAssignee', version: '1', service: 'dvp' },
  attributes: {
    id: idAttribute,
    organization_id: { type: 'string', required: true, readOnly: true },
    company_id: { type: 'string', required: true, readOnly: true },
    task_id: { type: 'string', required: true, readOnly: true },
    task_type: { type: 'string', required: true, readOnly: true },
    step: { type: 'string', required: true, readOnly: true },
    user_id: { type: 'string', required: true, readOnly: true },
    completed_at: optionalString,
    completed_by_user_id: optionalString,
    unassigned_at: optionalString,
    created_at: createdAt,
  },
  indexes: {
    byTask: {
      pk: { field: 'pk', composite: ['organization_id', 'company_id'] },
      sk: { field: 'sk', composite: ['task_id', 'id'] },
    },
  },
});
