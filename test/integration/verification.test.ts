import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api';
import { listAll, waitForRun } from '../../infra/local/api-flow';
import { callAs, companyOf, finishedComparison, stackDb, type FinishedComparison } from '../support/comparison-fixture';

/**
 * Verify discrepancies and verify missing data on the local stack: optimistic locking
 * (two verifiers, one winner), refusals with the field named and nothing written, per-row bulk
 * outcomes, the verifier's review, verify-only users, tenancy, merges, and read-only after completion.
 */
const ADMIN = 'company-admin@demo.example';
const COMPANY_USER = 'company-user@demo.example';
const ORG_USER = 'org-user@demo.example';
const admin = callAs(ADMIN);

let companyId: string;
let organizationId: string;
let cmp: FinishedComparison;

const discrepancies = (c: FinishedComparison) => listAll(admin, `${c.base}/data_point_discrepancies`);
const missing = (c: FinishedComparison) => listAll(admin, `${c.base}/missing_discrepancies`);
const one = async (c: FinishedComparison, id: string) => (await discrepancies(c)).find((d) => d.id === id);

beforeAll(async () => {
  ({ companyId, organizationId } = await companyOf(ADMIN));
  cmp = await finishedComparison(ADMIN, companyId, 'Verification small pair');
});

describe('resolving one discrepancy', () => {
  it('lets exactly one of two verifiers with the same updated_at win; the stored value is the winner', async () => {
    const [d] = await discrepancies(cmp);
    const bodyA = { updated_at: d.updated_at, resolved_discrepancy_type: 'OTHER', resolved_value_source: 'CUSTOM', resolved_value: 'from A', resolved_notes: 'A' };
    const bodyB = { updated_at: d.updated_at, resolved_discrepancy_type: 'CONFIRMED', resolved_value_source: 'CUSTOM', resolved_value: 'from B', resolved_notes: 'B' };

    const [a, b] = await Promise.all([
      api('PATCH', `${cmp.base}/data_point_discrepancies/${d.id}`, { as: ADMIN, body: bodyA }),
      api('PATCH', `${cmp.base}/data_point_discrepancies/${d.id}`, { as: ORG_USER, body: bodyB }),
    ]);

    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const winner = a.status === 200 ? a : b;
    const winnerBody = a.status === 200 ? bodyA : bodyB;
    const stored = await one(cmp, d.id);
    expect(stored.resolved_value).toBe(winnerBody.resolved_value);
    expect(stored.resolved_notes).toBe(winnerBody.resolved_notes);
    expect(stored.updated_at).toBe(winner.body.updated_at);
    expect(stored.resolved_by_user_id).toBeTruthy();
    expect(stored.resolved_date).toBeTruthy();
  });

  it('answers 400 naming resolved_discrepancy_type for a type outside the 18, and writes nothing', async () => {
    const d = (await discrepancies(cmp))[1];

    const res = await api('PATCH', `${cmp.base}/data_point_discrepancies/${d.id}`, {
      as: ADMIN,
      body: { updated_at: d.updated_at, resolved_discrepancy_type: 'NOT_A_TYPE' },
    });

    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('resolved_discrepancy_type');
    expect(await one(cmp, d.id)).toEqual(d);
  });

  it('answers 400 naming resolved_value for a value on an ignored row, and writes nothing more', async () => {
    const d = (await discrepancies(cmp))[2];
    const ignored = await api('PATCH', `${cmp.base}/data_point_discrepancies/${d.id}`, {
      as: ADMIN,
      body: { updated_at: d.updated_at, resolved_ignore: true },
    });
    expect(ignored.status).toBe(200);
    expect(ignored.body.resolved_discrepancy_type).toBe('IGNORE');

    const res = await api('PATCH', `${cmp.base}/data_point_discrepancies/${d.id}`, {
      as: ADMIN,
      body: { updated_at: ignored.body.updated_at, resolved_value: 'typed' },
    });

    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('resolved_value');
    expect((await one(cmp, d.id)).updated_at).toBe(ignored.body.updated_at);
  });

  it('un-resolves with type null (resolver and date cleared; the row is unresolved again)', async () => {
    const d = (await discrepancies(cmp))[3];
    const done = await api('PATCH', `${cmp.base}/data_point_discrepancies/${d.id}`, {
      as: ADMIN,
      body: { updated_at: d.updated_at, resolved_discrepancy_type: 'ROUNDING', resolved_value_source: 'BASELINE' },
    });
    expect(done.status).toBe(200);

    const undone = await api('PATCH', `${cmp.base}/data_point_discrepancies/${d.id}`, {
      as: ADMIN,
      body: { updated_at: done.body.updated_at, resolved_discrepancy_type: null },
    });

    expect(undone.status).toBe(200);
    expect(undone.body.resolved_by_user_id ?? null).toBeNull();
    const unresolved = await listAll(admin, `${cmp.base}/data_point_discrepancies?resolved=false`);
    expect(unresolved.map((x) => x.id)).toContain(d.id);
  });
});

