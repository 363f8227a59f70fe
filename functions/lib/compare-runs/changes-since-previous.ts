import type { ComparisonResult, DataPointDiscrepancyRecord, MissingDiscrepancyRecord } from '../../../shared/compare';
import type { InvoiceMoney } from '../../../shared/invoice';
import { classifyChanges, findingIdentity, isDismissedDiscrepancy, isDismissedMissing, type PreviousFinding } from '../../../shared/changes-since';
import { db } from '../db/service';
import type { ComparisonRecord } from './comparison-state';
import type { ConfigSnapshot } from './config';
import { fixedId, type FindingChange } from './results-store';
import type { RunInput } from './types';

/**
 * The run's findings against the previous comparison of the same company carrier (docs/compare.md
 * "Changes since the previous comparison"), worked out while the run saves: two queries of the
 * previous run's findings and one pass keyed by identity, never a query per finding. What it
 * answers goes into the run's own result items and summary, so reads only read.
 */

/** What the summary keeps (the counts the API answers without reading a list). */
export interface ChangesSummary {
  previous_comparison_id: string | null;
  previous_comparison_name: string | null;
  previous_run_id: string | null;
  /** This run's time: the first sighting of its new findings, and what days open count to. */
  seen_at: string;
  new: number;
  still_open: number;
  fixed: number;
  oldest_open_first_seen_at: string | null;
}

type Put = { PutRequest: { Item: Record<string, unknown> } };

const summaryRunId = (comparison: { summary?: unknown }) => {
  const runId = (comparison.summary as { run_id?: unknown } | null | undefined)?.run_id;
  return typeof runId === 'string' && runId ? runId : null;
};

/** Data point id → its baseline column's name, from a run's summary or configuration snapshot. */
function pointNames(points: ReadonlyArray<{ id: string; baseline_column_name?: string }>): Map<string, string> {
  return new Map(points.map((p) => [p.id, p.baseline_column_name ?? p.id]));
}

/**
 * The comparison of the same company carrier and audit type created last before this one whose
 * run finished (its summary published). Re-running an older comparison does not make it "previous"
 * to a newer one: the order is the order the audits were made in.
 */
export async function previousComparison(comparison: ComparisonRecord): Promise<ComparisonRecord | null> {
  const carrier = comparison.company_carrier_id;
  if (!carrier) return null;
  const { data } = await db()
    .entities.comparison.query.byCompany({ organization_id: comparison.organization_id, company_id: comparison.company_id })
    .where((a, op) => `${op.eq(a.company_carrier_id, carrier)} AND ${op.eq(a.audit_type, comparison.audit_type)}`)
    .go({ pages: 'all' });
  const before = (c: ComparisonRecord) => c.created_at < comparison.created_at || (c.created_at === comparison.created_at && c.id < comparison.id);
  const candidates = data.filter((c) => c.id !== comparison.id && before(c) && summaryRunId(c));
  candidates.sort((a, b) => (a.created_at === b.created_at ? a.id.localeCompare(b.id) : a.created_at.localeCompare(b.created_at)));
  return candidates.at(-1) ?? null;
}

type Money = Partial<InvoiceMoney>;
const discrepancyIdentity = (d: Pick<DataPointDiscrepancyRecord, 'unique_identifier'> & Money, dataPoint: string | undefined) =>
  findingIdentity({ kind: 'DISCREPANCY', data_point: dataPoint, unique_identifier: d.unique_identifier, invoice_kind: d.invoice_kind, coverage_line: d.coverage_line });
const missingIdentity = (m: { kind: string; side?: string | null; unique_identifier?: string | null } & Money) =>
  findingIdentity({ kind: m.kind, side: m.side, unique_identifier: m.unique_identifier, invoice_kind: m.invoice_kind, coverage_line: m.coverage_line });

