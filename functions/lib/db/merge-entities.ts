import { DataPointMergeEntity } from './data-point-merge';
import { MissingDiscrepancyMergeEntity } from './missing-discrepancy-merge';

/** Entities of verification merges (DataPointMerge, MissingDiscrepancyMerge). */
export const mergeEntities = {
  dataPointMerge: DataPointMergeEntity,
  missingDiscrepancyMerge: MissingDiscrepancyMergeEntity,
};
