import { beforeAll, describe, expect, it } from 'vitest';
import { listAll } from '../../infra/local/api-flow';
import { api } from '../support/api';
import { cognitoUser, uniqueEmail } from '../support/users';
import { callAs, companyOf, finishedComparison, stackDb, type FinishedComparison } from '../support/comparison-fixture';

/**
 * Each write path that stores more than one record, raced two at a time through the API: exactly
 * one wins, the other gets a message saying what happened, and what is stored is the winner's
 * whole (never one request's record beside the other's related records).
 */
const ADMIN = 'company-admin@demo.example';
const admin = callAs(ADMIN);
const STALE = /changed by someone else/i;

let companyId: string;

beforeAll(async () => {
  ({ companyId } = await companyOf(ADMIN));
});

/** The winner's answer and the loser's, by status. */
function oneWinner<T extends { status: number }>(answers: T[], loserStatus = 409): { winner: T; loser: T } {
  expect(answers.map((a) => a.status).sort()).toEqual([200, loserStatus].sort());
  return { winner: answers.find((a) => a.status === 200)!, loser: answers.find((a) => a.status !== 200)! };
}

/** Data points whose merge values are answered as written (an SSN's are masked). */
async function plainPoints(c: FinishedComparison): Promise<{ id: string }[]> {
  const items = (await api('GET', `${c.base}/data_points`, { as: ADMIN })).body.items as { id: string; baseline_column_name: string }[];
  return items.filter((p) => !/ssn|social/i.test(p.baseline_column_name));
}

describe('verification: a decision and its merges are written together', () => {
  let merged: FinishedComparison;
  beforeAll(async () => {
    merged = await finishedComparison(ADMIN, companyId, `Race merges ${Date.now()}`, 'COMPARE_MERGE');
  }, 180_000);

  it('two resolutions of one discrepancy at once: one 200, one 409, and the stored merge is the winner’s value', async () => {
    const [d] = await listAll(admin, `${merged.base}/data_point_discrepancies`);
    const answers = await Promise.all(
      ['value-a', 'value-b'].map((value) =>
        api('PATCH', `${merged.base}/data_point_discrepancies/${d.id}`, {
          as: ADMIN,
          body: { updated_at: d.updated_at, resolved_discrepancy_type: 'OTHER', resolved_value_source: 'CUSTOM', resolved_value: value },
        }),
      ),
    );
    const { winner, loser } = oneWinner(answers);
    expect(loser.body.message).toMatch(STALE);
    const stored = (await listAll(admin, `${merged.base}/data_point_discrepancies`)).find((x) => x.id === d.id);
    expect(stored.resolved_value).toBe(winner.body.resolved_value);
    const merges = (await listAll(admin, `${merged.base}/data_point_merges`)).filter((m) => m.id === d.id);
    expect(merges).toMatchObject([{ merge_value: winner.body.resolved_value }]);
  });

  it('two decisions of one missing row at once, each with its own merge set: the stored set is the winner’s, whole', async () => {
    const row = (await listAll(admin, `${merged.base}/missing_discrepancies`)).find((m) => m.kind === 'MISSING_IN_BASELINE');
    const points = await plainPoints(merged);
    const sets = [
      [{ data_point_id: points[0].id, merge_value: 'first a' }, { data_point_id: points[1].id, merge_value: 'first b' }],
      [{ data_point_id: points[2].id, merge_value: 'second c' }],
    ];
    const answers = await Promise.all(
      sets.map((merges) =>
        api('PATCH', `${merged.base}/missing_discrepancies/${row.id}`, {
          as: ADMIN,
          body: { updated_at: row.updated_at, resolved_inclusion: true, resolved_discrepancy_type: 'MISSING_ENROLLMENT', merges },
        }),
      ),
    );
    const { winner, loser } = oneWinner(answers);
    expect(loser.body.message).toMatch(STALE);
    const stored = (await listAll(admin, `${merged.base}/missing_discrepancy_merges`)).filter((m) => m.missing_discrepancy_id === row.id);
    const byPoint = (list: { data_point_id: string; merge_value: string }[]) => list.map((m) => `${m.data_point_id}=${m.merge_value}`).sort();
    expect(byPoint(stored)).toEqual(byPoint(winner.body.merges));
    expect([byPoint(sets[0]), byPoint(sets[1])]).toContainEqual(byPoint(stored));
  });

  it('a changed merge set replaces the old one in place: values kept, changed and dropped as asked', async () => {
    const row = (await listAll(admin, `${merged.base}/missing_discrepancies`)).find((m) => m.kind === 'MISSING_IN_BASELINE');
    const points = await plainPoints(merged);
    const merges = [
      { data_point_id: points[0].id, merge_value: 'kept' },
      { data_point_id: points[3].id, merge_value: 'new' },
    ];
    const res = await api('PATCH', `${merged.base}/missing_discrepancies/${row.id}`, { as: ADMIN, body: { updated_at: row.updated_at, resolved_inclusion: true, merges } });
    expect(res.status).toBe(200);
    const stored = (await listAll(admin, `${merged.base}/missing_discrepancy_merges`)).filter((m) => m.missing_discrepancy_id === row.id);
    expect(stored.map((m) => `${m.data_point_id}=${m.merge_value}`).sort()).toEqual(merges.map((m) => `${m.data_point_id}=${m.merge_value}`).sort());
  });
});

