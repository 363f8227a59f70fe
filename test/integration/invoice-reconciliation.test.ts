import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { comparisonPath, configureDataPoints, listAll, uploadFile, waitForRun } from '../../infra/local/api-flow';
import { addDays, daysBetween } from '../../shared/invoice';
import { api } from '../support/api';
import { callAs, companyOf } from '../support/comparison-fixture';
import { enrollmentCsv, generateListBill, listBillCsv, type ListBillFixture } from '../fixtures/generator/list-bill';

/**
 * Invoice reconciliation through the API on the local stack: a generated enrollment and its
 * carrier list bill (as .xlsx with title rows, subtotals and an adjustments section, and as .csv)
 * run as an Invoice Reconciliation; every injected billing error comes back with its dollars and
 * months, the summary's totals are exact to the cent, credits received count as recovered, and a
 * bill whose amounts do not parse fails the run with a message naming the column and rows.
 */
const ADMIN = 'company-admin@demo.example';
const admin = callAs(ADMIN);
const config = {
  data_points: [
    { id: 'ssn', baseline_column_name: 'SSN', secondary_column_name: 'SSN', is_unique_identifier: true },
    { id: 'line', baseline_column_name: 'Benefit Type', secondary_column_name: 'Coverage', is_unique_identifier: true },
    { id: 'premium', baseline_column_name: 'Monthly Premium', secondary_column_name: 'Current Premium', is_unique_identifier: false },
    { id: 'tier', baseline_column_name: 'Coverage Tier', secondary_column_name: 'Tier', is_unique_identifier: false },
    // A list bill's one name column ('LAST, FIRST') pairs with the enrollment's last name.
    { id: 'name', baseline_column_name: 'Last Name', secondary_column_name: 'Member Name', is_unique_identifier: false },
  ],
};

