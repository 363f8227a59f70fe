import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../infra/local/demo-data';
import { comparisonPath, listAll, uploadFile, waitForRun, type Call } from '../../infra/local/api-flow';
import { api } from '../support/api';
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
// A csv's rows are as wide as its first table: the adjustments' table has as many columns.
const csv = (name: string, lines: string[]) => ({ name, bytes: Buffer.from(lines.join('\n'), 'utf8'), contentType: 'text/csv' });

const ENROLLMENT = [
  'SSN,First Name,Last Name,Benefit Type,Effective Date,Term Date,Monthly Premium',
  '111-11-1111,Ann,Able,Medical,01/01/2025,,612.40',
  '111-11-1111,Ann,Able,Dental,01/01/2025,,41.13',
  '222-22-2222,Bob,Baker,Medical,01/01/2025,,1480.00',
  '333-33-3333,Cy,Cole,Medical,01/01/2025,,1480.00',
  '444-44-4444,Di,Dunn,Dental,01/01/2025,,120.00',
  '555-55-5555,Ed,Eng,Medical,01/01/2025,,612.40',
];

const JANUARY = [
  'Billing Period:,01/2026',
  'SSN,Member Name,Coverage Type,Plan,Tier,Current Premium',
  '111-11-1111,"ABLE, ANN",MED,,,612.40',
  '111-11-1111,"ABLE, ANN",DEN,,,41.13',
  '222-22-2222,"BAKER, BOB",MED,,,"1,250.00"',
  '333-33-3333,"COLE, CY",MED,,,"1,250.00"',
  '555-55-5555,"ENG, ED",MED,,,612.40',
];

const FEBRUARY = [
  'Billing Period:,02/2026',
  'SSN,Member Name,Coverage Type,Plan,Tier,Current Premium',
  '111-11-1111,"ABLE, ANN",MED,,,612.40',
  '111-11-1111,"ABLE, ANN",DEN,,,41.13',
  '222-22-2222,"BAKER, BOB",MED,,,"1,480.00"',
  '333-33-3333,"COLE, CY",MED,,,"1,480.00"',
  '444-44-4444,"DUNN, DI",DEN,,,120.00',
  '555-55-5555,"ENG, ED",MED,,,612.40',
  'ADJUSTMENTS',
  'SSN,Member Name,Coverage Type,Adjustment Period,Reason,Amount',
  // January billed Ann's medical and dental in full: both billed again.
  '111-11-1111,"ABLE, ANN",MED,01/2026,Retro Add,612.40',
  '111-11-1111,"ABLE, ANN",DEN,01/2026,Retro Add,41.13',
  // The tier's difference for January: owed.
  '222-22-2222,"BAKER, BOB",MED,01/2026,Tier Change,230.00',
  // The new tier in full with January's old tier not credited: 1,250.00 billed again.
  '333-33-3333,"COLE, CY",MED,01/2026,Tier Change,"1,480.00"',
  // Not billed in January: owed.
  '444-44-4444,"DUNN, DI",DEN,01/2026,Retro Add,120.00',
  // December and January: December's invoice was never reconciled, January's billed Ed.
  '555-55-5555,"ENG, ED",MED,12/2025 - 01/2026,Retro Add,"1,224.80"',
];

/* By hand: already billed 612.40 + 41.13 + 1,250.00 + 612.40 = 2,515.93; nothing else differs. */
const ALREADY_BILLED = ['1111 MEDICAL 612.40 2026-01', '1111 DENTAL 41.13 2026-01', '3333 MEDICAL 1250.00 2026-01', '5555 MEDICAL 612.40 2026-01'];

const POINTS = [
  { baseline_column_name: 'SSN', secondary_column_name: 'SSN', is_unique_identifier: true },
  { baseline_column_name: 'Benefit Type', secondary_column_name: 'Coverage Type', is_unique_identifier: true },
  { baseline_column_name: 'Monthly Premium', secondary_column_name: 'Current Premium', is_unique_identifier: false },
  { baseline_column_name: 'Last Name', secondary_column_name: 'Member Name', is_unique_identifier: false },
];

let call: Call;
let companyId: string;
let carrierId: string;
let otherCarrierId: string;

async function reconcile(name: string, companyCarrierId: string, bill: string[]) {
  const made = await call('POST', `/api/companies/${companyId}/comparisons`, { name, type: 'COMPARE_ONLY', audit_type: 'INVOICE_RECONCILIATION', company_carrier_id: companyCarrierId });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const base = comparisonPath(companyId, made.body.id);
  await uploadFile(call, base, 'BASELINE', csv('enrollment.csv', ENROLLMENT));
  await uploadFile(call, base, 'SECONDARY', csv(`${name}.csv`, bill));
  expect((await call('PUT', `${base}/data_points`, POINTS)).status).toBe(200);
  expect((await call('POST', `${base}/run`)).status).toBe(202);
  const done = await waitForRun(call, base);
  expect(done.status, done.status_reason).toBe('SUCCEEDED');
  return { id: made.body.id as string, base };
}

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
});
