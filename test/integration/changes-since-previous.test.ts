import { beforeAll, describe, expect, it } from 'vitest';
import { comparisonPath, listAll } from '../../infra/local/api-flow';
import { daysOpen } from '../../shared/changes-since';
import { endpoints } from '../support/api';
import { carrierAudit, firstCarrierFile, fixedCarrierFile, newCompanyCarrier } from '../support/changes-fixture';
import { callAs, companyOf, stackDb } from '../support/comparison-fixture';

/**
 * Changes since the previous audit, through the API: three successive comparisons of one company
 * carrier. The second's carrier file fixes three findings of the first (a premium, a last name, a
 * carrier-only person) and brings one new (a gender); the third has the same files as the second.
 */
const ADMIN = 'company-admin@demo.example';
const admin = callAs(ADMIN);

let companyId: string;
let companyCarrierId: string;
const audit = (name: string, carrierFile: string) => carrierAudit(ADMIN, companyId, companyCarrierId, name, carrierFile);

async function sentEmails(): Promise<Array<{ subject?: string; body?: { text?: string } }>> {
  const res = await fetch(`${endpoints().ses}/store`);
  return ((await res.json()) as { emails: Array<{ subject?: string; body?: { text?: string } }> }).emails;
}

const changesOf = async (base: string, query = '') => {
  const res = await admin('GET', `${base}/changes_since_previous${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
};

describe('what got fixed since the previous audit of a company carrier', () => {
  let first: { id: string; base: string };
  let second: { id: string; base: string };
  let third: { id: string; base: string };

  beforeAll(async () => {
    ({ companyId } = await companyOf(ADMIN));
    companyCarrierId = await newCompanyCarrier(companyId);
    first = await audit('Changes: January', firstCarrierFile);
    second = await audit('Changes: February', fixedCarrierFile());
    third = await audit('Changes: March', fixedCarrierFile());
  });

  it('the first audit has no previous one: every finding is new', async () => {
    const changes = await changesOf(first.base);
    expect(changes).toMatchObject({ has_results: true, previous_comparison_id: null, new: 12, still_open: 0, fixed: 0 });
  });

  it('the second counts exactly 1 new, 9 still open and 3 fixed, and lists each', async () => {
    const changes = await changesOf(second.base);
    expect(changes).toMatchObject({ previous_comparison_id: first.id, previous_comparison_name: 'Changes: January', new: 1, still_open: 9, fixed: 3 });

    const fresh = await changesOf(second.base, '?status=NEW');
    expect(fresh.items.map((i: { kind: string; data_point_name: string; unique_identifier: string }) => [i.kind, i.data_point_name, i.unique_identifier])).toEqual([
      ['DISCREPANCY', 'Gender', '***-**-2241|GROUP_SHORT_TERM_DISABILITY'],
    ]);
    const fixed = await changesOf(second.base, '?status=FIXED');
    expect(fixed.items.map((i: { kind: string; data_point_name: string | null; comparison_id: string }) => [i.kind, i.data_point_name, i.comparison_id]).sort()).toEqual([
      ['DISCREPANCY', 'Last Name', first.id],
      ['DISCREPANCY', 'Monthly Premium', first.id],
      ['MISSING_IN_BASELINE', null, first.id],
    ]);
    const open = await listAll(admin, `${second.base}/changes_since_previous?status=STILL_OPEN`);
    expect(open).toHaveLength(9);
    expect(new Set(open.map((i: { change_status: string }) => i.change_status))).toEqual(new Set(['STILL_OPEN']));
  });

  it('pages every list in turn with one cursor', async () => {
    const all = await listAll(admin, `${second.base}/changes_since_previous`, 4);
    expect(all.map((i: { change_status: string }) => i.change_status)).toEqual([...Array(1).fill('NEW'), ...Array(9).fill('STILL_OPEN'), ...Array(3).fill('FIXED')]);
    expect(new Set(all.map((i: { id: string }) => i.id)).size).toBe(13);
  });

  it('the findings lists filter by it and carry the date first seen through the chain', async () => {
    const newDiscrepancies = await listAll(admin, `${second.base}/data_point_discrepancies?skipverification=true&change=NEW`);
    expect(newDiscrepancies.map((d: { suggested_type: string }) => d.suggested_type)).toEqual(['GENDER_MISMATCH']);
    const openMissing = await listAll(admin, `${second.base}/missing_discrepancies?change=STILL_OPEN`);
    expect(openMissing.map((m: { kind: string }) => m.kind).sort()).toEqual(['DUPLICATE', 'MISSING_IN_SECONDARY']);

    const inFirst = await listAll(admin, `${first.base}/missing_discrepancies?kind=DUPLICATE`);
    const inThird = await listAll(admin, `${third.base}/missing_discrepancies?kind=DUPLICATE`);
    expect(inThird[0].change_status).toBe('STILL_OPEN');
    expect(inThird[0].first_seen_at).toBe(inFirst[0].first_seen_at);
    const third_ = await changesOf(third.base);
    expect(third_).toMatchObject({ previous_comparison_id: second.id, new: 0, still_open: 10, fixed: 0, oldest_open_first_seen_at: inFirst[0].first_seen_at });
  });

  it("the company carrier's audits over time: findings by kind, new, still open and fixed, and the oldest finding still open", async () => {
    const res = await admin('GET', `/api/companies/${companyId}/company_carriers/${companyCarrierId}/audits`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.items.map((a: Record<string, unknown>) => [a.name, a.discrepancies, a.only_in_baseline, a.only_at_carrier, a.duplicates, a.total])).toEqual([
      ['Changes: January', 9, 1, 1, 1, 12],
      ['Changes: February', 8, 1, 0, 1, 10],
      ['Changes: March', 8, 1, 0, 1, 10],
    ]);
    expect(res.body.items.map((a: { changes: Record<string, unknown> }) => [a.changes.new, a.changes.still_open, a.changes.fixed])).toEqual([
      [12, 0, 0],
      [1, 9, 3],
      [0, 10, 0],
    ]);
    const inFirst = await listAll(admin, `${first.base}/missing_discrepancies?kind=DUPLICATE`);
    expect(res.body.oldest_open).toMatchObject({ comparison_id: third.id, name: 'Changes: March', first_seen_at: inFirst[0].first_seen_at });
    expect(res.body.oldest_open.days_open).toBe(daysOpen(inFirst[0].first_seen_at, new Date().toISOString()));
    const db = await stackDb();
    const { data: companies } = await db.entities.company.scan.go({ pages: 'all' });
    const foreign = companies.find((c) => c.id !== companyId)!;
    expect((await admin('GET', `/api/companies/${foreign.id}/company_carriers/${companyCarrierId}/audits`)).status).toBe(404);
  });

  it('the comparison-complete e-mail says it in one line', async () => {
    const before = await sentEmails();
    const done = await admin('POST', `${second.base}/complete`, { override: true, note: 'Checked with the carrier' });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const mail = (await sentEmails()).slice(before.length).find((m) => m.subject?.includes('Changes: February'));
    expect(mail?.body?.text).toContain('Since the previous audit of this carrier: 1 new, 9 still open, 3 fixed.');
  });

  it('refuses a bad status or cursor, and answers 404 outside the caller\'s tenant', async () => {
    expect((await admin('GET', `${second.base}/changes_since_previous?status=GONE`)).status).toBe(400);
    expect((await admin('GET', `${second.base}/changes_since_previous?cursor=nonsense`)).status).toBe(400);
    const db = await stackDb();
    const { data: companies } = await db.entities.company.scan.go({ pages: 'all' });
    const foreign = companies.find((c) => c.id !== companyId)!;
    expect((await admin('GET', `${comparisonPath(foreign.id, second.id)}/changes_since_previous`)).status).toBe(404);
  });
});
