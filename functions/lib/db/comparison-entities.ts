/** Entities of comparisons (files, data points, mappings, discrepancies). */
export const comparisonEntities = {};
