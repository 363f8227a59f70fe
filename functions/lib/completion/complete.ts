import type { EntityItem, UpdateEntityItem } from 'electrodb';
import type { Role } from '../../../shared/roles';
import { changesSentence } from '../../../shared/changes-since';
import { completionChecklist, isResolved } from '../../../shared/resolution';
import type { Complete, CompleteResponse, CompletionResponse } from '../../../shared/schemas/completion';
import { recordAudit } from '../audit/record';
import { isConditionFailure } from '../db/conditions';
import { loadComparison, type ComparisonRecord } from '../comparisons/comparison-record';
import { requireAction, type CompanyContext } from '../tenancy/company-context';
import { loadFiles } from '../comparisons/records';
import { comparisonView, fileView } from '../comparisons/views';
import type { ComparisonEntity } from '../db/comparison';
import type { DataPointDiscrepancyEntity } from '../db/result-entities';
import { db } from '../db/service';
import { sendEmail } from '../email';
import { badRequest, conflict, HttpError } from '../errors';
import { logger } from '../observability/logger';
import { eligibleAmong } from '../comparisons/assignees';
import { assertNotComplete, comparisonValues, displayName, loadUser } from './common';
import { comparisonUrl } from '../public-url';

/**
 * Completion: the checklist of UX "Complete and export", the COMPLETE step with who and
 * when, the override by a role allowed to, and the COMPARISON_COMPLETE e-mail. A complete
 * comparison is read-only (PATCH and the set-up writes answer 409).
 */

/** Roles that may complete over blockers (decision: the admins of the platform, organization and company). */
export const OVERRIDE_ROLES: readonly Role[] = ['ADMIN', 'ORGANIZATION_ADMIN', 'COMPANY_ADMIN'];

async function allResults(ctx: CompanyContext, comparisonId: string) {
  const key = { company_id: ctx.companyId, comparison_id: comparisonId };
  const [d, m] = await Promise.all([
    db().entities.dataPointDiscrepancy.query.byComparison(key).go({ pages: 'all' }),
    db().entities.missingDiscrepancy.query.byComparison(key).go({ pages: 'all' }),
  ]);
  return { discrepancies: d.data, missing: m.data };
}

/**
 * "Verifier signed off" (decision): a verifier is assigned, no resolution is sent back, and every
 * resolved discrepancy that needs verification (skip_verification not set) was approved by the
 * verifier (verification_status APPROVED, set by the verification step).
 */
function verification(comparison: ComparisonRecord, discrepancies: ReadonlyArray<Pick<EntityItem<typeof DataPointDiscrepancyEntity>, 'verification_status' | 'resolved_discrepancy_type' | 'skip_verification'>>) {
  let awaiting = 0;
  let sentBack = 0;
  for (const d of discrepancies) {
    const status = d.verification_status;
    if (status === 'SENT_BACK') sentBack++;
    else if (isResolved(d) && !d.skip_verification && status !== 'APPROVED') awaiting++;
  }
  const assigned = !!comparison.verifier_user_id;
  return { verifier_assigned: assigned, awaiting_approval: awaiting, sent_back: sentBack, signed_off: assigned && awaiting === 0 && sentBack === 0 };
}

async function checklistOf(ctx: CompanyContext, comparison: ComparisonRecord, override?: boolean) {
  const { discrepancies, missing } = await allResults(ctx, comparison.id);
  const v = verification(comparison, discrepancies);
  const checklist = completionChecklist({ discrepancies, missing, verifierSignedOff: v.signed_off, override });
  return { ...checklist, verification: v };
}

export const mayOverride = (role: unknown) => OVERRIDE_ROLES.includes(role as Role);

/** GET …/completion: the checklist as the Complete step shows it (nothing is written). */
export async function getCompletion(ctx: CompanyContext, comparisonId: string): Promise<CompletionResponse> {
  const comparison = await loadComparison(ctx, comparisonId);
  const checklist = await checklistOf(ctx, comparison);
  return {
    ...checklist,
    complete: comparison.step === 'COMPLETE',
    completed_at: comparison.completed_at ?? null,
    completed_by_user_id: comparison.completed_by_user_id ?? null,
    completion_override: comparison.completion_override ?? false,
    can_override: mayOverride(ctx.caller.user.role),
  };
}

