import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localS3Client, sweepExpired } from './lifecycle';
import { freePort } from './ports';
import { startS3 } from './s3';

const BUCKET = 'lifecycle-test';
const DAY_MS = 24 * 60 * 60 * 1000;
const RULES = [{ prefix: 'exports/', days: 90 }];

let dataDir: string;
let s3: { endpoint: string; stop: () => Promise<void> };
let client: S3Client;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dvp-lifecycle-'));
  s3 = await startS3(dataDir, await freePort(), [BUCKET]);
  client = localS3Client(s3.endpoint);
});

afterAll(async () => {
  client?.destroy();
  await s3?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const keys = async () => ((await client.send(new ListObjectsV2Command({ Bucket: BUCKET }))).Contents ?? []).map((o) => o.Key).sort();

describe('the local lifecycle sweep', () => {
  it('deletes export workbooks once older than the rule, and nothing else', async () => {
    const objects = ['exports/org/co/cmp/2025-01-01-a.xlsx', 'exports/org/co/cmp/2025-01-02-b.xlsx', 'uploads/org/co/cmp/file.csv', 'parsed/org/co/cmp/file/p.jsonl.gz'];
    for (const Key of objects) await client.send(new PutObjectCommand({ Bucket: BUCKET, Key, Body: 'x' }));

    expect(await sweepExpired(client, BUCKET, RULES)).toEqual([]);
    expect(await sweepExpired(client, BUCKET, RULES, Date.now() + 89 * DAY_MS)).toEqual([]);
    expect(await keys()).toEqual([...objects].sort());

    const deleted = await sweepExpired(client, BUCKET, RULES, Date.now() + 91 * DAY_MS);

    expect(deleted.sort()).toEqual(objects.filter((k) => k.startsWith('exports/')).sort());
    expect(await keys()).toEqual(['parsed/org/co/cmp/file/p.jsonl.gz', 'uploads/org/co/cmp/file.csv']);
  });
});
