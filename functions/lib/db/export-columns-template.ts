import { Entity } from 'electrodb';
import { idAttribute, optionalString, updatedAt } from './attributes';

// Access patterns:
// - byOrganization: the export columns templates of an organization and of its companies
//   (company_id set for company templates, absent for organization ones); lists filter on it.
// The columns (SPEC §3 ExportColumnsTemplateColumn) are a list inside the template: a template is
// read and written whole.
export const ExportColumnsTemplateEntity = new Entity({
  model: { entity: 'exportColumnsTemplate', version: '1', service: 'dvp' },
  attributes: {
    id: idAttribute,
    organization_id: { type: 'string', required: true, readOnly: true },
    company_id: { type: 'string', readOnly: true },
    name: { type: 'string', required: true },
    columns: {
      type: 'list',
      required: true,
      items: {
        type: 'map',
        properties: {
          id: { type: 'string', required: true },
          baseline_column_name: { type: 'string' },
          secondary_column_name: { type: 'string' },
          index: { type: 'number', required: true },
          renamed_column_name: { type: 'string' },
          formatting_rule: { type: ['SSN_WITH_DASHES', 'SSN_WITHOUT_DASHES'] as const },
        },
      },
    },
    updated_by_user_id: optionalString,
    updated_at: updatedAt,
  },
  indexes: {
    byOrganization: {
      pk: { field: 'pk', composite: ['organization_id'] },
      sk: { field: 'sk', composite: ['id'] },
    },
  },
});
