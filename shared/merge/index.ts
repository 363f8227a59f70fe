/** The merged data set of merge comparisons. See docs/merge-export.md. */
export {
  ADDED_DUPLICATE_STATUS,
  ADDED_FROM_CARRIER_STATUS,
  MERGE_STATUS_COLUMN,
  buildMergedRows,
  mergeFromResolution,
  mergedColumns,
  mergedRowsAsRows,
  mergedStatus,
} from './merge-rows';
export type { BuildMergedRowsInput, DataPointMerge, MergeDataPoint, MergedRow, MergedRowOrigin, MissingWithMerges } from './merge-rows';
