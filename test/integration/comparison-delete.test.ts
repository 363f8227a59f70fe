import { ListBucketsCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparisonPrefixes } from '../../functions/lib/storage/object-keys';
import { listAll } from '../../infra/local/api-flow';
import { localS3Client } from '../../infra/local/lifecycle';
import { api, endpoints } from '../support/api';
import { callAs, companyOf, finishedComparison, stackDb } from '../support/comparison-fixture';

/**
 * Deleting a comparison through the API removes everything it stored: the uploads, parsed rows,
 * run snapshots and export workbooks in S3, and its records (files, data points, discrepancies,
 * missing rows, merges, export columns) in the table.
 */
const ADMIN = 'company-admin@demo.example';
const admin = callAs(ADMIN);

let s3: S3Client;
let companyId: string;
let organizationId: string;
let comparisonId: string;
let base: string;
let fileIds: string[];

/** Every key in every bucket of the local S3 that names the comparison, wherever it sits. */
async function objectsOfComparison(): Promise<string[]> {
  const found: string[] = [];
  const { Buckets = [] } = await s3.send(new ListBucketsCommand({}));
  for (const { Name } of Buckets) {
    let token: string | undefined;
    do {
      const page = await s3.send(new ListObjectsV2Command({ Bucket: Name, ContinuationToken: token }));
      for (const { Key } of page.Contents ?? []) if (Key?.includes(comparisonId)) found.push(`${Name}/${Key}`);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
  return found;
}

/** How many records of each comparison-owned entity the table holds for the comparison. */
async function recordCounts(): Promise<Record<string, number>> {
  const db = await stackDb();
  const key = { company_id: companyId, comparison_id: comparisonId };
  const { file, dataPoint, dataPointDiscrepancy, missingDiscrepancy, dataPointMerge, missingDiscrepancyMerge, exportColumn, comparison } = db.entities;
  const count = async (query: { go: (o: { pages: 'all' }) => Promise<{ data: unknown[] }> }) => (await query.go({ pages: 'all' })).data.length;
  return {
    comparison: await count(comparison.query.byId({ id: comparisonId })),
    file: await count(file.query.byComparison(key)),
    dataPoint: await count(dataPoint.query.byComparison(key)),
    dataPointDiscrepancy: await count(dataPointDiscrepancy.query.byComparison(key)),
    missingDiscrepancy: await count(missingDiscrepancy.query.byComparison(key)),
    dataPointMerge: await count(dataPointMerge.query.byComparison(key)),
    missingDiscrepancyMerge: await count(missingDiscrepancyMerge.query.byComparison(key)),
    exportColumn: await count(exportColumn.query.byComparison(key)),
  };
}

beforeAll(async () => {
  s3 = localS3Client(endpoints().s3);
  ({ companyId, organizationId } = await companyOf(ADMIN));
  const finished = await finishedComparison(ADMIN, companyId, `Delete ${Date.now()}`, 'COMPARE_MERGE');
  comparisonId = finished.id;
  base = finished.base;

  // A resolved discrepancy (a merge record), decided missing rows, export columns and both exports.
  const [first] = await listAll(admin, `${base}/data_point_discrepancies?skipverification=true`);
  const resolved = await api('PATCH', `${base}/data_point_discrepancies/${first.id}`, {
    as: ADMIN,
    body: { resolved_discrepancy_type: 'COST', resolved_value_source: 'CUSTOM', resolved_value: '12.34', resolved_notes: 'typed', updated_at: first.updated_at },
  });
  expect(resolved.status).toBe(200);
  const carrierOnly = (await listAll(admin, `${base}/missing_discrepancies`)).find((m) => m.kind === 'MISSING_IN_BASELINE');
  const included = await api('PATCH', `${base}/missing_discrepancies/${carrierOnly.id}`, {
    as: ADMIN,
    body: { resolved_inclusion: true, resolved_discrepancy_type: 'MISSING_ENROLLMENT', updated_at: carrierOnly.updated_at },
  });
  expect(included.status).toBe(200);
  const columns = await api('PUT', `${base}/export_columns`, {
    as: ADMIN,
    body: [
      { file_type: 'BASELINE', baseline_column_name: 'SSN', index: 0 },
      { file_type: 'BASELINE', baseline_column_name: 'Monthly Premium', index: 1 },
    ],
  });
  expect(columns.status).toBe(200);
  for (const kind of ['DISCREPANCIES', 'MERGED']) {
    const exported = await api('POST', `${base}/export`, { as: ADMIN, body: { kind } });
    expect(exported.status, kind).toBe(200);
  }
  const shown = (await api('GET', base, { as: ADMIN })).body;
  fileIds = [shown.baseline_file.id, shown.secondary_file.id];
}, 180_000);

afterAll(() => s3?.destroy());

describe('DELETE a comparison that has run and been exported', () => {
  it('has objects under every prefix and records of every kind before the delete', async () => {
    const objects = await objectsOfComparison();
    for (const prefix of comparisonPrefixes({ organizationId, companyId, comparisonId })) {
      expect(objects.some((k) => k.includes(`/${prefix}`)), prefix).toBe(true);
    }
    expect(objects.filter((k) => k.includes('/exports/'))).toHaveLength(2);
    const counts = await recordCounts();
    expect(counts).toMatchObject({ comparison: 1, file: 2 });
    for (const entity of ['dataPoint', 'dataPointDiscrepancy', 'missingDiscrepancy', 'dataPointMerge', 'exportColumn']) {
      expect(counts[entity], entity).toBeGreaterThan(0);
    }
  });

  it('answers 204 and leaves no object of the comparison in any bucket', async () => {
    const res = await api('DELETE', base, { as: ADMIN });

    expect(res.status).toBe(204);
    expect(await objectsOfComparison()).toEqual([]);
  });

  it('leaves none of its records, and its reads answer 404', async () => {
    expect(Object.values(await recordCounts()).every((n) => n === 0), JSON.stringify(await recordCounts())).toBe(true);
    const reads = [
      base,
      ...fileIds.map((id) => `${base}/files/${id}`),
      `${base}/data_points`,
      `${base}/data_point_discrepancies`,
      `${base}/missing_discrepancies`,
      `${base}/export_columns`,
    ];
    for (const path of reads) expect((await api('GET', path, { as: ADMIN })).status, path).toBe(404);
    const listed = await listAll(admin, `/api/companies/${companyId}/comparisons`);
    expect(listed.map((c) => c.id)).not.toContain(comparisonId);
  });
});
