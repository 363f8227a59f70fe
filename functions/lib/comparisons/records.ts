import type { EntityItem } from 'electrodb';
import type { DataPointEntity } from '../db/data-point';
import type { FileEntity } from '../db/file';
import { db } from '../db/service';
import type { CompanyContext, ComparisonRecord } from './context';

/**
 * The stored records of a comparison's set-up, and the read of its files that the comparison, its
 * files, the parsed rows and the export all need: kept apart from those modules so none of them
 * has to import another for it.
 */
export type FileRecord = EntityItem<typeof FileEntity>;
export type DataPointRecord = EntityItem<typeof DataPointEntity>;

export interface ComparisonFiles {
  baseline: FileRecord | null;
  secondary: FileRecord | null;
  /** Every File record of the comparison, replaced ones not yet removed included. */
  all: FileRecord[];
}

/** The comparison's baseline and carrier files (null until uploaded). */
export async function loadFiles(ctx: CompanyContext, comparison: ComparisonRecord): Promise<ComparisonFiles> {
  const { data } = await db().entities.file.query.byComparison({ company_id: ctx.companyId, comparison_id: comparison.id }).go({ pages: 'all' });
  const byId = new Map(data.map((f) => [f.id, f]));
  return {
    baseline: (comparison.baseline_file_id && byId.get(comparison.baseline_file_id)) || null,
    secondary: (comparison.secondary_file_id && byId.get(comparison.secondary_file_id)) || null,
    all: data,
  };
}
