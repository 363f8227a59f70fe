import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERRUPTED_RUN_MESSAGE, STALE_RUN_MS } from '../../functions/lib/compare-runs/interrupted-run';
import { STALE_PARSE_MESSAGE } from '../../functions/lib/comparisons/views';
import type { Fault } from '../../infra/local/faults';
import { comparisonPath, configureDataPoints, createComparison, listAll, uploadFile, waitForRun, type Call } from '../../infra/local/api-flow';
import { DEMO_PASSWORD } from '../../infra/local/demo-data';
import { freePort } from '../../infra/local/ports';
import { generatePair, type GeneratedTable } from '../fixtures/generator/generate';
import { csvLine } from '../fixtures/generator/write-files';
import { spawnStack, waitForReady, type StackProcess } from '../support/stack-process';

/**
 * A run whose process died never reads RUNNING for ever. The local stack is killed (as `kill -9`)
 * while a comparison saves its results and started again on the same data directory: the run is
 * FAILED with a message to run it again, nothing of it is listed, the comparison can be edited and
 * run again. And a run that shows no sign of life for longer than the compare task may run (a
 * Lambda that never reached its Catch) reads FAILED the same way: the comparison's read records it.
 */
const ADMIN = 'company-admin@demo.example';
const pair = generatePair({ rows: 2_000, seed: 'interrupted', errorRate: 0.06 });
const csv = (table: GeneratedTable) => Buffer.from([csvLine(table.columns), ...table.rows.map((r) => csvLine(r))].join(''));

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dvp-interrupted-'));
const stacks: StackProcess[] = [];
let call: Call;
let endpoints: Record<string, string>;

