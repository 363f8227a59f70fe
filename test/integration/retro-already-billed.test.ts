import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../infra/local/demo-data';
import { listAll, type Call } from '../../infra/local/api-flow';
import { api } from '../support/api';
import { ALREADY_BILLED, ALREADY_BILLED_ON_CURRENT_LINES, FEBRUARY, FEBRUARY_MONTHS_ON_LINES, JANUARY, reconcileBill } from '../support/retro-list-bills';
import { createTestUser } from '../support/test-users';
import { created, newCarrier, newCompany, newOrganization } from './hierarchy-support';

/**
 * Two monthly list bills of one company carrier through the API on the local stack: February's
 * bill carries retro charges for January, some for members and lines January's bill already
 * billed. Each double charge is found as already billed with its dollars to the cent, counted in
 * over-billed, listed in the credit request and in the carrier's month-by-month history; the same
 * bill under a carrier with no January reconciliation keeps them expected and says January's
 * invoice is unknown.
 */
let call: Call;
let companyId: string;
let carrierId: string;
let otherCarrierId: string;
let monthsOnLinesCarrierId: string;

const reconcile = (name: string, companyCarrierId: string, bill: string[]) => reconcileBill(call, companyId, name, companyCarrierId, bill);

const last4 = (s: string) => s.replace(/\D/g, '').slice(-4);
async function findings(base: string) {
  const rows = [...(await listAll(call, `${base}/data_point_discrepancies?skipverification=true`)), ...(await listAll(call, `${base}/missing_discrepancies`))];
  return rows.map((f) => ({ ...f, line: `${last4(f.unique_identifier)} ${String(f.coverage_line).toUpperCase().replace('MED', 'MEDICAL').replace('DEN', 'DENTAL')} ${f.amount.toFixed(2)} ${f.months.join(',')}` }));
}