describe('bulk resolve', () => {
  it('writes every fresh row and reports the stale one as 409', async () => {
    const rows = (await discrepancies(cmp)).slice(4, 7);
    const stale = rows[0];
    const moved = await api('PATCH', `${cmp.base}/data_point_discrepancies/${stale.id}`, {
      as: ADMIN,
      body: { updated_at: stale.updated_at, resolved_notes: 'changed meanwhile' },
    });
    expect(moved.status).toBe(200);

    const res = await api('PATCH', `${cmp.base}/data_point_discrepancies`, {
      as: ADMIN,
      body: {
        ids: rows.map((r) => r.id),
        changes: { resolved_discrepancy_type: 'TIMING_ISSUE', resolved_notes: 'bulk' },
        expected: Object.fromEntries(rows.map((r) => [r.id, r.updated_at])),
      },
    });

    expect(res.status).toBe(200);
    const byId = Object.fromEntries(res.body.results.map((r: any) => [r.id, r]));
    expect(byId[stale.id].status).toBe(409);
    expect(byId[stale.id].message).toBeTruthy();
    for (const r of rows.slice(1)) expect(byId[r.id]).toMatchObject({ status: 200, record: { resolved_discrepancy_type: 'TIMING_ISSUE' } });
    const after = await discrepancies(cmp);
    expect(after.find((x) => x.id === stale.id).resolved_notes).toBe('changed meanwhile');
    for (const r of rows.slice(1)) expect(after.find((x) => x.id === r.id).resolved_notes).toBe('bulk');
  });
});

describe('the verifier review', () => {
  it('refuses to approve one’s own resolution (403) and lets another person approve', async () => {
    const d = (await discrepancies(cmp))[7];
    const resolved = await api('PATCH', `${cmp.base}/data_point_discrepancies/${d.id}`, {
      as: ADMIN,
      body: { updated_at: d.updated_at, resolved_discrepancy_type: 'CONFIRMED', resolved_value_source: 'SECONDARY' },
    });
    expect(resolved.status).toBe(200);

    const own = await api('POST', `${cmp.base}/data_point_discrepancies/${d.id}/approve`, { as: ADMIN, body: { updated_at: resolved.body.updated_at } });
    const other = await api('POST', `${cmp.base}/data_point_discrepancies/${d.id}/approve`, { as: COMPANY_USER, body: { updated_at: resolved.body.updated_at } });

    expect(own.status).toBe(403);
    expect(own.body.message).toMatch(/yourself/);
    expect(other.status).toBe(200);
    expect(other.body.verification_status).toBe('APPROVED');
  });

  it('sends back a resolution with a verifier note', async () => {
    const d = (await discrepancies(cmp))[8];
    const resolved = await api('PATCH', `${cmp.base}/data_point_discrepancies/${d.id}`, {
      as: COMPANY_USER,
      body: { updated_at: d.updated_at, resolved_discrepancy_type: 'COST', resolved_value_source: 'BASELINE' },
    });
    const back = await api('POST', `${cmp.base}/data_point_discrepancies/${d.id}/send_back`, {
      as: ADMIN,
      body: { updated_at: resolved.body.updated_at, resolved_verifier_notes: 'check the invoice' },
    });

    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ verification_status: 'SENT_BACK', resolved_verifier_notes: 'check the invoice' });
  });
});

