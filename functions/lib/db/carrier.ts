import { Entity } from 'electrodb';
import { flag, idAttribute, updatedAt } from './attributes';

// Access patterns:
// - byId: a carrier by id.
// - all (gsi1): the platform's carrier list by name.
export const CarrierEntity = new Entity({
  model: { entity: 'carrier', version: '1', service: 'dvp' },
  attributes: {
    id: idAttribute,
    name: { type: 'string', required: true },
    inactive: flag,
    updated_at: updatedAt,
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } },
    all: { index: 'gsi1', pk: { field: 'gsi1pk', composite: [] }, sk: { field: 'gsi1sk', composite: ['name', 'id'] } },
  },
});