describe('charges already billed, across two monthly list bills of one carrier', () => {
  let january: Awaited<ReturnType<typeof reconcile>>;
  let february: Awaited<ReturnType<typeof reconcile>>;

  beforeAll(async () => {
    const organization = await newOrganization();
    const company = await newCompany(organization.id);
    companyId = company.id;
    carrierId = (await created(`/api/companies/${companyId}/company_carriers`, { carrier_id: (await newCarrier()).id })).id;
    otherCarrierId = (await created(`/api/companies/${companyId}/company_carriers`, { carrier_id: (await newCarrier()).id })).id;
    monthsOnLinesCarrierId = (await created(`/api/companies/${companyId}/company_carriers`, { carrier_id: (await newCarrier()).id })).id;
    const { email } = await createTestUser({ role: 'COMPANY_ADMIN', organization_id: organization.id, company_id: companyId, password: DEMO_PASSWORD, permanent: true });
    call = (method, p, body) => api(method, p, { as: email, body });
    january = await reconcile('January', carrierId, JANUARY);
    february = await reconcile('February', carrierId, FEBRUARY);
  }, 180_000);

  it('finds each retro charge January already billed as already billed, with its dollars to the cent, and nothing else', async () => {
    const found = await findings(february.base);
    expect(found.filter((f) => f.invoice_kind === 'RETRO_ALREADY_BILLED').map((f) => f.line).sort()).toEqual([...ALREADY_BILLED].sort());
    expect(found.filter((f) => f.invoice_kind !== 'RETRO_ALREADY_BILLED').map((f) => `${f.invoice_kind} ${f.line}`)).toEqual([]);
  });

  it('counts them in over-billed and says which earlier invoice is unknown', async () => {
    const summary = (await call('GET', `${february.base}/invoice_summary`)).body;
    expect(summary).toMatchObject({ billing_period: '2026-02', over_billed: 2515.93, under_billed: 0, net: 2515.93, open: 2515.93, earlier_invoices_unknown: ['2025-12'] });
    expect(summary.by_kind).toEqual([{ kind: 'RETRO_ALREADY_BILLED', count: 4, amount: 2515.93 }]);
  });

  it('lists them in the credit request of the export', async () => {
    const res = await call('POST', `${february.base}/export`, { kind: 'DISCREPANCIES' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await (await fetch(res.body.url)).arrayBuffer()) as never);
    const rows = workbook.getWorksheet('Credit Request')!.getSheetValues().slice(2).map((r) => (r as unknown[]).slice(1));
    expect(rows.slice(0, -1).map((r) => [r[3], r[5]])).toEqual([
      ['Retro charge already billed', 1250],
      ['Retro charge already billed', 612.4],
      ['Retro charge already billed', 612.4],
      ['Retro charge already billed', 41.13],
    ]);
    expect(rows.at(-1)!.slice(0, 6)).toEqual(['Total credit requested', undefined, undefined, '4 lines', undefined, 2515.93]);
    const summary = workbook.getWorksheet('Summary')!.getSheetValues().map((r) => (r as unknown[]).slice(1));
    expect(summary).toContainEqual(['Earlier invoices unknown', '2025-12']);
  });

  it("shows billed, expected and credits claimed month by month in the carrier's history", async () => {
    const found = await findings(february.base);
    const cole = found.find((f) => f.line.startsWith('3333'))!;
    const claimed = await call('PATCH', `${february.base}/data_point_discrepancies/${cole.id}`, { resolved_discrepancy_type: 'COST', credit_status: 'REQUESTED', updated_at: cole.updated_at });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    const history = (await call('GET', `/api/companies/${companyId}/company_carriers/${carrierId}/invoice_reconciliations`)).body.items;
    expect(history.map((i: Record<string, unknown>) => [i.comparison_id, i.billing_period, i.billed, i.expected, i.over_billed, i.claimed, i.recovered])).toEqual([
      // January: Baker and Cole billed 230.00 short, Dunn not billed: nothing over-billed.
      [january.id, '2026-01', 3765.93, 4345.93, 0, 0, 0],
      [february.id, '2026-02', 8054.26, 5538.33, 2515.93, 1250, 0],
    ]);
  });

  it("keeps the retro charges expected under a carrier with no January reconciliation, and says January's invoice is unknown", async () => {
    const alone = await reconcile('February elsewhere', otherCarrierId, FEBRUARY);
    const found = await findings(alone.base);
    expect(found.filter((f) => f.invoice_kind === 'RETRO_ALREADY_BILLED')).toEqual([]);
    const summary = (await call('GET', `${alone.base}/invoice_summary`)).body;
    expect(summary.earlier_invoices_unknown).toEqual(['2025-12', '2026-01']);
    // Ann's and Ed's retro charges match the enrollment; Baker's tier difference and Cole's full tier are against the full month.
    expect(found.map((f) => `${f.invoice_kind} ${f.line}`).sort()).toEqual(['ADJUSTMENT_MISMATCH 2222 MEDICAL -1250.00 2026-01']);
  });

  it("finds a current charge for a month January already billed (the line's own coverage month) as already billed, with its dollars to the cent", async () => {
    await reconcile('January, months on lines', monthsOnLinesCarrierId, JANUARY);
    const feb = await reconcile('February, months on lines', monthsOnLinesCarrierId, FEBRUARY_MONTHS_ON_LINES);
    const found = await findings(feb.base);
    expect(found.filter((f) => f.invoice_kind === 'RETRO_ALREADY_BILLED').map((f) => f.line).sort()).toEqual([...ALREADY_BILLED_ON_CURRENT_LINES].sort());
    expect(found.filter((f) => f.invoice_kind !== 'RETRO_ALREADY_BILLED').map((f) => `${f.invoice_kind} ${f.line}`)).toEqual([]);
    const summary = (await call('GET', `${feb.base}/invoice_summary`)).body;
    expect(summary).toMatchObject({ billing_period: '2026-02', over_billed: 653.53, under_billed: 0, earlier_invoices_unknown: [] });
    expect(summary.by_kind).toEqual([{ kind: 'RETRO_ALREADY_BILLED', count: 2, amount: 653.53 }]);
  }, 120_000);
});