describe('verify-only users and tenancy', () => {
  it('lets the company verifier resolve (200) but not change data points (404)', async () => {
    const fresh = await finishedComparison(ADMIN, companyId, 'Verification verify-only');
    const [d] = await discrepancies(fresh);

    const res = await api('PATCH', `${fresh.base}/data_point_discrepancies/${d.id}`, {
      as: COMPANY_USER,
      body: { updated_at: d.updated_at, resolved_discrepancy_type: 'CONFIRMED', resolved_value_source: 'BASELINE' },
    });
    const points = await api('PUT', `${fresh.base}/data_points`, { as: COMPANY_USER, body: [] });
    const run = await api('POST', `${fresh.base}/run`, { as: COMPANY_USER });

    expect(res.status).toBe(200);
    expect(points.status).toBe(404);
    expect(run.status).toBe(404);
  });

  it('answers 404 for another tenant’s comparison', async () => {
    const db = await stackDb();
    const { data: organizations } = await db.entities.organization.query.all({}).go({ pages: 'all' });
    let foreignCompanyId: string | undefined;
    for (const o of organizations.filter((x) => x.id !== organizationId)) {
      const { data } = await db.entities.company.query.byOrganization({ organization_id: o.id }).go();
      if (data[0]) foreignCompanyId = data[0].id;
      if (foreignCompanyId) break;
    }
    const [d] = await discrepancies(cmp);
    const body = { updated_at: d.updated_at, resolved_notes: 'x' };

    const foreign = await api('PATCH', `/api/companies/${foreignCompanyId}/comparisons/${cmp.id}/data_point_discrepancies/${d.id}`, { as: ADMIN, body });
    const foreignRead = await api('GET', `/api/companies/${foreignCompanyId}/comparisons/${cmp.id}/data_point_merges`, { as: ADMIN });

    expect(foreignCompanyId).toBeTruthy();
    expect(foreign.status).toBe(404);
    expect(foreignRead.status).toBe(404);
    expect((await one(cmp, d.id)).updated_at).toBe(d.updated_at);
  });
});

