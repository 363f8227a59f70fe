import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { DeleteObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localS3Client } from '../../infra/local/lifecycle';
import { bearerClient, comparisonPath, configureDataPoints, createComparison, listAll, uploadFile, waitForRun, type Call } from '../../infra/local/api-flow';
import { DEMO_PASSWORD } from '../../infra/local/demo-data';
import { freePort } from '../../infra/local/ports';
import { generatePair, type GeneratedTable } from '../fixtures/generator/generate';
import { csvLine } from '../fixtures/generator/write-files';
import { callAs, companyOf } from '../support/comparison-fixture';
import { spawnStack, waitForReady, type StackProcess } from '../support/stack-process';

/**
 * A pair larger than one shard, compared in 8 shards on a local stack whose shard threshold is
 * lowered (the same state machine as deployed: Split plan → Distributed Map of the files' ranges →
 * Distributed Map of the shards → Merge), its files stored in small parts and cut by several split
 * tasks each, lists exactly the findings, in the same order, and the same summary as the unsharded
 * run of the suite's stack.
 */
const ADMIN = 'company-admin@demo.example';
const SHARDS = 8;
const pair = generatePair({ rows: 4_000, seed: 'sharded-run', errorRate: 0.06 });
// Duplicates on both sides, across the files.
pair.baseline.rows.push(pair.baseline.rows[12]!, pair.baseline.rows[3_100]!);
pair.secondary.rows.push(pair.secondary.rows[40]!, pair.secondary.rows[2_000]!);
const csv = (table: GeneratedTable) => Buffer.from([csvLine(table.columns), ...table.rows.map((r) => csvLine(r))].join(''));
const largerFile = Math.max(pair.baseline.rows.length, pair.secondary.rows.length);
// Parsed rows in parts of ~40,000 characters (~200 rows here), ~4 parts' worth per split task.
const PART_CHARS = 40_000;
const SPLIT_CHARS = 4 * PART_CHARS;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dvp-sharded-'));
let stack: StackProcess;
let endpoints: Record<string, string>;

async function signedIn(url: string): Promise<Call> {
  const config = await (await fetch(`${url}/config.json`)).json();
  const auth = await fetch(config.userPoolEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    body: JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: config.userPoolClientId, AuthParameters: { USERNAME: ADMIN, PASSWORD: DEMO_PASSWORD } }),
  });
  return bearerClient(url, ((await auth.json()) as { AuthenticationResult: { IdToken: string } }).AuthenticationResult.IdToken);
}

/** Creates, uploads, configures and runs the pair; answers the comparison's path once it ran. */
async function runPair(call: Call, companyId: string, name: string, beforeRun?: (base: string) => Promise<void>): Promise<string> {
  const base = comparisonPath(companyId, (await createComparison(call, companyId, name)).id);
  await uploadFile(call, base, 'BASELINE', { name: 'baseline.csv', bytes: csv(pair.baseline), contentType: 'text/csv' });
  await uploadFile(call, base, 'SECONDARY', { name: 'carrier.csv', bytes: csv(pair.secondary), contentType: 'text/csv' });
  await configureDataPoints(call, companyId, base, pair.config, name);
  await beforeRun?.(base);
  expect((await call('POST', `${base}/run`)).status).toBe(202);
  const done = await waitForRun(call, base, { everyMs: 250, timeoutMs: 300_000 });
  expect(done.status, done.status_reason).toBe('SUCCEEDED');
  return base;
}

/**
 * What a user reads of a run's findings, with what differs between two comparisons of the same
 * files left out: ids, tenants and times, and each data point named by its columns instead of its id.
 */
async function findings(call: Call, base: string) {
  const [discrepancies, missing, comparison] = await Promise.all([
    listAll(call, `${base}/data_point_discrepancies?skipverification=true`),
    listAll(call, `${base}/missing_discrepancies`),
    call('GET', base),
  ]);
  const { run_id: _run, finished_at: _at, timings_ms: _t, data_points, baseline_file: _b, secondary_file: _s, changes_since_previous, discrepancies_by_data_point, ...summary } =
    comparison.body.summary;
  const points = data_points as Array<{ id: string; baseline_column_name: string; secondary_column_name: string; value_kind: string; baseline_date_format: string | null; secondary_date_format: string | null }>;
  const named = new Map(points.map((p) => [p.id, `${p.baseline_column_name} | ${p.secondary_column_name}`]));
  const plain = (items: Array<Record<string, unknown>>) =>
    items.map(({ id: _id, run_id: _r, organization_id: _o, company_id: _co, comparison_id: _c, created_at: _ca, updated_at: _ua, first_seen_at: _f, data_point_id, ...rest }) => ({
      ...rest,
      ...(data_point_id ? { data_point: named.get(data_point_id as string) } : {}),
    }));
  const { seen_at: _seen, oldest_open_first_seen_at: _oldest, ...changes } = changes_since_previous ?? {};
  return {
    discrepancies: plain(discrepancies),
    missing: plain(missing),
    summary: {
      ...summary,
      changes,
      discrepancies_by_data_point: Object.fromEntries(Object.entries(discrepancies_by_data_point as Record<string, number>).map(([id, n]) => [named.get(id), n])),
    },
    data_points: points.map(({ id: _id, ...rest }) => rest),
  };
}

