import { classifyChanges, findingIdentity } from '../../shared/changes-since';
import { compareTablesSync, type ComparisonResult } from '../../shared/compare';
import type { CompareDataPoint } from '../../shared/compare';
import { reconcileInvoice } from '../../shared/invoice';
import { generatePair, type GeneratedPair } from '../fixtures/generator/generate';

/**
 * Audits that remember, scored against a truth built with the files:
 * - charges already billed: two monthly list bills of one carrier for N members, February's
 *   carrying retro charges for January (in its adjustments section and as current charges naming
 *   January) for members January billed, and others for members it did not or for a December no
 *   reconciliation knows; every double charge must be found with its dollars, nothing else;
 * - changes since the previous audit: a generated pair audited twice, the first carrier file with
 *   premiums made wrong and lines left out that the second has right, the second with others wrong
 *   and left out; new, still open and fixed must equal what was changed.
 */

const pad = (n: number) => String(n).padStart(9, '0');
const ssnOf = (i: number) => {
  const d = pad(100_000_001 + i);
  return `${d.slice(0, 3)}-${d.slice(3, 5)}-${d.slice(5)}`;
};
const money = (cents: number) => (cents / 100).toFixed(2);

interface Coverage {
  member: number;
  line: 'MED' | 'DEN';
  cents: number;
}

const RETRO_POINTS: CompareDataPoint[] = [
  { id: 'ssn', baseline_column_name: 'SSN', secondary_column_name: 'SSN', is_unique_identifier: true },
  { id: 'line', baseline_column_name: 'Benefit Type', secondary_column_name: 'Coverage Type', is_unique_identifier: true },
  { id: 'premium', baseline_column_name: 'Monthly Premium', secondary_column_name: 'Current Premium', is_unique_identifier: false },
];

/** The two bills and the double charges February's holds, by member, line, dollars and month. */
function retroBills(members: number) {
  const coverages: Coverage[] = [];
  for (let i = 0; i < members; i++) {
    coverages.push({ member: i, line: 'MED', cents: 40_000 + ((i * 3_719) % 90_000) });
    if (i % 3 === 0) coverages.push({ member: i, line: 'DEN', cents: 3_000 + ((i * 173) % 5_000) });
  }
  const name = (i: number) => `"MEMBER${i}, PAT"`;
  const enrollment = {
    columns: ['SSN', 'First Name', 'Last Name', 'Benefit Type', 'Effective Date', 'Term Date', 'Monthly Premium'],
    rows: coverages.map((c) => [ssnOf(c.member), 'Pat', `Member${c.member}`, c.line === 'MED' ? 'Medical' : 'Dental', '01/01/2025', '', money(c.cents)]),
  };
  // January leaves every 17th member's lines unbilled: their retro charges for January are owed.
  const billedInJanuary = (c: Coverage) => c.member % 17 !== 0;
  const line = (c: Coverage, period: string, cents = c.cents) => [ssnOf(c.member), name(c.member).replaceAll('"', ''), c.line, period, money(cents)];
  const january = { preamble: [['Billing Period:', '01/2026']], columns: ['SSN', 'Member Name', 'Coverage Type', 'Coverage Month', 'Current Premium'], rows: coverages.filter(billedInJanuary).map((c) => line(c, '01/2026')) };
  const truth: string[] = [];
  const current = coverages.map((c) => line(c, '02/2026'));
  const adjustments: string[][] = [];
  for (const c of coverages) {
    if (c.member % 11 === 0) {
      adjustments.push([ssnOf(c.member), name(c.member).replaceAll('"', ''), c.line, '01/2026', 'Retro Add', money(c.cents)]);
      if (billedInJanuary(c)) truth.push(`${pad(100_000_001 + c.member)}|${money(c.cents)}|2026-01`);
    } else if (c.member % 13 === 0) {
      // January again among the current charges, named by the line's own coverage month.
      current.push(line(c, '01/2026'));
      if (billedInJanuary(c)) truth.push(`${pad(100_000_001 + c.member)}|${money(c.cents)}|2026-01`);
    } else if (c.member % 23 === 0) {
      // December: no reconciliation of the carrier knows it, so expected.
      adjustments.push([ssnOf(c.member), name(c.member).replaceAll('"', ''), c.line, '12/2025', 'Retro Add', money(c.cents)]);
    }
  }
  const february = {
    preamble: [['Billing Period:', '02/2026']],
    columns: ['SSN', 'Member Name', 'Coverage Type', 'Coverage Month', 'Current Premium'],
    rows: [...current, ['ADJUSTMENTS'], ['SSN', 'Member Name', 'Coverage Type', 'Adjustment Period', 'Reason', 'Amount'], ...adjustments],
  };
  return { enrollment, january, february, truth };
}

