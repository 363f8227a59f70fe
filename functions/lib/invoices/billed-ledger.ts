import { createHash } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { BilledEntry, BilledLedger, EarlierInvoices } from '../../../shared/invoice';
import type { InvoiceTotalsResponse } from '../../../shared/schemas/invoice';
import type { ComparisonRecord } from '../compare-runs/comparison-state';
import type { RunInput } from '../compare-runs/types';
import { db } from '../db/service';
import { openObject, putObject, runKey } from '../storage/objects';

/**
 * What each invoice reconciliation saw billed (shared/invoice/earlier-billing.ts), kept beside its
 * run in S3 so the reconciliation of a later invoice of the same company carrier can tell a retro
 * charge for a month already billed. Members are stored as a one-way hash of their key under the
 * company: the ledger never holds an identifier or a name.
 */
const LEDGER = 'billed-ledger.json.gz';

export const ledgerKey = (run: Pick<RunInput, 'company_id' | 'comparison_id' | 'run_id'>) => runKey(run, LEDGER);

export const memberKeyFor =
  (company: { organization_id: string; company_id: string }) =>
  (key: string): string =>
    createHash('sha256').update(`${company.organization_id}/${company.company_id}/${key}`).digest('base64url').slice(0, 22);

export async function storeBilledLedger(run: RunInput, billingMonths: readonly string[], lines: readonly BilledEntry[]): Promise<void> {
  const ledger: BilledLedger = { billing_months: [...billingMonths], lines: [...lines] };
  await putObject(ledgerKey(run), gzipSync(JSON.stringify(ledger)), 'application/gzip');
}

async function readLedger(key: string): Promise<BilledLedger | null> {
  const object = await openObject(key);
  if (!object) return null;
  return JSON.parse(gunzipSync(await buffer(object.body)).toString('utf8')) as BilledLedger;
}

interface RunSummary {
  run_id?: string;
  finished_at?: string;
  invoice?: InvoiceTotalsResponse;
}

/**
 * The earlier reconciliations of the comparison's company carrier that finished, one per billing
 * period (the latest run when one invoice was reconciled twice), with what each saw billed. A
 * comparison without a company carrier knows none; a reconciliation whose ledger is missing (run
 * before ledgers were kept) is left out, so its months stay unknown rather than guessed.
 */
export async function earlierInvoicesOf(comparison: ComparisonRecord): Promise<EarlierInvoices> {
  const memberKey = memberKeyFor({ organization_id: comparison.organization_id, company_id: comparison.company_id });
  if (!comparison.company_carrier_id) return { ledgers: [], memberKey };
  const { data } = await db()
    .entities.comparison.query.byCompany({ organization_id: comparison.organization_id, company_id: comparison.company_id })
    .where((a, op) => `${op.eq(a.company_carrier_id, comparison.company_carrier_id!)} AND ${op.eq(a.audit_type, 'INVOICE_RECONCILIATION')}`)
    .go({ pages: 'all', attributes: ['id', 'summary', 'company_id'] });
  const latest = new Map<string, { id: string; summary: RunSummary }>();
  for (const other of data) {
    const summary = other.summary as RunSummary | undefined;
    if (other.id === comparison.id || !summary?.invoice || !summary.run_id) continue;
    const period = summary.invoice.billing_period;
    const held = latest.get(period);
    if (!held || (summary.finished_at ?? '') > (held.summary.finished_at ?? '')) latest.set(period, { id: other.id!, summary });
  }
  const ledgers = await Promise.all(
    [...latest.values()].map(({ id, summary }) => readLedger(ledgerKey({ company_id: comparison.company_id, comparison_id: id, run_id: summary.run_id! }))),
  );
  return { ledgers: ledgers.filter((l): l is BilledLedger => l !== null), memberKey };
}