/** How many shards the run's execution compared and how many split tasks cut each file (its output carries both). */
async function splitOf(base: string): Promise<{ shards: number; baselineRanges: number; secondaryRanges: number; wholeBaseline: number }> {
  const ddb = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: endpoints.dynamodb, region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } }));
  const id = base.split('/').at(-1);
  const { Items = [] } = await ddb.send(
    new ScanCommand({ TableName: 'dvp-local', FilterExpression: 'id = :id AND #e = :e', ExpressionAttributeNames: { '#e': '__edb_e__' }, ExpressionAttributeValues: { ':id': id, ':e': 'comparison' } }),
  );
  const res = await fetch(endpoints.sfn!, {
    method: 'POST',
    headers: { 'x-amz-target': 'AWSStepFunctions.DescribeExecution', 'content-type': 'application/x-amz-json-1.0' },
    body: JSON.stringify({ executionArn: Items[0]!.execution_arn }),
  });
  const execution = (await res.json()) as { status: string; output: string };
  expect(execution.status).toBe('SUCCEEDED');
  const output = JSON.parse(execution.output) as { shard_ids?: number[]; split_ranges?: Array<{ side: string; start?: number }> };
  const ranges = (side: string) => (output.split_ranges ?? []).filter((r) => r.side === side && r.start !== undefined).length;
  const whole = (output.split_ranges ?? []).filter((r) => r.side === 'baseline' && r.start === undefined).length;
  return { shards: (output.shard_ids ?? []).length, baselineRanges: ranges('baseline'), secondaryRanges: ranges('secondary'), wholeBaseline: whole };
}

const BUCKET = 'dvp-uploads-local';

/** The keys of the comparison's objects under `prefix` that `match`. */
async function objectsOf(base: string, prefix: string, match: (key: string) => boolean): Promise<string[]> {
  const s3 = localS3Client(endpoints.s3!);
  const id = base.split('/').at(-1)!;
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const page = await s3.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix, ContinuationToken: token }));
    for (const { Key } of page.Contents ?? []) if (Key?.includes(`/${id}/`) && match(Key)) keys.push(Key);
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return keys;
}

/** The keys the run of the comparison left under its runs' shards/ folders. */
const shardObjectsOf = (base: string) => objectsOf(base, 'runs/', (key) => key.includes('/shards/'));

beforeAll(async () => {
  stack = await spawnStack({
    port: await freePort(),
    dataDir,
    env: {
      DVP_SHARD_THRESHOLD_ROWS: '1000',
      DVP_SHARD_ROWS: String(Math.ceil(largerFile / SHARDS)),
      DVP_PARSED_PART_CHARS: String(PART_CHARS),
      DVP_SPLIT_CHARS: String(SPLIT_CHARS),
    },
  });
  await waitForReady(stack);
  endpoints = JSON.parse(fs.readFileSync(path.join(dataDir, 'endpoints.json'), 'utf8'));
}, 600_000);

afterAll(async () => {
  await stack?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

let wholeFindings: Awaited<ReturnType<typeof findings>> | undefined;

describe('a comparison larger than one shard', () => {
  it('run in 8 shards, each file cut by several split tasks, lists the same findings, in the same order, with the same summary as the unsharded run', async () => {
    const sharded = await signedIn(JSON.parse(fs.readFileSync(path.join(dataDir, 'endpoints.json'), 'utf8')).url);
    const shardedBase = await runPair(sharded, (await sharded('GET', '/api/me')).body.company_id, 'Sharded');
    const whole = callAs(ADMIN);
    const wholeBase = await runPair(whole, (await companyOf(ADMIN)).companyId, 'Unsharded');

    const split = await splitOf(shardedBase);
    expect(split.shards).toBe(SHARDS);
    expect(split.baselineRanges).toBeGreaterThanOrEqual(3);
    expect(split.secondaryRanges).toBeGreaterThanOrEqual(3);
    // Every shard part and shard result went once the findings were merged.
    expect(await shardObjectsOf(shardedBase)).toEqual([]);
    const [a, b] = [await findings(sharded, shardedBase), await findings(whole, wholeBase)];
    wholeFindings = b;
    expect(b.discrepancies.length).toBeGreaterThan(100);
    expect(b.summary.duplicates_in_baseline).toBeGreaterThan(0);
    expect(b.summary.duplicates_in_secondary).toBeGreaterThan(0);
    expect(a.summary).toEqual(b.summary);
    expect(a.data_points).toEqual(b.data_points);
    expect(a.discrepancies).toEqual(b.discrepancies);
    expect(a.missing).toEqual(b.missing);
  }, 900_000);

  it('cuts a file read before its rows were stored in parts whole, in one split task, with the same findings', async () => {
    expect(wholeFindings).toBeDefined();
    const call = await signedIn(JSON.parse(fs.readFileSync(path.join(dataDir, 'endpoints.json'), 'utf8')).url);
    const base = await runPair(call, (await call('GET', '/api/me')).body.company_id, 'Sharded, baseline without parts', async (b) => {
      const baselineId = (await call('GET', b)).body.baseline_file_id as string;
      expect(baselineId).toBeTruthy();
      const parts = await objectsOf(b, 'parsed/', (key) => key.endsWith('.parts.json') && key.includes(`/${baselineId}/`));
      expect(parts).toHaveLength(1);
      await localS3Client(endpoints.s3!).send(new DeleteObjectCommand({ Bucket: BUCKET, Key: parts[0]! }));
    });

    const split = await splitOf(base);
    expect(split.shards).toBe(SHARDS);
    expect(split).toMatchObject({ wholeBaseline: 1, baselineRanges: 0 });
    expect(split.secondaryRanges).toBeGreaterThanOrEqual(3);
    expect(await findings(call, base)).toEqual(wholeFindings);
    expect(await shardObjectsOf(base)).toEqual([]);
  }, 900_000);
});
