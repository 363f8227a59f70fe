import { Entity } from 'electrodb';
import { idAttribute, optionalNumber, optionalString, updatedAt } from './attributes';

// Access patterns:
// - byComparison: the data points of a comparison, tenant in the key; `position` keeps the user's order.
// date_format is a DateFormat or { baseline?, secondary? } (shared/compare CompareDataPoint.date_format).
export const DataPointEntity = new Entity({
  model: { entity: 'dataPoint', version: '1', service: 'dvp' },
  attributes: {
    id: idAttribute,
    organization_id: { type: 'string', required: true, readOnly: true },
    company_id: { type: 'string', required: true, readOnly: true },
    comparison_id: { type: 'string', required: true, readOnly: true },
    position: { type: 'number', required: true },
    baseline_column_name: { type: 'string', required: true },
    secondary_column_name: { type: 'string', required: true },
    is_unique_identifier: { type: 'boolean', required: true },
    data_mapping_id: optionalString,
    date_format: { type: 'any' },
    discrepancy_function: optionalString,
    tolerance: optionalNumber,
    updated_by_user_id: optionalString,
    updated_at: updatedAt,
  },
  indexes: {
    byComparison: {
      pk: { field: 'pk', composite: ['company_id', 'comparison_id'] },
      sk: { field: 'sk', composite: ['id'] },
    },
  },
});
