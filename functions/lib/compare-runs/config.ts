import { text } from 'node:stream/consumers';
import type { CompareConfig, CompareDataPoint } from '../../../shared/compare';
import { openObject, putObject, runKey } from '../storage/objects';
import { db } from '../db/service';
import type { RunInput } from './types';

/**
 * The comparison's configuration as the engine wants it: its data points (SPEC §3 DataPoint) with
 * each one's value mapping (DataMapping + DataMappingField) inlined. Prepare builds it once and
 * stores a snapshot in S3 for the run, so a data point edited mid-run does not change the run.
 */
export interface StoredDataPoint {
  id: string;
  baseline_column_name: string;
  secondary_column_name: string;
  is_unique_identifier?: boolean | null;
  data_mapping_id?: string | null;
  date_format?: unknown;
  discrepancy_function?: string | null;
  tolerance?: number | null;
}

export interface MappingFields {
  id: string;
  name?: string;
  fields: Array<{ source: string; target: string }>;
}

/** The comparison's data points, in the user's order. */
export async function loadDataPoints(scope: Pick<RunInput, 'company_id' | 'comparison_id'>): Promise<StoredDataPoint[]> {
  const { data } = await db()
    .entities.dataPoint.query.byComparison({ company_id: scope.company_id, comparison_id: scope.comparison_id })
    .go({ pages: 'all' });
  return [...data].sort((a, b) => a.position - b.position);
}

/** A mapping's value pairs, by id (the fields are a list inside the mapping). */
export async function loadMapping(id: string): Promise<MappingFields | null> {
  const { data } = await db().entities.dataMapping.query.byId({ id }).go();
  const record = data[0];
  if (!record) return null;
  const fields = (record.fields ?? []) as Array<{ source: string; target?: string | null }>;
  return { id, name: record.name, fields: fields.map((f) => ({ source: String(f.source), target: String(f.target ?? '') })) };
}

/** A stored date format as the engine reads it: one format, or per side without null sides. */
export function dateFormatOf(stored: unknown): CompareDataPoint['date_format'] {
  if (typeof stored === 'string' && stored) return stored as CompareDataPoint['date_format'];
  if (!stored || typeof stored !== 'object') return null;
  const { baseline, secondary } = stored as { baseline?: string | null; secondary?: string | null };
  if (!baseline && !secondary) return null;
  return { ...(baseline ? { baseline } : {}), ...(secondary ? { secondary } : {}) } as CompareDataPoint['date_format'];
}

/** Builds the engine's configuration; mappings are loaded once each. */
export async function buildCompareConfig(points: StoredDataPoint[]): Promise<CompareConfig> {
  const mappingIds = [...new Set(points.map((p) => p.data_mapping_id).filter((id): id is string => Boolean(id)))];
  const mappings = new Map<string, MappingFields | null>();
  await Promise.all(mappingIds.map(async (id) => mappings.set(id, await loadMapping(id))));
  const data_points: CompareDataPoint[] = points.map((p) => {
    const mapping = p.data_mapping_id ? mappings.get(p.data_mapping_id) : null;
    return {
      id: p.id,
      baseline_column_name: p.baseline_column_name,
      secondary_column_name: p.secondary_column_name,
      is_unique_identifier: Boolean(p.is_unique_identifier),
      date_format: dateFormatOf(p.date_format),
      discrepancy_function: (p.discrepancy_function ?? null) as CompareDataPoint['discrepancy_function'],
      data_mapping: mapping ? { fields: mapping.fields } : null,
      ...(typeof p.tolerance === 'number' ? { tolerance: p.tolerance } : {}),
    };
  });
  return { data_points };
}

export const configKey = (run: RunInput) => runKey(run, 'config.json');

export interface ConfigSnapshot {
  config: CompareConfig;
  /** Column names per data point, for the report even after the data points change. */
  columns: Record<string, { baseline_column_name: string; secondary_column_name: string }>;
}

export async function storeConfigSnapshot(run: RunInput, snapshot: ConfigSnapshot): Promise<string> {
  const key = configKey(run);
  await putObject(key, Buffer.from(JSON.stringify(snapshot)), 'application/json');
  return key;
}

export async function readConfigSnapshot(key: string): Promise<ConfigSnapshot> {
  const object = await openObject(key);
  if (!object) throw new Error('The configuration of this run is missing from storage');
  return JSON.parse(await text(object.body)) as ConfigSnapshot;
}