export function retroAlreadyBilledBench(members: number): void {
  console.log(`\n== Charges already billed: two monthly list bills of ${members.toLocaleString('en-US')} members of one carrier`);
  const { enrollment, january, february, truth } = retroBills(members);
  const jan = reconcileInvoice(enrollment, january, RETRO_POINTS);
  const started = performance.now();
  const feb = reconcileInvoice(enrollment, february, RETRO_POINTS, {}, { ledgers: [{ billing_months: jan.totals.billing_months, lines: jan.billed_ledger }] });
  const ms = performance.now() - started;
  const all = [...feb.discrepancies, ...feb.missing];
  const found = all.filter((f) => f.invoice_kind === 'RETRO_ALREADY_BILLED').map((f) => `${f.unique_identifier.replace(/\D/g, '')}|${f.amount.toFixed(2)}|${f.months.join(',')}`);
  const expected = new Set(truth);
  const right = found.filter((f) => expected.has(f)).length;
  const cents = (keys: readonly string[]) => keys.reduce((sum, k) => sum + Math.round(Number(k.split('|')[1]) * 100), 0);
  console.log(`double charges found: ${found.length} of ${truth.length} (${right} with the right member, dollars and month; ${all.length - found.length} other findings)`);
  console.log(`dollars already billed: found $${money(cents(found))}, truth $${money(cents(truth))}; over-billed $${feb.totals.over_billed.toFixed(2)}; earlier invoices unknown: ${feb.totals.earlier_invoices_unknown.join(', ') || 'none'}`);
  console.log(`February's bill (${february.rows.length.toLocaleString('en-US')} rows) reconciled against January's ledger in ${ms.toFixed(0)} ms`);
}

/** The carrier file with the premium of the given rows doubled and $100.00 more and the rows to leave out left out. */
function carrierVariant(pair: GeneratedPair, wrong: ReadonlySet<number>, left: ReadonlySet<number>) {
  const premium = pair.secondary.columns.indexOf('Premium');
  const rows = pair.secondary.rows.flatMap((row, i) => {
    if (left.has(i)) return [];
    if (!wrong.has(i)) return [row];
    const next = [...row];
    next[premium] = (Number(next[premium]) * 2 + 100).toFixed(2);
    return [next];
  });
  return { ...pair.secondary, rows };
}

function identitiesOf(result: ComparisonResult, pointName: ReadonlyMap<string, string>): string[] {
  return [
    ...result.discrepancies.map((d) => findingIdentity({ kind: 'DISCREPANCY', data_point: pointName.get(d.data_point_id), unique_identifier: d.unique_identifier })),
    ...result.missing.map((m) => findingIdentity({ kind: m.kind, side: m.duplicate_side, unique_identifier: m.unique_identifier })),
  ];
}

export function changesSinceBench(rows: number, changes: number): void {
  console.log(`\n== Changes since the previous audit: a ${rows.toLocaleString('en-US')}-row pair audited twice, ${changes} premiums wrong and ${changes} lines left out in each carrier file`);
  const pair = generatePair({ rows, seed: 'since-bench' });
  const asGenerated = compareTablesSync(pair.baseline, pair.secondary, pair.config);
  // Members the generator changed or the engine finds anything about (a repeated id is another member's).
  const memberOf = (key: string | null | undefined) => (key ?? '').split('|')[0]!.replace(/\D/g, '').replace(/^0+/, '');
  const flagged = new Set([...pair.truth.differences.map((d) => memberOf(d.key)), ...asGenerated.discrepancies.map((d) => memberOf(d.unique_identifier)), ...asGenerated.missing.map((m) => memberOf(m.unique_identifier))]);
  const memberColumn = pair.secondary.columns.indexOf('Member ID');
  const seen = new Set<string>();
  // Rows of members the generator changed nothing about, one line per member.
  const clean = pair.secondary.rows.flatMap((row, i) => {
    const member = memberOf(row[memberColumn]);
    if (flagged.has(member) || seen.has(member)) return [];
    seen.add(member);
    return [i];
  });
  if (clean.length < changes * 4) throw new Error(`only ${clean.length} untouched members for ${changes * 4} changes`);
  const [firstWrong, firstLeft, secondWrong, secondLeft] = [0, 1, 2, 3].map((k) => new Set(clean.slice(k * changes, (k + 1) * changes)));
  const pointName = new Map(pair.config.data_points.map((p) => [p.id, p.baseline_column_name]));
  const first = compareTablesSync(pair.baseline, carrierVariant(pair, firstWrong!, firstLeft!), pair.config);
  const second = compareTablesSync(pair.baseline, carrierVariant(pair, secondWrong!, secondLeft!), pair.config);
  const previous = identitiesOf(first, pointName).map((identity) => ({ identity, first_seen_at: '2026-01-01T00:00:00.000Z', dismissed: false }));
  const started = performance.now();
  const { counts } = classifyChanges(identitiesOf(second, pointName), previous, '2026-02-01T00:00:00.000Z');
  const ms = performance.now() - started;
  // Truth: what the second file broke is new, what the first broke and the second has right is fixed,
  // and the findings of the carrier file as generated are in both.
  const truth = { new: changes * 2, still_open: asGenerated.discrepancies.length + asGenerated.missing.length, fixed: changes * 2 };
  const line = (k: keyof typeof truth) => `${counts[k]} (truth ${truth[k]})`;
  console.log(`new ${line('new')}, still open ${line('still_open')}, fixed ${line('fixed')}: ${counts.new === truth.new && counts.still_open === truth.still_open && counts.fixed === truth.fixed ? 'exact' : 'NOT EXACT'}`);
  console.log(`classified ${(first.discrepancies.length + first.missing.length).toLocaleString('en-US')} → ${(second.discrepancies.length + second.missing.length).toLocaleString('en-US')} findings in ${ms.toFixed(1)} ms`);
}
