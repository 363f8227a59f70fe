import { daysOpen } from '../../../shared/changes-since';
import type { CarrierAuditsResponse } from '../../../shared/schemas/results';
import { db } from '../db/service';
import { notFound } from '../errors';
import type { Caller } from '../tenancy/caller';
import { companyInScope } from '../tenancy/scope';
import type { ChangesSummary } from './changes-since-previous';

interface AuditSummary {
  finished_at?: string;
  discrepancies?: number;
  missing_in_secondary?: number;
  missing_in_baseline?: number;
  duplicates_in_baseline?: number;
  duplicates_in_secondary?: number;
  changes_since_previous?: ChangesSummary;
}

/**
 * A company carrier's audits over time, read from the comparisons' published summaries only (one
 * query of the company's comparisons; no result is read). Invoice reconciliations have their own
 * history in dollars (functions/lib/invoices/summary.ts) and are left out.
 */
export async function carrierAudits(caller: Caller, companyId: string, companyCarrierId: string, now = new Date()): Promise<CarrierAuditsResponse> {
  const company = await companyInScope(caller, companyId);
  const { data: carrier } = await db().entities.companyCarrier.get({ organization_id: company.organization_id, company_id: company.id, id: companyCarrierId }).go();
  if (!carrier) throw notFound();
  const { data } = await db()
    .entities.comparison.query.byCompany({ organization_id: company.organization_id, company_id: company.id })
    .where((a, op) => `${op.eq(a.company_carrier_id, companyCarrierId)} AND ${op.ne(a.audit_type, 'INVOICE_RECONCILIATION')}`)
    .go({ pages: 'all' });
  const audits = data
    .map((c) => ({ comparison: c, s: (c.summary ?? null) as AuditSummary | null }))
    .filter((a): a is { comparison: (typeof data)[number]; s: AuditSummary } => !!a.s)
    .sort((a, b) => a.comparison.created_at.localeCompare(b.comparison.created_at) || a.comparison.id.localeCompare(b.comparison.id));
  const items = audits.map(({ comparison, s }) => {
    const counts = {
      discrepancies: s.discrepancies ?? 0,
      only_in_baseline: s.missing_in_secondary ?? 0,
      only_at_carrier: s.missing_in_baseline ?? 0,
      duplicates: (s.duplicates_in_baseline ?? 0) + (s.duplicates_in_secondary ?? 0),
    };
    const c = s.changes_since_previous;
    return {
      comparison_id: comparison.id,
      name: comparison.name,
      audit_type: comparison.audit_type,
      finished_at: s.finished_at ?? null,
      ...counts,
      total: counts.discrepancies + counts.only_in_baseline + counts.only_at_carrier + counts.duplicates,
      changes: c
        ? { previous_comparison_id: c.previous_comparison_id, new: c.new, still_open: c.still_open, fixed: c.fixed, oldest_open_first_seen_at: c.oldest_open_first_seen_at }
        : null,
    };
  });
  const latest = items.at(-1);
  const first = latest?.changes?.oldest_open_first_seen_at;
  return {
    items,
    oldest_open: latest && first ? { comparison_id: latest.comparison_id, name: latest.name, first_seen_at: first, days_open: daysOpen(first, now.toISOString()) } : null,
  };
}