async function start(): Promise<StackProcess> {
  const stack = await spawnStack({ port: await freePort(), dataDir });
  stacks.push(stack);
  const url = await waitForReady(stack);
  endpoints = JSON.parse(fs.readFileSync(path.join(dataDir, 'endpoints.json'), 'utf8'));
  const config = await (await fetch(`${url}/config.json`)).json();
  const auth = await fetch(config.userPoolEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    body: JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: config.userPoolClientId, AuthParameters: { USERNAME: ADMIN, PASSWORD: DEMO_PASSWORD } }),
  });
  const token = ((await auth.json()) as { AuthenticationResult: { IdToken: string } }).AuthenticationResult.IdToken;
  call = async (method, apiPath, body) => {
    const res = await fetch(`${url}${apiPath}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
  return stack;
}

let companyId: string;
let base: string;
let comparisonId: string;

// A start of the stack takes from 20 s to minutes on a busy machine; the tests wait for it.
beforeAll(async () => {
  await start();
  companyId = (await call('GET', '/api/me')).body.company_id;
  comparisonId = (await createComparison(call, companyId, 'Interrupted run')).id;
  base = comparisonPath(companyId, comparisonId);
  await uploadFile(call, base, 'BASELINE', { name: 'baseline.csv', bytes: csv(pair.baseline), contentType: 'text/csv' });
  await uploadFile(call, base, 'SECONDARY', { name: 'carrier.csv', bytes: csv(pair.secondary), contentType: 'text/csv' });
  await configureDataPoints(call, companyId, base, pair.config, 'Interrupted run');
}, 600_000);

afterAll(async () => {
  for (const stack of stacks) await stack.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const documentClient = () =>
  DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: endpoints.dynamodb, region: 'us-east-1', credentials: { accessKeyId: 'x', secretAccessKey: 'x' } }));

/** The table key of a record, to leave it as a process that died would have left it. */
async function keyOf(ddb: DynamoDBDocumentClient, id: string, entity: string) {
  const { Items = [] } = await ddb.send(
    new ScanCommand({ TableName: 'dvp-local', FilterExpression: 'id = :id AND #e = :e', ExpressionAttributeNames: { '#e': '__edb_e__' }, ExpressionAttributeValues: { ':id': id, ':e': entity } }),
  );
  return { pk: Items[0].pk, sk: Items[0].sk };
}

async function expectNothingListed() {
  const [discrepancies, missing] = await Promise.all([listAll(call, `${base}/data_point_discrepancies?skipverification=true`), listAll(call, `${base}/missing_discrepancies`)]);
  expect(discrepancies.length + missing.length).toBe(0);
}

/** A setup edit a RUNNING comparison refuses: a data point saved again as it is. */
async function editDataPoints() {
  const [point] = (await call('GET', `${base}/data_points`)).body.items as Array<{ id: string; updated_at: string }>;
  return call('PATCH', `${base}/data_points/${point.id}`, { updated_at: point.updated_at });
}

describe('the local stack killed while a comparison saves its results', () => {
  it('reads FAILED after the restart, lists nothing of the run, takes edits and runs again', async () => {
    const faults: Fault[] = [{ task: 'RunComparison', kind: 'kill-stack-saving', comparison_id: comparisonId, after_results: 75 }];
    fs.writeFileSync(path.join(dataDir, 'faults.json'), JSON.stringify(faults));
    const [first] = stacks;
    expect((await call('POST', `${base}/run`)).status).toBe(202);
    await first.exited;

    await start();
    const after = (await call('GET', base)).body;

    expect(after.status).toBe('FAILED');
    expect(after.status_reason).toBe(INTERRUPTED_RUN_MESSAGE);
    expect(after.progress ?? null).toBeNull();
    await expectNothingListed();
    expect((await editDataPoints()).status).toBe(200);
    expect((await call('POST', `${base}/run`)).status).toBe(202);
    const again = await waitForRun(call, base, { everyMs: 250, timeoutMs: 90_000 });
    expect(again.status).toBe('SUCCEEDED');
    expect((await listAll(call, `${base}/missing_discrepancies`)).length).toBeGreaterThan(0);
  }, 600_000);
});

describe('a file read under way when the stack stopped', () => {
  it('reads as stopped after the restart, keeping its last good reading', async () => {
    const file = (await call('GET', base)).body.baseline_file;
    const ddb = documentClient();
    const key = await keyOf(ddb, file.id, 'file');
    await ddb.send(
      new UpdateCommand({ TableName: 'dvp-local', Key: key, UpdateExpression: 'SET #s = :s, parse_id = :p', ExpressionAttributeNames: { '#s': 'status' }, ExpressionAttributeValues: { ':s': 'PARSING', ':p': crypto.randomUUID() } }),
    );
    expect((await call('GET', `${base}/files/${file.id}`)).body.status).toBe('PARSING');
    await stacks.at(-1)!.stop();

    await start();
    const after = (await call('GET', `${base}/files/${file.id}`)).body;

    expect(after.status).toBe('PARSED');
    expect(after.error).toBe(STALE_PARSE_MESSAGE);
  }, 600_000);
});

describe('a run with no sign of life for longer than the compare task may run', () => {
  it('reads FAILED with the same message and takes edits; one with recent progress stays RUNNING', async () => {
    const ddb = documentClient();
    const key = await keyOf(ddb, comparisonId, 'comparison');
    // As a run left it that died where no Catch saw it: RUNNING, its progress last written at `at`.
    const leaveRunning = (at: Date) =>
      ddb.send(
        new UpdateCommand({
          TableName: 'dvp-local',
          Key: key,
          UpdateExpression: 'SET #s = :s, run_id = :r, progress = :p, updated_at = :t REMOVE status_reason',
          ExpressionAttributeNames: { '#s': 'status' },
          ExpressionAttributeValues: {
            ':s': 'RUNNING',
            ':r': crypto.randomUUID(),
            ':p': { stage: 'saving', processed: 500, total: 1500, stage_started_at: at.toISOString(), updated_at: at.toISOString() },
            ':t': at.toISOString(),
          },
        }),
      );

    await leaveRunning(new Date(Date.now() - STALE_RUN_MS / 2));
    expect((await call('GET', base)).body.status).toBe('RUNNING');
    expect((await editDataPoints()).status).toBe(409);

    await leaveRunning(new Date(Date.now() - STALE_RUN_MS - 60_000));
    const listed = (await call('GET', `/api/companies/${companyId}/comparisons?limit=100`)).body.items.find((c: { id: string }) => c.id === comparisonId);
    expect(listed.status).toBe('FAILED');
    const read = (await call('GET', base)).body;
    expect(read.status).toBe('FAILED');
    expect(read.status_reason).toBe(INTERRUPTED_RUN_MESSAGE);
    expect((await editDataPoints()).status).toBe(200);
  }, 120_000);
});
