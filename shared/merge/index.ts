/** The merged data set of merge comparisons. See docs/merge-export.md. */
export {
  ADDED_DUPLICATE_STATUS,
  ADDED_FROM_CARRIER_STATUS,
  MERGE_STATUS_COLUMN,
  buildMergedRows,
  mergeFromResolution,
  mergedColumns,
  mergedRowsAsRows,
} from './merge-rows';
export type { BuildMergedRowsInput, DataPointMerge, MergedRow, MissingWithMerges } from './merge-rows';
