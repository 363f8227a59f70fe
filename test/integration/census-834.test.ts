import { beforeAll, describe, expect, it } from 'vitest';
import { comparisonPath, configureDataPoints, createComparison, listAll, uploadFile, waitForRun } from '../../infra/local/api-flow';
import { api } from '../support/api';
import { callAs, companyOf } from '../support/comparison-fixture';
import { X12_VALUE_MAPPINGS, acceptSuggestions, type SuggestionAnswer } from '../support/accepted-suggestions';
import { generatePair } from '../fixtures/generator/generate';
import { csvLine } from '../fixtures/generator/write-files';
import { writeHousehold834 } from '../fixtures/generator/x12-834';

/**
 * A census pair whose carrier side is an 834 written as benefits-administration systems write them
 * (a loop per household member; hire date, employment status, address and group number on the
 * subscriber's loop only), compared with its baseline through the API as a user does it: upload
 * both, accept the suggested data points and identifier with the detected date formats, map the
 * carrier's words, run. The findings per kind are the census truth's.
 */
const ADMIN = 'company-admin@demo.example';
const admin = callAs(ADMIN);
const pair = generatePair({ rows: 1_200, seed: 'census-834', errorRate: 0.06 });

let byKind: Record<string, number>;
let outsideTruth: Array<{ kind: string; column: string }>;
let parsedRows: number;

beforeAll(async () => {
  const { companyId } = await companyOf(ADMIN);
  const comparison = await createComparison(admin, companyId, `census as 834 ${Date.now()}`);
  const base = comparisonPath(companyId, comparison.id);
  let baselineCsv = csvLine(pair.baseline.columns);
  for (const row of pair.baseline.rows) baselineCsv += csvLine(row);
  await uploadFile(admin, base, 'BASELINE', { name: 'census.csv', bytes: Buffer.from(baselineCsv), contentType: 'text/csv' });
  const file = await uploadFile(admin, base, 'SECONDARY', { name: 'households.834', bytes: Buffer.from(writeHousehold834(pair.secondary, { lineBreak: '\n' })), contentType: 'application/edi-x12' });
  parsedRows = file.row_count;
  const suggested = await api('GET', `${base}/data_points/suggestions`, { as: ADMIN });
  expect(suggested.status).toBe(200);
  const config = acceptSuggestions(suggested.body as SuggestionAnswer, X12_VALUE_MAPPINGS);
  const saved = await configureDataPoints(admin, companyId, base, config, `census 834 ${Date.now()}`);
  expect((await api('POST', `${base}/run`, { as: ADMIN })).status).toBe(202);
  const done = await waitForRun(admin, base, { timeoutMs: 180_000 });
  expect(done.status, done.status_reason).toBe('SUCCEEDED');
  const discrepancies = await listAll(admin, `${base}/data_point_discrepancies?skipverification=true`);
  const missing = await listAll(admin, `${base}/missing_discrepancies`);
  byKind = {};
  for (const kind of [...discrepancies.map((d) => d.suggested_type ?? 'UNCLASSIFIED'), ...missing.map((m) => m.kind)]) byKind[kind] = (byKind[kind] ?? 0) + 1;
  const columnOf = new Map<string, string>(saved.map((p: { id: string; secondary_column_name: string }) => [p.id, p.secondary_column_name]));
  const truthKinds = new Set(Object.keys(pair.truth.meta.counts_by_kind));
  outsideTruth = discrepancies.filter((d) => !truthKinds.has(d.suggested_type ?? 'UNCLASSIFIED')).map((d) => ({ kind: d.suggested_type ?? 'UNCLASSIFIED', column: columnOf.get(d.data_point_id)! }));
}, 300_000);

describe('a census compared with the same enrollment written as an 834 of households', () => {
  it('reads a row per member coverage, the carrier table row for row', () => {
    expect(parsedRows).toBe(pair.secondary.rows.length);
  });

  it('reports exactly the differences the census truth lists, kind by kind', () => {
    const counts = pair.truth.meta.counts_by_kind;
    expect(Object.values(counts).every((n) => n > 0)).toBe(true);
    for (const [kind, n] of Object.entries(counts)) expect(byKind[kind] ?? 0, kind).toBe(n);
  });

  it('reports nothing else: no hire date or address findings on dependents, no pair of a column the 834 leaves empty', () => {
    expect(outsideTruth).toEqual([]);
  });
});