describe('missing rows', () => {
  it('stores the merge values of an included carrier-only row; excluding removes them', async () => {
    const merged = await finishedComparison(ADMIN, companyId, 'Verification merge', 'COMPARE_MERGE');
    const row = (await missing(merged)).find((m) => m.kind === 'MISSING_IN_BASELINE');
    const points = (await api('GET', `${merged.base}/data_points`, { as: ADMIN })).body;
    const pointList: any[] = Array.isArray(points) ? points : points.items;
    const point = pointList.find((p) => p.baseline_column_name === 'Plan Name');

    const included = await api('PATCH', `${merged.base}/missing_discrepancies/${row.id}`, {
      as: ADMIN,
      body: { updated_at: row.updated_at, resolved_inclusion: true, resolved_discrepancy_type: 'MISSING_ENROLLMENT', merges: [{ data_point_id: point.id, merge_value: 'merged value' }] },
    });

    expect(included.status).toBe(200);
    expect(included.body.merges).toHaveLength(1);
    const stored = await listAll(admin, `${merged.base}/missing_discrepancy_merges`);
    expect(stored).toMatchObject([{ missing_discrepancy_id: row.id, data_point_id: point.id, merge_value: 'merged value' }]);

    const excluded = await api('PATCH', `${merged.base}/missing_discrepancies/${row.id}`, {
      as: COMPANY_USER,
      body: { updated_at: included.body.updated_at, resolved_inclusion: false, resolved_discrepancy_type: 'TERM' },
    });
    expect(excluded.status).toBe(200);
    expect(await listAll(admin, `${merged.base}/missing_discrepancy_merges`)).toHaveLength(0);
  });

  it('refuses merges for a row that is not included (400 naming merges)', async () => {
    const row = (await missing(cmp)).find((m) => m.kind === 'MISSING_IN_SECONDARY');

    const res = await api('PATCH', `${cmp.base}/missing_discrepancies/${row.id}`, {
      as: ADMIN,
      body: { updated_at: row.updated_at, merges: [{ data_point_id: 'x', merge_value: 'y' }] },
    });

    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('merges');
  });

  it('stores a DataPointMerge for a resolved discrepancy of a merge comparison', async () => {
    const merged = await finishedComparison(ADMIN, companyId, 'Verification dp merge', 'COMPARE_MERGE');
    const [d] = await discrepancies(merged);

    const res = await api('PATCH', `${merged.base}/data_point_discrepancies/${d.id}`, {
      as: ADMIN,
      body: { updated_at: d.updated_at, resolved_discrepancy_type: 'OTHER', resolved_value_source: 'CUSTOM', resolved_value: 'merged-42' },
    });
    expect(res.status).toBe(200);
    const merges = await listAll(admin, `${merged.base}/data_point_merges`);
    expect(merges).toMatchObject([{ id: d.id, data_point_id: d.data_point_id, merge_value: 'merged-42' }]);

    const undone = await api('PATCH', `${merged.base}/data_point_discrepancies/${d.id}`, {
      as: ADMIN,
      body: { updated_at: res.body.updated_at, resolved_discrepancy_type: null },
    });
    expect(undone.status).toBe(200);
    expect(await listAll(admin, `${merged.base}/data_point_merges`)).toHaveLength(0);
  });

  it('drops the merges chosen on a run’s results when the comparison is run again', async () => {
    const merged = await finishedComparison(ADMIN, companyId, 'Verification re-run merges', 'COMPARE_MERGE');
    const [d] = await discrepancies(merged);
    const res = await api('PATCH', `${merged.base}/data_point_discrepancies/${d.id}`, {
      as: ADMIN,
      body: { updated_at: d.updated_at, resolved_discrepancy_type: 'OTHER', resolved_value_source: 'CUSTOM', resolved_value: 'kept-by-mistake' },
    });
    expect(res.status).toBe(200);
    expect(await listAll(admin, `${merged.base}/data_point_merges`)).toHaveLength(1);

    const rerun = await api('POST', `${merged.base}/run`, { as: ADMIN });
    expect(rerun.status).toBe(202);
    await waitForRun(admin, merged.base);

    expect(await listAll(admin, `${merged.base}/data_point_merges`)).toHaveLength(0);
  });

  it('decides missing rows in bulk, each reported', async () => {
    const rows = await missing(cmp);
    const res = await api('PATCH', `${cmp.base}/missing_discrepancies`, {
      as: ADMIN,
      body: { ids: rows.map((r) => r.id), changes: { resolved_inclusion: false, resolved_discrepancy_type: 'TERM' }, expected: Object.fromEntries(rows.map((r) => [r.id, r.updated_at])) },
    });

    expect(res.status).toBe(200);
    expect(res.body.results.map((r: any) => r.status)).toEqual(rows.map(() => 200));
  });
});

describe('sorted reads for the grid', () => {
  it('sorts over every match and pages by offset with a total', async () => {
    const first = await api('GET', `${cmp.base}/data_point_discrepancies?sort=data_point_id&order=desc&limit=4`, { as: ADMIN });
    const second = await api('GET', `${cmp.base}/data_point_discrepancies?sort=data_point_id&order=desc&limit=4&cursor=${first.body.next}`, { as: ADMIN });

    expect(first.status).toBe(200);
    expect(first.body.total).toBe((await discrepancies(cmp)).length);
    const ids = [...first.body.items, ...second.body.items].map((d: any) => d.data_point_id);
    // The read orders text as a person would (case-insensitive, digit runs as numbers).
    expect(ids).toEqual([...ids].sort((a, b) => b.localeCompare(a, undefined, { sensitivity: 'base', numeric: true })));
  });
});

