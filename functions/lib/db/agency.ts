import { Entity } from 'electrodb';
import { flag, idAttribute, optionalString, updatedAt } from './attributes';

// Access patterns:
// - byId: an agency by id.
// - all (gsi1): every agency, by name (admin listing).
export const AgencyEntity = new Entity({
  model: { entity: 'agency', version: '1', service: 'dvp' },
  attributes: {
    id: idAttribute,
    name: { type: 'string', required: true },
    notes: optionalString,
    inactive: flag,
    updated_at: updatedAt,
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } },
    all: { index: 'gsi1', pk: { field: 'gsi1pk', composite: [] }, sk: { field: 'gsi1sk', composite: ['name', 'id'] } },
  },
});