async function listBillXlsx(fixture: ListBillFixture): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Statement');
  for (const row of fixture.invoice.preamble) sheet.addRow(row);
  sheet.addRow([]);
  sheet.addRow(fixture.invoice.columns);
  for (const row of fixture.invoice.rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const last4 = (s: string) => s.replace(/\D/g, '').slice(-4);

async function reconcile(name: string, fixture: ListBillFixture, invoice: { name: string; bytes: Buffer; contentType: string }, extra: Record<string, unknown> = {}) {
  const { companyId } = await companyOf(ADMIN);
  const created = await admin('POST', `/api/companies/${companyId}/comparisons`, { name, type: 'COMPARE_ONLY', audit_type: 'INVOICE_RECONCILIATION', ...extra });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const base = comparisonPath(companyId, created.body.id);
  await uploadFile(admin, base, 'BASELINE', { name: 'enrollment.csv', bytes: Buffer.from(enrollmentCsv(fixture)), contentType: 'text/csv' });
  await uploadFile(admin, base, 'SECONDARY', invoice);
  await configureDataPoints(admin, companyId, base, config as never, name);
  expect((await admin('POST', `${base}/run`)).status).toBe(202);
  return { companyId, base, id: created.body.id as string, done: await waitForRun(admin, base) };
}

describe('invoice reconciliation on the local stack', () => {
  const fixture = generateListBill(31, 80);
  let companyId: string;
  let carrier: { id: string; updated_at: string };
  let run: Awaited<ReturnType<typeof reconcile>>;

  beforeAll(async () => {
    companyId = (await companyOf(ADMIN)).companyId;
    const carriers = await admin('GET', `/api/companies/${companyId}/company_carriers`);
    const first = (carriers.body.items ?? carriers.body)[0];
    // The credit window is set by those who manage the client's carriers (the organization).
    const patched = await callAs('org-admin@demo.example')('PATCH', `/api/companies/${companyId}/company_carriers/${first.id}`, { credit_window_days: 90, updated_at: first.updated_at });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    carrier = patched.body;
    const bytes = await listBillXlsx(fixture);
    run = await reconcile('Invoice reconciliation (xlsx)', fixture, { name: 'list-bill.xlsx', bytes, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }, { company_carrier_id: carrier.id });
  });

  it('finds every injected billing error with its signed dollars and months, and nothing else', async () => {
    expect(run.done.status, run.done.status_reason).toBe('SUCCEEDED');
    const discrepancies = await listAll(admin, `${run.base}/data_point_discrepancies?skipverification=true`);
    const missing = await listAll(admin, `${run.base}/missing_discrepancies`);
    const found = [...discrepancies, ...missing].map((f) => `${last4(f.unique_identifier)} ${f.invoice_kind} ${f.amount.toFixed(2)} ${f.months.join(',')}`).sort();
    const truth = fixture.truth.findings.map((t) => `${last4(t.ssn)} ${t.kind} ${t.amount.toFixed(2)} ${t.months.join(',')}`).sort();
    expect(found).toEqual(truth);
    // The same dollars sit in discrepancy_function_result, as for any premium data point.
    for (const d of discrepancies) expect(d.discrepancy_function_result).toBe(d.amount);
    // Lists never show a whole SSN.
    expect(JSON.stringify([...discrepancies, ...missing])).not.toMatch(/\b\d{3}-?\d{2}-?\d{4}\b/);
  });

  it('sums the bill to the cent and dates the claim from the carrier credit window', async () => {
    const summary = await api('GET', `${run.base}/invoice_summary`, { as: ADMIN });
    expect(summary.status).toBe(200);
    const t = fixture.truth.totals;
    expect(summary.body).toMatchObject({
      invoice_number: 'INV-2026-0117',
      billing_period: '2026-01',
      invoice_date: '2025-12-20',
      billed: t.billed,
      expected: t.expected,
      over_billed: t.over_billed,
      under_billed: t.under_billed,
      net: t.net,
      stated_total: t.billed,
      credit_window_days: 90,
      claim_deadline: addDays('2025-12-20', 90),
      days_to_claim: daysBetween(new Date().toISOString().slice(0, 10), addDays('2025-12-20', 90)),
      recovered: 0,
      open: t.over_billed,
      has_results: true,
    });
    const kinds = Object.fromEntries(summary.body.by_kind.map((k: { kind: string; amount: number }) => [k.kind, k.amount]));
    for (const kind of new Set(fixture.truth.findings.map((f) => f.kind))) {
      const sum = fixture.truth.findings.filter((f) => f.kind === kind).reduce((s, f) => s + Math.round(f.amount * 100), 0) / 100;
      expect(kinds[kind], kind).toBe(sum);
    }
  });

  it('counts a credit received as recovered and keeps the rest open', async () => {
    const discrepancies = await listAll(admin, `${run.base}/data_point_discrepancies?skipverification=true`);
    const over = discrepancies.find((d) => d.amount > 0)!;
    const resolved = await admin('PATCH', `${run.base}/data_point_discrepancies/${over.id}`, { resolved_discrepancy_type: 'COST', credit_status: 'RECEIVED', updated_at: over.updated_at });
    expect(resolved.status, JSON.stringify(resolved.body)).toBe(200);
    expect(resolved.body.credit_status).toBe('RECEIVED');
    const summary = (await admin('GET', `${run.base}/invoice_summary`)).body;
    expect(summary.recovered).toBe(over.amount);
    expect(summary.open).toBe(Math.round((fixture.truth.totals.over_billed - over.amount) * 100) / 100);
  });

  it('exports a Credit Request sheet: each over-billed member and line with months and dollars, largest first, and the total', async () => {
    const res = await admin('POST', `${run.base}/export`, { kind: 'DISCREPANCIES' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(await (await fetch(res.body.url)).arrayBuffer()) as never);
    const sheet = workbook.getWorksheet('Credit Request')!;
    const rows = sheet.getSheetValues().slice(2).map((r) => (r as unknown[]).slice(1));
    const over = fixture.truth.findings.filter((f) => f.amount > 0);
    const lines = rows.slice(0, -1);
    expect(lines.map((r) => r[5])).toEqual(over.map((f) => f.amount).sort((a, b) => b - a));
    expect(lines.map((r) => last4(String(r[1])))).toEqual(expect.arrayContaining(over.map((f) => last4(f.ssn))));
    expect(rows.at(-1)![0]).toBe('Total credit requested');
    expect(rows.at(-1)![5]).toBe(fixture.truth.totals.over_billed);
    const summary = workbook.getWorksheet('Summary')!;
    expect(JSON.stringify(summary.getSheetValues())).toContain('INV-2026-0117');
  });

  it("lists the reconciliation on its carrier's month by month read", async () => {
    const list = await admin('GET', `/api/companies/${companyId}/company_carriers/${carrier.id}/invoice_reconciliations`);
    expect(list.status).toBe(200);
    expect(list.body.items).toContainEqual(expect.objectContaining({ comparison_id: run.id, billing_period: '2026-01', billed: fixture.truth.totals.billed }));
  });

  it('reads the same bill as csv, with the billing period entered on the comparison winning over the file', async () => {
    const csv = await reconcile('Invoice reconciliation (csv)', fixture, { name: 'list-bill.csv', bytes: Buffer.from(listBillCsv(fixture)), contentType: 'text/csv' }, { invoice_number: 'ENTERED-1' });
    expect(csv.done.status, csv.done.status_reason).toBe('SUCCEEDED');
    const summary = (await admin('GET', `${csv.base}/invoice_summary`)).body;
    expect(summary).toMatchObject({ invoice_number: 'ENTERED-1', billed: fixture.truth.totals.billed, net: fixture.truth.totals.net, credit_window_days: 60 });
  });

  it('sets up its own data points when none were chosen, and finds the same dollars', async () => {
    const created = await admin('POST', `/api/companies/${companyId}/comparisons`, { name: 'Invoice reconciliation (no set-up)', type: 'COMPARE_ONLY', audit_type: 'INVOICE_RECONCILIATION' });
    const base = comparisonPath(companyId, created.body.id);
    await uploadFile(admin, base, 'BASELINE', { name: 'enrollment.csv', bytes: Buffer.from(enrollmentCsv(fixture)), contentType: 'text/csv' });
    await uploadFile(admin, base, 'SECONDARY', { name: 'list-bill.csv', bytes: Buffer.from(listBillCsv(fixture)), contentType: 'text/csv' });
    const points = (await admin('GET', `${base}/data_points`)).body.items;
    expect(points.map((p: { baseline_column_name: string; secondary_column_name: string }) => `${p.baseline_column_name}↔${p.secondary_column_name}`)).toEqual(
      expect.arrayContaining(['SSN↔SSN', 'Monthly Premium↔Current Premium', 'Last Name↔Member Name']),
    );
    expect(points.find((p: { baseline_column_name: string }) => p.baseline_column_name === 'Monthly Premium').discrepancy_function).toBe('MINUS: SECONDARY - BASELINE');
    expect((await admin('POST', `${base}/run`)).status).toBe(202);
    const done = await waitForRun(admin, base);
    expect(done.status, done.status_reason).toBe('SUCCEEDED');
    const summary = (await admin('GET', `${base}/invoice_summary`)).body;
    expect(summary).toMatchObject({ billed: fixture.truth.totals.billed, expected: fixture.truth.totals.expected, net: fixture.truth.totals.net });
  });

  it('fails a bill whose amounts do not parse with the column and rows named, and stores no findings', async () => {
    const broken = { ...fixture, invoice: { ...fixture.invoice, rows: fixture.invoice.rows.map((r, i) => (i === 1 || i === 4 ? [...r.slice(0, 5), 'see attached'] : r)) } };
    const bad = await reconcile('Invoice reconciliation (bad amounts)', broken, { name: 'bad.csv', bytes: Buffer.from(listBillCsv(broken)), contentType: 'text/csv' });
    expect(bad.done.status).toBe('FAILED');
    expect(bad.done.status_reason).toMatch(/'Current Premium' column has values that are not amounts in data rows 2, 5\b/);
    expect((await admin('GET', `${bad.base}/data_point_discrepancies?skipverification=true`)).body.items).toEqual([]);
    expect((await admin('GET', `${bad.base}/missing_discrepancies`)).body.items).toEqual([]);
  });

  it('refuses invoice details that are not dates, and answers 404 for the summary of another audit type', async () => {
    const refused = await admin('POST', `/api/companies/${companyId}/comparisons`, { name: 'x', type: 'COMPARE_ONLY', audit_type: 'INVOICE_RECONCILIATION', invoice_date: 'soon', billing_period: 'someday' });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toMatchObject({ invoice_date: expect.any(String), billing_period: expect.any(String) });
    const other = await admin('POST', `/api/companies/${companyId}/comparisons`, { name: 'plain', type: 'COMPARE_ONLY', audit_type: 'ENROLLMENT_AUDIT' });
    expect((await admin('GET', `${comparisonPath(companyId, other.body.id)}/invoice_summary`)).status).toBe(404);
  });
});
