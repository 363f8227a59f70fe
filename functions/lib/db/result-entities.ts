/** Entities of comparison results (discrepancies, missing rows, merges). */
export const resultEntities = {};