describe('after completion', () => {
  it('refuses every write with 409 and the read-only message', async () => {
    const done = await finishedComparison(ADMIN, companyId, 'Verification completed');
    const db = await stackDb();
    await db.entities.comparison.patch({ organization_id: organizationId, company_id: companyId, id: done.id }).set({ completed_at: new Date().toISOString() }).go();
    const [d] = await discrepancies(done);
    const [m] = await missing(done);

    const one = await api('PATCH', `${done.base}/data_point_discrepancies/${d.id}`, { as: ADMIN, body: { updated_at: d.updated_at, resolved_notes: 'late' } });
    const bulk = await api('PATCH', `${done.base}/data_point_discrepancies`, {
      as: ADMIN,
      body: { ids: [d.id], changes: { resolved_notes: 'late' }, expected: { [d.id]: d.updated_at } },
    });
    const miss = await api('PATCH', `${done.base}/missing_discrepancies/${m.id}`, { as: ADMIN, body: { updated_at: m.updated_at, resolved_inclusion: true } });

    for (const res of [one, bulk, miss]) {
      expect(res.status).toBe(409);
      expect(res.body.message).toBe('This comparison is complete and can no longer be changed.');
    }
  });
});

describe('four eyes', () => {
  const ORG_ADMIN = 'org-admin@demo.example';
  let fe: FinishedComparison;
  let rows: any[];
  const patchOne = (as: string, id: string, body: Record<string, unknown>) => api('PATCH', `${fe.base}/data_point_discrepancies/${id}`, { as, body });
  const resolve = async (as: string, row: any) => {
    const res = await patchOne(as, row.id, { updated_at: row.updated_at, resolved_discrepancy_type: 'CONFIRMED', resolved_value_source: 'SECONDARY' });
    expect(res.status).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    fe = await finishedComparison(ADMIN, companyId, 'Verification four eyes');
    const c = (await api('GET', fe.base, { as: ADMIN })).body;
    const verifierId = (await api('GET', '/api/me', { as: COMPANY_USER })).body.id;
    const assigned = await api('PATCH', fe.base, { as: ADMIN, body: { verifier_user_id: verifierId, updated_at: c.updated_at } });
    expect(assigned.status).toBe(200);
    rows = await discrepancies(fe);
    expect(rows.length).toBeGreaterThanOrEqual(8);
  });

  it('refuses the resolver exempting the resolution in the request that resolves it (403), writing nothing', async () => {
    const d = rows[0];

    const res = await patchOne(ADMIN, d.id, { updated_at: d.updated_at, resolved_discrepancy_type: 'CONFIRMED', resolved_value_source: 'SECONDARY', skip_verification: true });

    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/yourself/);
    expect(await one(fe, d.id)).toEqual(d);
  });

  it('refuses the resolver exempting their earlier resolution (403), writing nothing', async () => {
    const resolved = await resolve(ADMIN, rows[1]);

    const res = await patchOne(ADMIN, resolved.id, { updated_at: resolved.updated_at, skip_verification: true });

    expect(res.status).toBe(403);
    const stored = await one(fe, resolved.id);
    expect(stored.updated_at).toBe(resolved.updated_at);
    expect(stored.skip_verification ?? false).toBe(false);
  });

  it('refuses each row of a bulk resolve that exempts the resolver’s own resolutions (403 per row), writing nothing', async () => {
    const picked = rows.slice(2, 4);

    const res = await api('PATCH', `${fe.base}/data_point_discrepancies`, {
      as: ADMIN,
      body: { ids: picked.map((r) => r.id), changes: { resolved_discrepancy_type: 'TIMING_ISSUE', skip_verification: true }, expected: Object.fromEntries(picked.map((r) => [r.id, r.updated_at])) },
    });

    expect(res.status).toBe(200);
    expect(res.body.results).toEqual(picked.map((r) => expect.objectContaining({ id: r.id, status: 403, message: expect.stringMatching(/yourself/) })));
    for (const r of picked) expect(await one(fe, r.id)).toEqual(r);
  });

  it('lets only the assigned verifier exempt another person’s resolution; a new decision needs review again', async () => {
    const resolved = await resolve(ADMIN, rows[4]);

    const byOther = await patchOne(ORG_ADMIN, resolved.id, { updated_at: resolved.updated_at, skip_verification: true });
    const byVerifier = await patchOne(COMPANY_USER, resolved.id, { updated_at: resolved.updated_at, skip_verification: true });

    expect(byOther.status).toBe(403);
    expect(byOther.body.message).toMatch(/verifier assigned/);
    expect(byVerifier.status).toBe(200);
    expect(byVerifier.body).toMatchObject({ skip_verification: true, resolved_by_user_id: resolved.resolved_by_user_id });

    const changed = await patchOne(ADMIN, resolved.id, { updated_at: byVerifier.body.updated_at, resolved_value_source: 'BASELINE', resolved_discrepancy_type: 'COST' });
    expect(changed.status).toBe(200);
    expect(changed.body.skip_verification ?? false).toBe(false);
  });

  it('lets only the assigned verifier approve or send back (403 for anyone else, nothing written)', async () => {
    const resolved = await resolve(ADMIN, rows[5]);

    const approveByOther = await api('POST', `${fe.base}/data_point_discrepancies/${resolved.id}/approve`, { as: ORG_USER, body: { updated_at: resolved.updated_at } });
    const backByOther = await api('POST', `${fe.base}/data_point_discrepancies/${resolved.id}/send_back`, { as: ORG_ADMIN, body: { updated_at: resolved.updated_at } });

    expect(approveByOther.status).toBe(403);
    expect(approveByOther.body.message).toBe('Only the verifier assigned to this comparison can review its resolutions.');
    expect(backByOther.status).toBe(403);
    expect((await one(fe, resolved.id)).updated_at).toBe(resolved.updated_at);

    const approved = await api('POST', `${fe.base}/data_point_discrepancies/${resolved.id}/approve`, { as: COMPANY_USER, body: { updated_at: resolved.updated_at } });
    expect(approved.status).toBe(200);
    expect(approved.body.verification_status).toBe('APPROVED');
  });

  it('refuses the assigned verifier reviewing or exempting a resolution of their own (403)', async () => {
    const resolved = await resolve(COMPANY_USER, rows[6]);

    const approve = await api('POST', `${fe.base}/data_point_discrepancies/${resolved.id}/approve`, { as: COMPANY_USER, body: { updated_at: resolved.updated_at } });
    const skip = await patchOne(COMPANY_USER, resolved.id, { updated_at: resolved.updated_at, skip_verification: true });

    expect(approve.status).toBe(403);
    expect(skip.status).toBe(403);
    expect((await one(fe, resolved.id)).updated_at).toBe(resolved.updated_at);
  });

  it('without an assigned verifier, lets a comparison builder exempt another person’s resolution, not a verify-only user', async () => {
    const c = (await api('GET', fe.base, { as: ADMIN })).body;
    expect((await api('PATCH', fe.base, { as: ADMIN, body: { verifier_user_id: null, updated_at: c.updated_at } })).status).toBe(200);
    const resolved = await resolve(ADMIN, rows[7]);
    const body = { updated_at: resolved.updated_at, skip_verification: true };

    const byVerifyOnly = await patchOne(COMPANY_USER, resolved.id, body);
    const byBuilder = await patchOne(ORG_ADMIN, resolved.id, body);

    expect(byVerifyOnly.status).toBe(403);
    expect(byBuilder.status).toBe(200);
    expect(byBuilder.body.skip_verification).toBe(true);
  });
});
