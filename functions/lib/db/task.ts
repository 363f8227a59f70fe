import { Entity } from 'electrodb';
import { createdAt, idAttribute, optionalString, updatedAt } from './attributes';

// Access patterns:
// - byCompany: a company's tasks (a renewal's task is read by its id under the company).
// Owners, assignees, notes and files are their own entities under the same partition (task-*.ts).
export const TaskEntity = new Entity({
  model: { entity: 'task', version: '1', service: 'dvp' },
  attributes: {
    id: idAttribute,
    organization_id: { type: 'string', required: true, readOnly: true },
    company_id: { type: 'string', required: true, readOnly: true },
    task_type: { type: 'string', required: true, readOnly: true },
    closed_at: optionalString,
    completed_at: optionalString,
    created_at: createdAt,
    updated_at: updatedAt,
  },
  indexes: {
    byCompany: {
      pk: { field: 'pk', composite: ['organization_id', 'company_id'] },
      sk: { field: 'sk', composite: ['id'] },
    },
  },
});

