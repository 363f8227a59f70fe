import { reconcileInvoice } from '../../shared/invoice';
import type { CompareDataPoint } from '../../shared/compare';
import { generateListBill } from '../fixtures/generator/list-bill';

/**
 * Invoice reconciliation scored by the dollar on generated list bills: every injected billing error
 * must be found with its amount and months (recall), nothing else reported (precision), and the
 * totals must equal the truth to the cent. Also times a large bill.
 */
const DATA_POINTS: CompareDataPoint[] = [
  { id: 'ssn', baseline_column_name: 'SSN', secondary_column_name: 'SSN', is_unique_identifier: true },
  { id: 'line', baseline_column_name: 'Benefit Type', secondary_column_name: 'Coverage', is_unique_identifier: true },
  { id: 'premium', baseline_column_name: 'Monthly Premium', secondary_column_name: 'Current Premium', is_unique_identifier: false },
  { id: 'tier', baseline_column_name: 'Coverage Tier', secondary_column_name: 'Tier', is_unique_identifier: false },
  { id: 'name', baseline_column_name: 'Last Name', secondary_column_name: 'Member Name', is_unique_identifier: false },
];

const key = (ssn: string, kind: string, amount: number, months: readonly string[]) => `${ssn.replace(/\D/g, '')}|${kind}|${amount.toFixed(2)}|${months.join(',')}`;

export function invoiceBench(seeds: readonly (string | number)[], employees: number): void {
  console.log(`\n== Invoice reconciliation: generated list bills of ${employees} employees, seeds ${seeds.join(', ')}, scored by the dollar`);
  let expected = 0;
  let found = 0;
  let right = 0;
  let totalsExact = 0;
  for (const seed of seeds) {
    const fixture = generateListBill(seed, employees);
    const result = reconcileInvoice(fixture.enrollment, fixture.invoice, DATA_POINTS);
    const truth = new Set(fixture.truth.findings.map((f) => key(f.ssn, f.kind, f.amount, f.months)));
    const reported = [...result.discrepancies, ...result.missing].map((f) => key(f.unique_identifier, f.invoice_kind, f.amount, f.months));
    expected += truth.size;
    found += reported.length;
    right += reported.filter((r) => truth.has(r)).length;
    const t = fixture.truth.totals;
    const r = result.totals;
    if (t.billed === r.billed && t.expected === r.expected && t.over_billed === r.over_billed && t.under_billed === r.under_billed && t.net === r.net) totalsExact += 1;
  }
  console.log(`findings with the right dollars and months: recall ${((right / expected) * 100).toFixed(1)}%, precision ${((right / Math.max(found, 1)) * 100).toFixed(1)}% (${right} of ${expected} injected, ${found} reported)`);
  console.log(`totals exact to the cent (billed, expected, over, under, net): ${totalsExact} of ${seeds.length} bills`);
  const big = generateListBill('invoice-bench-large', 20_000);
  const started = performance.now();
  reconcileInvoice(big.enrollment, big.invoice, DATA_POINTS);
  const ms = performance.now() - started;
  console.log(`a bill of ${big.invoice.rows.length.toLocaleString('en-US')} rows against ${big.enrollment.rows.length.toLocaleString('en-US')} enrollment rows: ${ms.toFixed(0)} ms (${Math.round(big.invoice.rows.length / (ms / 1000)).toLocaleString('en-US')} lines/s)`);
}
