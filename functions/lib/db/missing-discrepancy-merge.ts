import { Entity } from 'electrodb';
import { updatedAt } from './attributes';

/**
 * SPEC §3 MissingDiscrepancyMerge: a value to merge for an included missing row, one per data point
 * (id `<missing_discrepancy_id>:<data_point_id>`, so a PATCH that sends the set again overwrites).
 *
 * Access patterns:
 * - byComparison: every merge of a comparison; with missing_discrepancy_id, the merges of one row
 *   (the sort key starts with it).
 */
export const MissingDiscrepancyMergeEntity = new Entity({
  model: { entity: 'missingDiscrepancyMerge', version: '1', service: 'dvp' },
  attributes: {
    id: { type: 'string', required: true, readOnly: true },
    organization_id: { type: 'string', required: true, readOnly: true },
    company_id: { type: 'string', required: true, readOnly: true },
    comparison_id: { type: 'string', required: true, readOnly: true },
    missing_discrepancy_id: { type: 'string', required: true, readOnly: true },
    data_point_id: { type: 'string', required: true, readOnly: true },
    merge_value: { type: 'string' },
    updated_by_user_id: { type: 'string' },
    updated_at: updatedAt,
  },
  indexes: {
    byComparison: {
      pk: { field: 'pk', composite: ['company_id', 'comparison_id'] },
      sk: { field: 'sk', composite: ['missing_discrepancy_id', 'data_point_id'] },
    },
  },
});

export const missingMergeId = (missingDiscrepancyId: string, dataPointId: string) => `${missingDiscrepancyId}:${dataPointId}`;
