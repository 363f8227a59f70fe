import { comparisonPath, uploadFile, waitForRun, type Call } from '../../infra/local/api-flow';

/**
 * Two monthly list bills of one company carrier for the same enrollment: February's carries retro
 * charges for January, some for members and lines January's bill already billed, one also for
 * December. Used through the API and in the browser; the dollars are worked out by hand below.
 */
// A csv's rows are as wide as its first table: the adjustments' table has as many columns.
export const csv = (name: string, lines: string[]) => ({ name, bytes: Buffer.from(lines.join('\n'), 'utf8'), contentType: 'text/csv' });

export const ENROLLMENT = [
  'SSN,First Name,Last Name,Benefit Type,Effective Date,Term Date,Monthly Premium',
  '111-11-1111,Ann,Able,Medical,01/01/2025,,612.40',
  '111-11-1111,Ann,Able,Dental,01/01/2025,,41.13',
  '222-22-2222,Bob,Baker,Medical,01/01/2025,,1480.00',
  '333-33-3333,Cy,Cole,Medical,01/01/2025,,1480.00',
  '444-44-4444,Di,Dunn,Dental,01/01/2025,,120.00',
  '555-55-5555,Ed,Eng,Medical,01/01/2025,,612.40',
];

export const JANUARY = [
  'Billing Period:,01/2026',
  'SSN,Member Name,Coverage Type,Plan,Tier,Current Premium',
  '111-11-1111,"ABLE, ANN",MED,,,612.40',
  '111-11-1111,"ABLE, ANN",DEN,,,41.13',
  '222-22-2222,"BAKER, BOB",MED,,,"1,250.00"',
  '333-33-3333,"COLE, CY",MED,,,"1,250.00"',
  '555-55-5555,"ENG, ED",MED,,,612.40',
];

export const FEBRUARY = [
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
export const ALREADY_BILLED = ['1111 MEDICAL 612.40 2026-01', '1111 DENTAL 41.13 2026-01', '3333 MEDICAL 1250.00 2026-01', '5555 MEDICAL 612.40 2026-01'];

/**
 * February's bill of a carrier whose current charges name their own coverage month, some of them
 * January's: those are retro charges for January like the adjustments section's.
 */
export const FEBRUARY_MONTHS_ON_LINES = [
  'Billing Period:,02/2026',
  'SSN,Member Name,Coverage Type,Coverage Month,Current Premium',
  '111-11-1111,"ABLE, ANN",MED,02/2026,612.40',
  '111-11-1111,"ABLE, ANN",DEN,02/2026,41.13',
  // January billed Ann's dental in full: billed again.
  '111-11-1111,"ABLE, ANN",DEN,01/2026,41.13',
  '222-22-2222,"BAKER, BOB",MED,02/2026,"1,480.00"',
  // The tier's difference for January: owed.
  '222-22-2222,"BAKER, BOB",MED,01/2026,230.00',
  '333-33-3333,"COLE, CY",MED,02/2026,"1,480.00"',
  // January not billed before: owed; February the month's premium.
  '444-44-4444,"DUNN, DI",DEN,01/2026 - 02/2026,240.00',
  // January billed Ed in full: half of the line billed again, February the month's premium.
  '555-55-5555,"ENG, ED",MED,01/2026 - 02/2026,"1,224.80"',
];

/* By hand: already billed 41.13 + 612.40 = 653.53; nothing else differs. */
export const ALREADY_BILLED_ON_CURRENT_LINES = ['1111 DENTAL 41.13 2026-01', '5555 MEDICAL 612.40 2026-01'];

export const POINTS = [
  { baseline_column_name: 'SSN', secondary_column_name: 'SSN', is_unique_identifier: true },
  { baseline_column_name: 'Benefit Type', secondary_column_name: 'Coverage Type', is_unique_identifier: true },
  { baseline_column_name: 'Monthly Premium', secondary_column_name: 'Current Premium', is_unique_identifier: false },
  { baseline_column_name: 'Last Name', secondary_column_name: 'Member Name', is_unique_identifier: false },
];

/** Reconciles one bill of the company carrier as an Invoice Reconciliation and waits for its run to succeed. */
export async function reconcileBill(call: Call, companyId: string, name: string, companyCarrierId: string, bill: string[]) {
  const made = await call('POST', `/api/companies/${companyId}/comparisons`, { name, type: 'COMPARE_ONLY', audit_type: 'INVOICE_RECONCILIATION', company_carrier_id: companyCarrierId });
  if (made.status !== 201) throw new Error(`create ${name}: ${made.status} ${JSON.stringify(made.body)}`);
  const base = comparisonPath(companyId, made.body.id);
  await uploadFile(call, base, 'BASELINE', csv('enrollment.csv', ENROLLMENT));
  await uploadFile(call, base, 'SECONDARY', csv(`${name}.csv`, bill));
  const points = await call('PUT', `${base}/data_points`, POINTS);
  if (points.status !== 200) throw new Error(`data points of ${name}: ${points.status} ${JSON.stringify(points.body)}`);
  const started = await call('POST', `${base}/run`);
  if (started.status !== 202) throw new Error(`run ${name}: ${started.status}`);
  const done = await waitForRun(call, base);
  if (done.status !== 'SUCCEEDED') throw new Error(`${name} did not succeed: ${done.status_reason}`);
  return { id: made.body.id as string, base };
}
