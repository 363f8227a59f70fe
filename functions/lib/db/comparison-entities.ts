import { ComparisonEntity } from './comparison';
import { FileEntity } from './file';

/** Entities of comparisons (files, data points, mappings, discrepancies). */
export const comparisonEntities = {
  comparison: ComparisonEntity,
  file: FileEntity,
};
