import type { UpdateEntityItem } from 'electrodb';
import { patchIfUnchanged } from '../db/optimistic-lock';
import { ComparisonStep, isStepReachable } from '../../../shared/comparisons';
import type {
  ComparisonCreate,
  ComparisonListQuery,
  ComparisonResponse,
  ComparisonUpdate,
  ComparisonWithFilesResponse,
} from '../../../shared/schemas/comparison';
import type { ComparisonEntity } from '../db/comparison';
import { recordAudit } from '../audit/record';
import { db } from '../db/service';
import { badRequest, conflict } from '../errors';
import { pageOfQuery } from '../pagination';
import type { Caller } from '../tenancy/caller';
import { assertAssignable } from './assignees';
import { organizationInScope } from '../tenancy/scope';
import { assertEditable, loadComparison, type ComparisonRecord } from './comparison-record';
import { requireAction, type CompanyContext, type CompanyKey } from '../tenancy/company-context';
import { checkDataPointRules, loadDataPoints } from './data-points';
import { matchesByPerson } from '../../../shared/compare/person-fields';
import { setAndRemove } from './edits';
import { deleteComparisonData } from './purge';
import { forgetResultsViews } from '../compare-runs/results-view';
import { filesOf, loadFiles, readFiles } from './records';
import { comparisonView, comparisonWithFilesView } from './views';

interface Page<T> {
  items: T[];
  next: string | null;
}

export const NOT_A_COMPANY_CARRIER = 'Choose a carrier of this company';

/** A comparison audits one of its own company's carriers; a newly named one must be there. */
async function assertCompanyCarrier(ctx: CompanyContext, companyCarrierId: string | null | undefined, current?: string) {
  if (!companyCarrierId || companyCarrierId === current) return;
  const { data } = await db().entities.companyCarrier.get({ organization_id: ctx.organizationId, company_id: ctx.companyId, id: companyCarrierId }).go();
  if (!data) throw badRequest('Invalid request: check company_carrier_id', { company_carrier_id: NOT_A_COMPANY_CARRIER });
}

/** Comparisons (step 1): create, list, show with its files, edit, move between steps, delete. */
export async function createComparison(ctx: CompanyContext, body: ComparisonCreate): Promise<ComparisonWithFilesResponse> {
  await requireAction(ctx, 'comparison.create');
  await assertCompanyCarrier(ctx, body.company_carrier_id);
  const { data } = await db()
    .entities.comparison.create({
      organization_id: ctx.organizationId,
      company_id: ctx.companyId,
      name: body.name,
      type: body.type,
      audit_type: body.audit_type,
      notes: body.notes ?? undefined,
      company_carrier_id: body.company_carrier_id ?? undefined,
      invoice_number: body.invoice_number ?? undefined,
      billing_period: body.billing_period ?? undefined,
      invoice_date: body.invoice_date ?? undefined,
      match_by: body.match_by,
      match_threshold: body.match_threshold,
      step: 'IMPORT_DATA',
      created_by_user_id: ctx.caller.user.id,
      updated_by_user_id: ctx.caller.user.id,
    })
    .go();
  return comparisonWithFilesView(data, { baseline: null, secondary: null });
}

/** Pages of exactly `limit` matches (after filters) unless the query runs out. */
const NEWEST_FIRST = { filtered: true, order: 'desc' } as const;

/** Newest first. The organization index is sorted by created_at; a company's list filters it. */
export async function listCompanyComparisons(ctx: CompanyKey, query: Omit<ComparisonListQuery, 'company_id'>): Promise<Page<ComparisonResponse>> {
  const q = db()
    .entities.comparison.query.byOrganization({ organization_id: ctx.organizationId })
    .where(({ company_id }, { eq }) => eq(company_id, ctx.companyId));
  const result = await pageOfQuery(q, query, NEWEST_FIRST);
  return { items: result.items.map((c) => comparisonView(c)), next: result.next };
}

export async function listOrganizationComparisons(
  caller: Caller,
  organizationId: string,
  query: ComparisonListQuery,
): Promise<Page<ComparisonResponse & { company_name: string | null }>> {
  const organization = await organizationInScope(caller, organizationId);
  const base = db().entities.comparison.query.byOrganization({ organization_id: organization.id });
  const q = query.company_id ? base.where(({ company_id }, { eq }) => eq(company_id, query.company_id!)) : base;
  const [result, companies] = await Promise.all([
    pageOfQuery(q, query, NEWEST_FIRST),
    db().entities.company.query.byOrganization({ organization_id: organization.id }).go({ pages: 'all' }),
  ]);
  const names = new Map(companies.data.map((c) => [c.id, c.name]));
  return { items: result.items.map((c) => ({ ...comparisonView(c), company_name: names.get(c.company_id) ?? null })), next: result.next };
}

