/** Entities of verification merges (DataPointMerge, MissingDiscrepancyMerge). */
export const mergeEntities = {};
