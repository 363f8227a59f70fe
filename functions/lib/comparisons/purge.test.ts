import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * Deleting a comparison's data against in-memory stand-ins of S3 and the table that page like the
 * real ones (1,000 keys per listing, a few items per query page), so the paging and the order are
 * what is tested.
 */
const objects = new Set<string>();
const items: Array<{ pk: string; sk: string }> = [];
const calls: string[] = [];
let failDeletes = false;
const QUERY_PAGE = 7;

vi.mock('../aws', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../aws')>()),
  s3: () => ({
    send: async (command: { constructor: { name: string }; input: Record<string, any> }) => {
      calls.push(command.constructor.name);
      if (command.constructor.name === 'ListObjectsV2Command') {
        const matching = [...objects].filter((k) => k.startsWith(command.input.Prefix)).sort();
        const from = command.input.ContinuationToken ? matching.indexOf(command.input.ContinuationToken) : 0;
        const page = matching.slice(from, from + 1000);
        const next = matching[from + 1000];
        return { Contents: page.map((Key) => ({ Key })), IsTruncated: next !== undefined, NextContinuationToken: next };
      }
      if (command.constructor.name === 'DeleteObjectCommand') {
        if (failDeletes) throw new Error('S3 is down');
        objects.delete(command.input.Key);
        return {};
      }
      throw new Error(`unexpected ${command.constructor.name}`);
    },
  }),
  dynamo: () => ({
    send: async (command: { constructor: { name: string }; input: Record<string, any> }) => {
      calls.push(command.constructor.name);
      if (command.constructor.name === 'QueryCommand') {
        const pk = command.input.ExpressionAttributeValues[':pk'];
        const matching = items.filter((i) => i.pk === pk).sort((a, b) => a.sk.localeCompare(b.sk));
        const after = command.input.ExclusiveStartKey?.sk as string | undefined;
        const page = matching.filter((i) => after === undefined || i.sk > after).slice(0, QUERY_PAGE);
        const more = page.length === QUERY_PAGE && matching.some((i) => i.sk > page[page.length - 1].sk);
        return { Items: page.map((i) => ({ ...i })), LastEvaluatedKey: more ? { pk, sk: page[page.length - 1].sk } : undefined };
      }
      if (command.constructor.name === 'BatchWriteCommand') {
        for (const request of Object.values(command.input.RequestItems)[0] as Array<{ DeleteRequest: { Key: { pk: string; sk: string } } }>) {
          const at = items.findIndex((i) => i.pk === request.DeleteRequest.Key.pk && i.sk === request.DeleteRequest.Key.sk);
          if (at >= 0) items.splice(at, 1);
        }
        return { UnprocessedItems: {} };
      }
      throw new Error(`unexpected ${command.constructor.name}`);
    },
  }),
}));
process.env.TABLE_NAME = 'dvp-test';
process.env.UPLOADS_BUCKET = 'dvp-uploads-test';
const { deleteComparisonData } = await import('./purge');
const { comparisonPrefixes, exportKey, parsedKey, runKey, uploadKey } = await import('../storage/object-keys');
const { db } = await import('../db/service');

const ids = { organizationId: 'org1', companyId: 'co1', comparisonId: 'cmp1' };
// Another comparison whose id starts with this one's: its objects and items must survive.
const neighbour = { ...ids, comparisonId: 'cmp10' };
const partition = (comparisonId: string) =>
  (db().entities.file.query.byComparison({ company_id: ids.companyId, comparison_id: comparisonId }).params() as { ExpressionAttributeValues: Record<string, string> })
    .ExpressionAttributeValues[':pk'];

function seed() {
  objects.clear();
  items.length = 0;
  calls.length = 0;
  failDeletes = false;
  for (const which of [ids, neighbour]) {
    for (let i = 0; i < 1500; i++) objects.add(uploadKey({ ...which, fileId: `f${String(i).padStart(4, '0')}` }, '.csv'));
    objects.add(parsedKey({ ...which, fileId: 'f1', parseId: 'p1' }));
    objects.add(runKey({ company_id: which.companyId, comparison_id: which.comparisonId, run_id: 'r1' }, 'config.json'));
    for (let i = 0; i < 3; i++) objects.add(exportKey(which, `2025-01-0${i}-x.xlsx`));
    for (let i = 0; i < 60; i++) items.push({ pk: partition(which.comparisonId), sk: `$datapointdiscrepancy_1#id_${String(i).padStart(3, '0')}` });
    items.push({ pk: partition(which.comparisonId), sk: '$file_1#id_f1' }, { pk: partition(which.comparisonId), sk: '$exportcolumn_1#id_c1' });
  }
}

describe('deleting a comparison', () => {
  beforeEach(seed);

  it('builds every key of the comparison under one of its prefixes', () => {
    const keys = [
      uploadKey({ ...ids, fileId: 'f' }, '.xlsx'),
      parsedKey({ ...ids, fileId: 'f', parseId: 'p' }),
      runKey({ company_id: ids.companyId, comparison_id: ids.comparisonId, run_id: 'r' }, 'pending.json'),
      exportKey(ids, 'a.xlsx'),
    ];
    for (const key of keys) expect(comparisonPrefixes(ids).some((p) => key.startsWith(p)), key).toBe(true);
    expect(exportKey(ids, 'a.xlsx').startsWith('exports/')).toBe(true);
  });

  it('empties every prefix and the partition, through every page, and leaves other comparisons alone', async () => {
    const before = { objects: objects.size, items: items.length };

    const deleted = await deleteComparisonData(ids);

    expect(deleted).toEqual({ objects: 1500 + 1 + 1 + 3, records: 62 });
    expect([...objects].filter((k) => comparisonPrefixes(ids).some((p) => k.startsWith(p)))).toEqual([]);
    expect(items.filter((i) => i.pk === partition(ids.comparisonId))).toEqual([]);
    expect(objects.size).toBe(before.objects - deleted.objects);
    expect(items.length).toBe(before.items - deleted.records);
    expect(calls.filter((c) => c === 'ListObjectsV2Command').length).toBeGreaterThan(4);
    expect(calls.filter((c) => c === 'QueryCommand').length).toBeGreaterThan(1);
  });

  it('deletes the objects before any record, so a failure leaves the records that lead to them', async () => {
    failDeletes = true;

    await expect(deleteComparisonData(ids)).rejects.toThrow('S3 is down');

    expect(calls).not.toContain('BatchWriteCommand');
    expect(items.filter((i) => i.pk === partition(ids.comparisonId))).toHaveLength(62);
  });
});
