import { Entity } from 'electrodb';
import { idAttribute, optionalString, updatedAt } from './attributes';

// Access patterns:
// - byComparison: the export columns of one comparison (tenant in the key). PUT replaces the set.
// SPEC §3 ExportColumn; an empty set means "every baseline column" (docs/merge-export.md).
export const ExportColumnEntity = new Entity({
  model: { entity: 'exportColumn', version: '1', service: 'dvp' },
  attributes: {
    id: idAttribute,
    organization_id: { type: 'string', required: true, readOnly: true },
    company_id: { type: 'string', required: true, readOnly: true },
    comparison_id: { type: 'string', required: true, readOnly: true },
    file_type: { type: ['BASELINE', 'SECONDARY'] as const, required: true },
    baseline_column_name: optionalString,
    secondary_column_name: optionalString,
    index: { type: 'number', required: true },
    renamed_column_name: optionalString,
    formatting_rule: { type: ['SSN_WITH_DASHES', 'SSN_WITHOUT_DASHES'] as const },
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