describe('declaring a file: the File and the comparison naming it', () => {
  const declare = (base: string, name: string, fileType = 'BASELINE') => api('POST', `${base}/files`, { as: ADMIN, body: { file_type: fileType, name, size: 120, content_type: 'text/csv' } });
  const newComparison = async (name: string) => {
    const created = await api('POST', `/api/companies/${companyId}/comparisons`, { as: ADMIN, body: { name, type: 'COMPARE_ONLY', audit_type: 'ENROLLMENT_AUDIT' } });
    expect(created.status).toBe(201);
    return { id: created.body.id as string, base: `/api/companies/${companyId}/comparisons/${created.body.id}` };
  };
  const storedFiles = async (comparisonId: string) => {
    const { data } = await (await stackDb()).entities.file.query.byComparison({ company_id: companyId, comparison_id: comparisonId }).go({ pages: 'all' });
    return data;
  };

  it('two baseline files declared at once: a loser gets 409 saying someone else added one; only the file the comparison names is stored', async () => {
    const c = await newComparison(`Race declare ${Date.now()}`);
    const statuses: number[] = [];
    for (let round = 0; round < 4; round++) {
      const answers = await Promise.all([declare(c.base, `first-${round}.csv`), declare(c.base, `second-${round}.csv`)]);
      statuses.push(...answers.map((a) => a.status));
      expect(answers.every((a) => a.status === 201 || a.status === 409), JSON.stringify(answers.map((a) => a.body))).toBe(true);
      for (const lost of answers.filter((a) => a.status === 409)) expect(lost.body.message).toMatch(/someone else added a baseline file/i);
      // Either both landed one after the other (the later replaced the earlier) or one lost the
      // race: the comparison names one File and no other is left behind.
      const comparison = (await api('GET', c.base, { as: ADMIN })).body;
      const won = answers.filter((a) => a.status === 201).map((a) => a.body.file.id);
      expect(won).toContain(comparison.baseline_file_id);
      expect((await storedFiles(c.id)).map((f) => f.id)).toEqual([comparison.baseline_file_id]);
    }
    expect(statuses).toContain(201);
  });

  it('a baseline and a carrier file declared at once both land', async () => {
    const c = await newComparison(`Race both sides ${Date.now()}`);
    const [baseline, carrier] = await Promise.all([declare(c.base, 'b.csv', 'BASELINE'), declare(c.base, 'c.csv', 'SECONDARY')]);
    expect([baseline.status, carrier.status]).toEqual([201, 201]);
    const comparison = (await api('GET', c.base, { as: ADMIN })).body;
    expect([comparison.baseline_file_id, comparison.secondary_file_id]).toEqual([baseline.body.file.id, carrier.body.file.id]);
  });
});

describe('the comparer seat limit', () => {
  const PLATFORM_ADMIN = 'admin@demo.example';
  const invite = (organizationId: string, email: string) =>
    api('POST', '/api/admin/users', { as: PLATFORM_ADMIN, body: { email, first_name: 'Race', last_name: 'Comparer', role: 'ORGANIZATION_COMPARER', organization_id: organizationId } });

  it('two comparers invited at once into the last seat: one 201, the other refused with the reason; one seat taken, no account left behind', async () => {
    const org = await api('POST', '/api/admin/organizations', { as: PLATFORM_ADMIN, body: { name: `Race seats ${Date.now()}`, admin_comparer_limit: 1 } });
    expect(org.status).toBe(201);
    const emails = [uniqueEmail('seat-a'), uniqueEmail('seat-b')];
    const answers = await Promise.all(emails.map((email) => invite(org.body.id, email)));
    const statuses = answers.map((a) => a.status);
    expect(statuses).toContain(201);
    const lost = answers.find((a) => a.status !== 201)!;
    // Refused by the count (the winner already seated) or by the seat's condition (both counted at once).
    expect([400, 409]).toContain(lost.status);
    expect(lost.body.message).toMatch(/comparer limit of 1 has been reached|another comparer was given a seat/i);
    const loserEmail = emails[answers.indexOf(lost)];
    expect(await cognitoUser(loserEmail)).toBeNull();
    const { data } = await (await stackDb()).entities.user.query.byOrganization({ organization_id: org.body.id }).go({ pages: 'all' });
    expect(data.map((u) => u.email)).toEqual([emails[answers.findIndex((a) => a.status === 201)]]);
  });
});