export async function getComparison(ctx: CompanyKey, comparisonId: string): Promise<ComparisonWithFilesResponse> {
  // Files are stored under the comparison's id, so both reads go out together; the files of an id
  // that is not a comparison of this company are never answered.
  const [comparison, files] = await Promise.all([loadComparison(ctx, comparisonId), readFiles(ctx, comparisonId)]);
  return comparisonWithFilesView(comparison, filesOf(comparison, files));
}

/** Why a step cannot be entered yet, or null. The run's steps need a successful run. */
async function stepPrecondition(ctx: CompanyContext, comparison: ComparisonRecord, step: ComparisonStep): Promise<string | null> {
  const order = ComparisonStep.values.indexOf(step);
  if (order >= ComparisonStep.values.indexOf('SELECT_DATA_POINTS')) {
    const files = await loadFiles(ctx, comparison);
    if (files.baseline?.status !== 'PARSED' || files.secondary?.status !== 'PARSED') {
      return 'Upload and read both the baseline and the carrier file first.';
    }
    if (order >= ComparisonStep.values.indexOf('MAP_DATA')) {
      const points = await loadDataPoints(ctx, comparison.id);
      const problem = checkDataPointRules(points, matchesByPerson(comparison));
      if (problem) return problem;
    }
  }
  if (order >= ComparisonStep.values.indexOf('VIEW_REPORTS') && comparison.status !== 'SUCCEEDED') {
    return 'Run the comparison first: its reports are available once a run has succeeded.';
  }
  return null;
}

export async function updateComparison(ctx: CompanyContext, comparisonId: string, body: ComparisonUpdate): Promise<ComparisonWithFilesResponse> {
  const comparison = await loadComparison(ctx, comparisonId);
  const { updated_at, step, override, ...fields } = body;
  await requireAction(ctx, step === 'COMPLETE' ? 'comparison.complete' : 'comparison.create');
  // A complete comparison is read-only; completing goes through POST …/complete, which checks the checklist.
  if (comparison.step === 'COMPLETE') throw conflict('This comparison is complete and can no longer be changed.');
  if (step === 'COMPLETE' && step !== comparison.step) {
    throw badRequest('Complete the comparison from its Complete step (POST …/complete), which checks that everything is decided.', {
      step: 'Use the Complete action to complete a comparison',
    });
  }
  await assertAssignable(ctx.company, comparison, fields);
  await assertCompanyCarrier(ctx, fields.company_carrier_id, comparison.company_carrier_id);
  if (step && step !== comparison.step) {
    if (!isStepReachable(step, comparison.step, { override })) {
      throw badRequest(
        step === 'VERIFY_DISCREPANCIES' && !override
          ? `${ComparisonStep.label(step)} can only be reached with an override.`
          : `The comparison cannot move from ${ComparisonStep.label(comparison.step)} to ${ComparisonStep.label(step)}: a step is reachable only when it comes after the current one.`,
        { step: 'This step cannot be reached from the current one' },
      );
    }
    const problem = await stepPrecondition(ctx, comparison, step);
    if (problem) throw badRequest(problem, { step: problem });
  }
  const { set: edits, remove } = setAndRemove(fields);
  const set: UpdateEntityItem<typeof ComparisonEntity> = { ...edits, updated_by_user_id: ctx.caller.user.id };
  if (step && step !== comparison.step) {
    set.step = step;
    if (step === 'COMPLETE') Object.assign(set, { completed_at: new Date().toISOString(), completed_by_user_id: ctx.caller.user.id });
    if (override && step === 'COMPLETE') set.completion_override = true;
  }
  let op = db().entities.comparison.patch({ organization_id: ctx.organizationId, company_id: ctx.companyId, id: comparison.id }).set(set);
  if (remove.length) op = op.remove(remove);
  const data = await patchIfUnchanged(updated_at, (unchanged) => op.where(unchanged).go({ response: 'all_new' }));
  return comparisonWithFilesView(data, await loadFiles(ctx, data));
}

/**
 * Only before completion: every object and record of the comparison, then the comparison itself.
 * The comparison record goes last because its ids are what lead to everything else (the object
 * prefixes, the table partition): if any part fails, the comparison is still listed and a repeated
 * DELETE picks up what remains instead of leaving data nobody can find.
 */
export async function deleteComparison(ctx: CompanyContext, comparisonId: string): Promise<void> {
  const comparison = await loadComparison(ctx, comparisonId);
  await requireAction(ctx, 'comparison.delete');
  assertEditable(comparison);
  await deleteComparisonData({ organizationId: ctx.organizationId, companyId: ctx.companyId, comparisonId: comparison.id });
  await db().entities.comparison.delete({ organization_id: ctx.organizationId, company_id: ctx.companyId, id: comparison.id }).go();
  forgetResultsViews();
  await recordAudit(ctx.caller, { action: 'COMPARISON_DELETED', organization_id: ctx.organizationId, company_id: ctx.companyId, comparison_id: comparison.id, target_type: 'COMPARISON', target_id: comparison.id, target_name: comparison.name });
}
