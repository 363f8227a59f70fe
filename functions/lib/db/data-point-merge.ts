import { Entity } from 'electrodb';
import { optionalNumber, updatedAt } from './attributes';

/**
 * SPEC §3 DataPointMerge: the value a resolved discrepancy of a merge comparison (COMPARE_MERGE,
 * MERGE_ONLY) puts into the merged data set. One per discrepancy: the id is the discrepancy's id, so
 * re-resolving overwrites it and un-resolving (or choosing the baseline's value) deletes it.
 *
 * Access patterns:
 * - byComparison: every merge of a comparison (tenant in the key), for the merged export and the read.
 */
export const DataPointMergeEntity = new Entity({
  model: { entity: 'dataPointMerge', version: '1', service: 'dvp' },
  attributes: {
    /** = data_point_discrepancy_id. */
    id: { type: 'string', required: true, readOnly: true },
    organization_id: { type: 'string', required: true, readOnly: true },
    company_id: { type: 'string', required: true, readOnly: true },
    comparison_id: { type: 'string', required: true, readOnly: true },
    data_point_discrepancy_id: { type: 'string', required: true, readOnly: true },
    data_point_id: { type: 'string', required: true },
    baseline_row_index: { type: 'number', required: true },
    secondary_row_index: optionalNumber,
    merge_value: { type: 'string' },
    updated_by_user_id: { type: 'string' },
    updated_at: updatedAt,
  },
  indexes: {
    byComparison: {
      pk: { field: 'pk', composite: ['company_id', 'comparison_id'] },
      sk: { field: 'sk', composite: ['id'] },
    },
  },
});
