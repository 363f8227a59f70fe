import { can, type Action } from '../../../shared/permissions/actions';
import { sidesOf, type RenewalSide } from '../../../shared/renewal-workflow';
import type { CompanyContext } from '../tenancy/company-context';
import { db } from '../db/service';
import { settlePendingPlans } from './pending-plans';
import { HttpError, notFound } from '../errors';
import { accessScope } from '../tenancy/scope';

/**
 * Tenant context of the renewal routes: the company from the path checked against the caller's
 * scope, and every renewal or task read under that company's key, so another tenant's id is a 404.
 */
export type RenewalRecord = NonNullable<Awaited<ReturnType<typeof readRenewalById>>>;
export type RenewalPlanRecord = Awaited<ReturnType<typeof loadRenewalPlans>>[number];

export type { CompanyContext };

async function readRenewalById(id: string) {
  const { data } = await db().entities.renewal.query.byId({ id }).go();
  return data[0] ?? null;
}

export async function loadRenewal(ctx: CompanyContext, renewalId: string) {
  const renewal = await readRenewalById(renewalId);
  if (!renewal || renewal.company_id !== ctx.companyId || renewal.organization_id !== ctx.organizationId) throw notFound();
  // A move cut short while writing its checklist rows is finished before anyone reads or writes on.
  return renewal.plans_status_pending ? settlePendingPlans(renewal) : renewal;
}

export async function loadRenewalPlans(ctx: CompanyContext, renewalId: string) {
  const { data } = await db().entities.renewalPlan.query.byRenewal({ organization_id: ctx.organizationId, company_id: ctx.companyId, renewal_id: renewalId }).go({ pages: 'all' });
  return data;
}

export async function loadTask(ctx: CompanyContext, taskId: string) {
  const { data } = await db().entities.task.get({ organization_id: ctx.organizationId, company_id: ctx.companyId, id: taskId }).go();
  if (!data) throw notFound();
  return data;
}

/** The renewal a task belongs to (each renewal has its own task). */
export async function renewalOfTask(ctx: CompanyContext, taskId: string) {
  const { data } = await db().entities.renewal.query.byCompanyCarrier({ organization_id: ctx.organizationId, company_id: ctx.companyId }).go({ pages: 'all' });
  const renewal = data.find((r) => r.task_id === taskId);
  if (!renewal) throw notFound();
  return renewal;
}

async function mayDo(ctx: CompanyContext, action: Action): Promise<boolean> {
  const scope = await accessScope(ctx.caller);
  return can(ctx.caller.user, action, { organization_id: ctx.organizationId, company_id: ctx.companyId }, scope);
}

/** The sides the caller works on this renewal; none when their role or tenant only reads. */
export async function callerSides(ctx: CompanyContext, renewal: { organization_managed?: boolean | null }): Promise<RenewalSide[]> {
  if (!(await mayDo(ctx, 'renewal.work'))) return [];
  return sidesOf(ctx.caller.user.role, !!renewal.organization_managed);
}

export async function managesPeople(ctx: CompanyContext): Promise<boolean> {
  return mayDo(ctx, 'renewal.update');
}

/** 404 for roles that may not do this at all (a refusal reads like a missing record). */
export async function requireAction(ctx: CompanyContext, action: Action): Promise<void> {
  if (!(await mayDo(ctx, action))) throw notFound();
}

/** The caller works on some side of this renewal, else 404 for readers (they see no writes). */
export async function requireSides(ctx: CompanyContext, renewal: { organization_managed?: boolean | null }): Promise<RenewalSide[]> {
  const sides = await callerSides(ctx, renewal);
  if (!sides.length) throw notFound();
  return sides;
}

/** A rule of the workflow refused the change: 409 with the message naming the blocker or the side that may, nothing written. */
export function refused(message: string): HttpError {
  return new HttpError(409, message);
}
