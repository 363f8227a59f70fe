/**
 * The checks every hierarchy handler makes, in this order: the tenant (404 when outside the
 * caller's scope or missing), the action (404 when the role may read but not write, as for pages),
 * then the plan (403 with the SPEC §8 message). Plus the optimistic-locking patch every update uses.
 */
import { can, type Action, type ActionTarget } from '../../../shared/permissions/actions';
import { planIncludes, PLAN_FEATURE_MESSAGES, type PlanFeature } from '../../../shared/plans';
import { isAgencyUser } from '../../../shared/roles';
import type { Caller } from '../tenancy/caller';
import { now } from '../db/attributes';
import { isConditionFailure } from '../db/conditions';
import { patchIfUnchanged, type Unchanged } from '../db/optimistic-lock';
import { db } from '../db/service';
import { HttpError, notFound } from '../errors';
import { agencyOrganizationIds, companyInScope, organizationInScope } from '../tenancy/scope';

/** 404 unless the caller may do `action` on `target` (role layer and tenant of shared/permissions). */
export async function requireCan(caller: Caller, action: Action, target: ActionTarget = {}) {
  const scope = isAgencyUser(caller.user) ? { agencyOrganizationIds: await agencyOrganizationIds(caller.user) } : {};
  if (!can(caller.user, action, target, scope)) throw notFound();
}

/** 403 with the exact SPEC §8 message when the organization's plan lacks the feature. */
export function requirePlan(organization: { plan?: string | null }, feature: PlanFeature) {
  if (!planIncludes(organization.plan, feature)) throw new HttpError(403, PLAN_FEATURE_MESSAGES[feature]);
}

/** The organization in scope, for a write of `action` on it. */
export async function organizationForWrite(caller: Caller, organizationId: string, action: Action) {
  const organization = await organizationInScope(caller, organizationId);
  await requireCan(caller, action, { organization_id: organization.id });
  return organization;
}

/** A company and its organization, both in scope, with the carriers feature of its plan. */
export async function companyWithCarriers(caller: Caller, companyId: string, action?: Action) {
  const company = await companyInScope(caller, companyId);
  if (action) await requireCan(caller, action, { organization_id: company.organization_id, company_id: company.id });
  const { data: organization } = await db().entities.organization.get({ id: company.organization_id }).go();
  if (!organization) throw notFound();
  requirePlan(organization, 'carriers');
  return { company, organization };
}

/** Fields of a parsed body split into what to set and what to clear (null means "clear"). */
export function splitFields(fields: Record<string, unknown>) {
  const set: Record<string, unknown> = {};
  const remove: string[] = [];
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (value === null) remove.push(key);
    else set[key] = value;
  }
  return { set, remove };
}

/** The fields of a create body with the empty ones left out (ElectroDB stores no nulls). */
export function present<T extends Record<string, unknown>>(fields: T): { [K in keyof T]: Exclude<T[K], null> } {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null && v !== undefined)) as { [K in keyof T]: Exclude<T[K], null> };
}

// Loosely typed on purpose: the entities differ, the locking convention does not.
/** The patch chain the hierarchy entities share, as far as these writes use it. */
interface Patchable {
  patch(key: Record<string, unknown>): {
    set(values: Record<string, unknown>): PatchChain;
  };
}
interface PatchChain {
  remove(keys: string[]): PatchChain;
  where(condition: Unchanged): PatchChain;
  go(options: { response: 'all_new' }): Promise<{ data: unknown }>;
}

/**
 * Updates a record only if it still carries the `updated_at` the caller read: a stale write is
 * 409 and changes nothing (the condition is part of the same DynamoDB write).
 */
export async function lockedPatch<T>(
  entity: unknown,
  key: Record<string, unknown>,
  fields: Record<string, unknown>,
  updatedAt: string,
): Promise<T> {
  const { set, remove } = splitFields(fields);
  // updated_at is always rewritten (its attribute sets now()), even when only fields are cleared.
  let op = (entity as Patchable).patch(key).set({ ...set, updated_at: now() });
  if (remove.length) op = op.remove(remove);
  return (await patchIfUnchanged(updatedAt, (unchanged) => op.where(unchanged).go({ response: 'all_new' }))) as T;
}

/** A patch without a version check (deactivation), still refusing a record that is gone. */
export async function plainPatch<T>(entity: unknown, key: Record<string, unknown>, fields: Record<string, unknown>): Promise<T> {
  const { set, remove } = splitFields(fields);
  // updated_at is always rewritten (its attribute sets now()), even when only fields are cleared.
  let op = (entity as Patchable).patch(key).set({ ...set, updated_at: now() });
  if (remove.length) op = op.remove(remove);
  try {
    const { data } = await op.go({ response: 'all_new' });
    return data as T;
  } catch (error) {
    if (isConditionFailure(error)) throw notFound();
    throw error;
  }
}
