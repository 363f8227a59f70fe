import type { EntityItem } from 'electrodb';
import type { DataPointEntity } from '../db/data-point';
import type { FileEntity } from '../db/file';
import { db } from '../db/service';
import type { CompanyKey } from '../tenancy/company-context';
import type { ComparisonRecord } from './comparison-record';

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
export async function loadFiles(ctx: CompanyKey, comparison: ComparisonRecord): Promise<ComparisonFiles> {
  return filesOf(comparison, await readFiles(ctx, comparison.id));
}

/** Every File record stored under the comparison; needs only its id, so it can go out beside the comparison's own read. */
export async function readFiles(ctx: CompanyKey, comparisonId: string): Promise<FileRecord[]> {
  const { data } = await db().entities.file.query.byComparison({ company_id: ctx.companyId, comparison_id: comparisonId }).go({ pages: 'all' });
  return data;
}

/** The comparison's current baseline and carrier files among its File records. */
export function filesOf(comparison: ComparisonRecord, data: FileRecord[]): ComparisonFiles {
  const byId = new Map(data.map((f) => [f.id, f]));
  return {
    baseline: (comparison.baseline_file_id && byId.get(comparison.baseline_file_id)) || null,
    secondary: (comparison.secondary_file_id && byId.get(comparison.secondary_file_id)) || null,
    all: data,
  };
}