/** POST …/complete. */
export async function completeComparison(ctx: CompanyContext, comparisonId: string, body: Complete): Promise<CompleteResponse> {
  const comparison = await loadComparison(ctx, comparisonId);
  await requireAction(ctx, 'comparison.complete');
  assertNotComplete(comparison);
  if (body.updated_at && body.updated_at !== comparison.updated_at) throw conflict();
  if (comparison.status !== 'SUCCEEDED') {
    throw badRequest('Run the comparison first: a comparison can be completed once a run has succeeded.', { step: 'The comparison has not run' });
  }
  if (body.override && !mayOverride(ctx.caller.user.role)) {
    throw new HttpError(403, 'Only a DMS Admin, an Organization Admin or a Company Admin can complete a comparison over its open items.', {
      override: 'Your role cannot override the checklist',
    });
  }
  const checklist = await checklistOf(ctx, comparison, body.override === true);
  if (!checklist.ok) {
    throw new HttpError(
      400,
      `The comparison cannot be completed yet: ${checklist.blockers.join('; ')}.`,
      { override: mayOverride(ctx.caller.user.role) ? 'Resolve the open items, or complete with an override' : 'Resolve the open items first' },
      { blockers: checklist.blockers, counts: checklist.counts, verification: checklist.verification },
    );
  }
  const now = new Date().toISOString();
  const set: UpdateEntityItem<typeof ComparisonEntity> = {
    step: 'COMPLETE',
    completed_at: now,
    completed_by_user_id: ctx.caller.user.id,
    completion_override: checklist.overridden,
    updated_by_user_id: ctx.caller.user.id,
  };
  const note = body.note?.trim();
  if (note) set.completion_note = note;
  let saved: ComparisonRecord;
  try {
    const { data } = await db()
      .entities.comparison.patch({ organization_id: ctx.organizationId, company_id: ctx.companyId, id: comparison.id })
      .set(set)
      .where((attr, o) => `${o.eq(attr.updated_at, comparison.updated_at)} AND ${o.ne(attr.step, 'COMPLETE')}`)
      .go({ response: 'all_new' });
    saved = data as ComparisonRecord;
  } catch (error) {
    if (isConditionFailure(error)) throw conflict();
    throw error;
  }
  logger.info('comparison completed', { comparisonId: comparison.id, overridden: checklist.overridden, blockers: checklist.blockers.length });
  await recordAudit(ctx.caller, { action: 'COMPARISON_COMPLETED', organization_id: ctx.organizationId, company_id: ctx.companyId, comparison_id: comparison.id, target_type: 'COMPARISON', target_id: comparison.id, target_name: comparison.name, detail: checklist.overridden ? 'OVERRIDE' : null });

  // Only people who can still work on this company's comparisons: an assignment stored before it
  // was checked, or a person who has since moved tenant, must not receive the company's results.
  const ids = [comparison.auditor_user_id, comparison.verifier_user_id, comparison.created_by_user_id];
  const eligible = await eligibleAmong(ctx.company, ids);
  const people = await Promise.all([...eligible].map((id) => loadUser(id)));
  const to = people.filter((p) => p && !p.disabled).map((p) => p!.email);
  await sendEmail({
    type: 'COMPARISON_COMPLETE',
    to,
    scope: { organization_id: ctx.organizationId, company_id: ctx.companyId },
    values: {
      ...comparisonValues(ctx, comparison),
      completed_by_name: displayName(ctx.caller.user),
      completed_at: new Date(now).toUTCString(),
      override_note: checklist.overridden
        ? `It was completed with an override while these items were open: ${checklist.blockers.join('; ')}.${note ? ` Note: ${note}` : ''}`
        : note ? `Note: ${note}` : '',
      changes_since_previous: changesSentence((saved.summary as { changes_since_previous?: Parameters<typeof changesSentence>[0] } | null | undefined)?.changes_since_previous),
      // The Complete step holds the exports and the correction file the e-mail points to.
      comparison_url: comparisonUrl(ctx.companyId, comparison.id, 'COMPLETE'),
    },
  });
  const files = await loadFiles(ctx, saved);
  return {
    comparison: { ...comparisonView(saved), baseline_file: fileView(files.baseline), secondary_file: fileView(files.secondary) },
    overridden: checklist.overridden,
    blockers: checklist.blockers,
    counts: checklist.counts,
  };
}