/** The previous run's findings, each with its identity and what a FIXED copy of it keeps. */
async function previousFindings(previous: ComparisonRecord, runId: string) {
  const { dataPointDiscrepancy, missingDiscrepancy } = db().entities;
  const key = { company_id: previous.company_id, comparison_id: previous.id };
  const [discrepancies, missing] = await Promise.all([
    dataPointDiscrepancy.query.byComparison(key).where((a, op) => op.eq(a.run_id, runId)).go({ pages: 'all' }),
    missingDiscrepancy.query.byComparison(key).where((a, op) => op.eq(a.run_id, runId)).go({ pages: 'all' }),
  ]);
  const names = pointNames((previous.summary as { data_points?: Array<{ id: string; baseline_column_name?: string }> }).data_points ?? []);
  const person = (f: { unique_identifier: string; first_name?: string; last_name?: string; full_name?: string; relationship?: string }) => ({
    unique_identifier: f.unique_identifier,
    first_name: f.first_name,
    last_name: f.last_name,
    full_name: f.full_name,
    relationship: f.relationship,
  });
  const money = (f: Money & { months?: string[] }) =>
    f.invoice_kind ? { invoice_kind: f.invoice_kind, amount: f.amount ?? undefined, months: f.months, coverage_line: f.coverage_line ?? undefined } : {};
  type Previous = PreviousFinding & { copy: Record<string, unknown> };
  const found: Previous[] = [
    ...discrepancies.data.map((d) => ({
      identity: discrepancyIdentity(d, names.get(d.data_point_id)),
      first_seen_at: d.first_seen_at,
      dismissed: isDismissedDiscrepancy(d),
      copy: {
        previous_finding_id: d.id,
        kind: 'DISCREPANCY',
        data_point_name: names.get(d.data_point_id),
        baseline_value: d.baseline_value,
        secondary_value: d.secondary_value,
        ...person(d),
        suggested_type: d.suggested_type,
        resolved_discrepancy_type: d.resolved_discrepancy_type,
        ...money(d),
      },
    })),
    ...missing.data.map((m) => ({
      identity: missingIdentity(m),
      first_seen_at: m.first_seen_at,
      dismissed: isDismissedMissing(m),
      copy: { previous_finding_id: m.id, kind: m.kind, side: m.side, ...person(m), resolved_discrepancy_type: m.resolved_discrepancy_type, ...money(m) },
    })),
  ];
  return found;
}

export interface RunChanges {
  findings: { discrepancies: FindingChange[]; missing: FindingChange[] };
  /** Put requests of the run's FIXED copies. */
  fixed: Put[];
  summary: ChangesSummary;
}

/** Classifies the run's findings; `seenAt` is the run's time. */
export async function changesSincePrevious(
  run: RunInput,
  comparison: ComparisonRecord,
  result: Pick<ComparisonResult, 'discrepancies' | 'missing'> & {
    discrepancies: readonly (DataPointDiscrepancyRecord & Money)[];
    missing: readonly (MissingDiscrepancyRecord & Money)[];
  },
  snapshot: Pick<ConfigSnapshot, 'columns'>,
  seenAt = new Date().toISOString(),
): Promise<RunChanges> {
  const previous = await previousComparison(comparison);
  const previousRunId = previous ? summaryRunId(previous) : null;
  const before = previous && previousRunId ? await previousFindings(previous, previousRunId) : null;
  const names = pointNames(Object.entries(snapshot.columns).map(([id, c]) => ({ id, baseline_column_name: c.baseline_column_name })));
  const identities = [
    ...result.discrepancies.map((d) => discrepancyIdentity(d, names.get(d.data_point_id))),
    ...result.missing.map((m) => missingIdentity({ ...m, side: m.duplicate_side })),
  ];
  const previousSeenAt = (previous?.summary as { finished_at?: string } | undefined)?.finished_at ?? null;
  const classified = classifyChanges(identities, before, seenAt, previousSeenAt);
  const { fixedFinding } = db().entities;
  const fixed = classified.fixed.map((f, i) => {
    const params = fixedFinding
      .put({
        organization_id: run.organization_id,
        company_id: run.company_id,
        comparison_id: run.comparison_id,
        run_id: run.run_id,
        id: fixedId(run.run_id, i),
        previous_comparison_id: previous!.id,
        first_seen_at: f.first_seen_at || previousSeenAt || undefined,
        ...(f.copy as { previous_finding_id: string; kind: string; unique_identifier: string }),
      })
      .params() as { Item: Record<string, unknown> };
    return { PutRequest: { Item: params.Item } };
  });
  return {
    findings: { discrepancies: classified.current.slice(0, result.discrepancies.length), missing: classified.current.slice(result.discrepancies.length) },
    fixed,
    summary: {
      previous_comparison_id: previous?.id ?? null,
      previous_comparison_name: previous?.name ?? null,
      previous_run_id: previousRunId,
      seen_at: seenAt,
      ...classified.counts,
      oldest_open_first_seen_at: classified.oldest_open_first_seen_at,
    },
  };
}
