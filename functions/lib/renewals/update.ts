import {
  checkAdvance,
  checkClose,
  checkItemEdit,
  checkItemStatus,
  checkSendBack,
  dateOrderErrors,
  type MoveCheck,
  type MoveEffects,
  type RenewalSide,
  type ReviewItem,
} from '../../../shared/renewal-workflow';
import { patchIfUnchanged } from '../db/optimistic-lock';
import type { RenewalStep, TaskItemStatus } from '../../../shared/renewals';
import { CLIENT_INFORMATION_FIELDS, type RenewalMove, type RenewalPlanUpdate, type RenewalUpdate } from '../../../shared/schemas/renewal';
import type { UpdateEntityItem, UpdateRemoveEntityItem } from 'electrodb';
import { now } from '../db/attributes';
import type { RenewalEntity } from '../db/renewal';
import { db } from '../db/service';
import { transactWriteOrConflict } from '../db/transactions';
import { fitsOneTransaction, settlePendingPlans } from './pending-plans';
import { badRequest, notFound } from '../errors';
import { eligibleAssignees } from '../users/read';
import { type CompanyContext, loadRenewal, loadRenewalPlans, refused, requireSides, type RenewalRecord } from './context';
import { sendOrganizationManaged } from './emails';
import { carrierPlans, renewalDetail, renewalPlanView, tagDescription } from './views';

const STATUS_FIELDS = {
  client_info_status: 'client_info',
  plans_checklist_status: 'plans_checklist',
  demo_environment_status: 'demo_environment',
} as const satisfies Record<string, ReviewItem>;

const keyOf = (r: RenewalRecord) => ({ organization_id: r.organization_id, company_id: r.company_id, company_carrier_id: r.company_carrier_id, period: r.period });

/** The keys of T a null or an empty answer clears: the ones `split` may remove. */
type Clearable<T> = { [K in keyof T]-?: null extends T[K] ? K : '' extends T[K] ? K : never }[keyof T];

/** Values set and attributes removed (a null or an empty answer clears the field). */
function split<T extends object>(fields: T): { set: { [K in keyof T]?: Exclude<T[K], null> }; remove: Array<Clearable<T>> } {
  const set: { [K in keyof T]?: Exclude<T[K], null> } = {};
  const remove: Array<Clearable<T>> = [];
  for (const k of Object.keys(fields) as Array<keyof T>) {
    const v = fields[k];
    if (v === undefined) continue;
    // A null or '' is only ever held by a key whose type admits it: a Clearable one.
    if (v === null || v === '') remove.push(k as Clearable<T>);
    else set[k] = v as Exclude<T[typeof k], null>;
  }
  return { set, remove };
}

/** Whether a PATCH names a value other than the one stored (the record read into a Map by its keys). */
function changed(before: ReadonlyMap<string, unknown>, key: string, value: unknown): boolean {
  return value !== undefined && (before.get(key) ?? null) !== (value ?? null);
}

/** The rules a PATCH must pass, in the order a user would fix them; throws the first refusal. */
async function checkRenewalPatch(ctx: CompanyContext, renewal: RenewalRecord, body: RenewalUpdate, sides: RenewalSide[]) {
  const step = renewal.step as RenewalStep;
  const before = new Map(Object.entries(renewal));
  const editsClientInfo = CLIENT_INFORMATION_FIELDS.some((f) => changed(before, f, body[f]));
  if (editsClientInfo) {
    const problem = checkItemEdit('client_info', renewal.client_info_status as TaskItemStatus, step, sides);
    if (problem) throw refused(problem);
  }
  if (changed(before, 'demo_environment_notes', body.demo_environment_notes)) {
    const problem = checkItemEdit('demo_environment', renewal.demo_environment_status as TaskItemStatus, step, sides);
    if (problem) throw refused(problem);
  }
  if (changed(before, 'organization_managed', body.organization_managed) || changed(before, 'organization_managed_contact_user_id', body.organization_managed_contact_user_id)) {
    if (!sides.includes('ga')) throw refused('Whether the organization manages the renewal is decided by the GA.');
    if (body.organization_managed_contact_user_id) {
      const eligible = (await eligibleAssignees(ctx.company)).items.some((u) => u.id === body.organization_managed_contact_user_id);
      if (!eligible) throw badRequest('Choose a contact who works on this company.', { organization_managed_contact_user_id: 'Choose a contact who works on this company' });
    }
  }
  for (const [field, item] of Object.entries(STATUS_FIELDS) as Array<[keyof typeof STATUS_FIELDS, ReviewItem]>) {
    const to = body[field];
    if (to === undefined || to === renewal[field]) continue;
    if (step === 'COMPLETED' || step === 'CLOSED') throw refused('The renewal can no longer be changed.');
    const problem = checkItemStatus(item, renewal[field] as TaskItemStatus, to, sides);
    if (problem) throw refused(problem);
  }
  const dates = dateOrderErrors({ ...renewal, ...withoutUndefined(body) } as Parameters<typeof dateOrderErrors>[0]);
  if (Object.keys(dates).length) throw badRequest(Object.values(dates)[0], dates);
}

function withoutUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** PATCH …/renewals/{renewal_id}: answers and statuses, each by the side the workflow gives it to. */
export async function updateRenewal(ctx: CompanyContext, renewalId: string, body: RenewalUpdate) {
  const renewal = await loadRenewal(ctx, renewalId);
  const sides = await requireSides(ctx, renewal);
  await checkRenewalPatch(ctx, renewal, body, sides);
  const { updated_at, ...fields } = body;
  const at = now();
  const stamps: { -readonly [F in keyof typeof STATUS_FIELDS as `${F}_updated_at`]?: string } = {};
  for (const field of Object.keys(STATUS_FIELDS) as Array<keyof typeof STATUS_FIELDS>) {
    if (body[field] !== undefined && body[field] !== renewal[field]) stamps[`${field}_updated_at`] = at;
  }
  const { set, remove } = split({ ...fields, ...stamps, updated_by_user_id: ctx.caller.user.id });
  const written = await lockedRenewalWrite(renewal, set, remove, updated_at);
  const newlyManaged = written.organization_managed && written.organization_managed_contact_user_id && (!renewal.organization_managed || renewal.organization_managed_contact_user_id !== written.organization_managed_contact_user_id);
  if (newlyManaged) await sendOrganizationManaged(ctx, written);
  return renewalDetail(ctx, written);
}

async function lockedRenewalWrite(renewal: RenewalRecord, set: UpdateEntityItem<typeof RenewalEntity>, remove: UpdateRemoveEntityItem<typeof RenewalEntity>, updatedAt: string): Promise<RenewalRecord> {
  let op = db().entities.renewal.patch(keyOf(renewal)).set(set);
  if (remove.length) op = op.remove(remove);
  const data = await patchIfUnchanged(updatedAt, (unchanged) => op.where(unchanged).go({ response: 'all_new' }));
  return { ...renewal, ...data } as RenewalRecord;
}

type Move = 'advance' | 'send_back' | 'close';

function check(move: Move, renewal: RenewalRecord, plans: Awaited<ReturnType<typeof loadRenewalPlans>>, sides: RenewalSide[]): MoveCheck {
  const state = { ...renewal, step: renewal.step as RenewalStep, client_info_status: renewal.client_info_status as TaskItemStatus, plans_checklist_status: renewal.plans_checklist_status as TaskItemStatus, demo_environment_status: renewal.demo_environment_status as TaskItemStatus };
  const planStates = plans.map((p) => ({ ...p, status: p.status as TaskItemStatus }));
  if (move === 'advance') return checkAdvance(state, planStates, sides);
  if (move === 'send_back') return checkSendBack(state, sides);
  return checkClose(state, sides);
}

/**
 * advance / send_back / close: the workflow decides; the step, the item statuses that follow it,
 * the plans, the task's dates and the note are written in one transaction conditional on the
 * version read, so a stale or refused move changes nothing.
 */
export async function moveRenewal(ctx: CompanyContext, renewalId: string, move: Move, body: RenewalMove) {
  const renewal = await loadRenewal(ctx, renewalId);
  const sides = await requireSides(ctx, renewal);
  const plans = await loadRenewalPlans(ctx, renewal.id);
  const verdict = check(move, renewal, plans, sides);
  if (!verdict.ok) throw refused(verdict.message);
  const effects: MoveEffects = verdict.effects;
  const at = now();
  const set: Record<string, unknown> = { step: effects.step, updated_by_user_id: ctx.caller.user.id, updated_at: at };
  for (const field of Object.keys(STATUS_FIELDS) as Array<keyof typeof STATUS_FIELDS>) {
    const to = effects[field];
    if (to && to !== renewal[field]) Object.assign(set, { [field]: to, [`${field}_updated_at`]: at });
  }
  if (effects.go_live) set.go_live_updated_at = at;
  if (effects.completed) set.completed_updated_at = at;
  const tenant = { organization_id: ctx.organizationId, company_id: ctx.companyId };
  const planUpdates = effects.plans_status ? plans.filter((p) => p.status !== 'APPROVED' && p.status !== effects.plans_status) : [];
  const closesTask = effects.completed || effects.step === 'CLOSED';
  // Rows beyond one transaction follow the move (pending-plans.ts), marked on the renewal until done.
  const rowsLater = !fitsOneTransaction(planUpdates.length, 1 + (closesTask ? 1 : 0) + (body.note ? 1 : 0));
  if (rowsLater) set.plans_status_pending = effects.plans_status;
  await transactWriteOrConflict(({ renewal: r, renewalPlan, task, taskNote }) => [
    r.patch(keyOf(renewal)).set(set).where((a, o) => o.eq(a.updated_at, body.updated_at)).commit(),
    ...(rowsLater ? [] : planUpdates).map((p) => renewalPlan.patch({ ...tenant, renewal_id: renewal.id, id: p.id }).set({ status: effects.plans_status!, updated_by_user_id: ctx.caller.user.id }).commit()),
    ...(closesTask ? [task.patch({ ...tenant, id: renewal.task_id }).set(effects.completed ? { completed_at: at } : { closed_at: at }).commit()] : []),
    ...(body.note
      ? [taskNote.create({ ...tenant, task_id: renewal.task_id, task_type: 'RENEWAL', step: renewal.step, user_id: ctx.caller.user.id, notes: body.note, tag_id: 'TASK_NOTE', tag_description: tagDescription('TASK_NOTE') ?? undefined }).commit()]
      : []),
  ]);
  if (rowsLater) await settlePendingPlans({ ...renewal, plans_status_pending: effects.plans_status }, ctx.caller.user.id);
  return renewalDetail(ctx, await loadRenewal(ctx, renewal.id));
}

/** PATCH …/renewal_plans/{id}: the checklist answers (employer) or the plan's review status. */
export async function updateRenewalPlan(ctx: CompanyContext, renewalId: string, planId: string, body: RenewalPlanUpdate) {
  const renewal = await loadRenewal(ctx, renewalId);
  const sides = await requireSides(ctx, renewal);
  const plan = (await loadRenewalPlans(ctx, renewal.id)).find((p) => p.id === planId);
  if (!plan) throw notFound();
  const { updated_at, status, ...answers } = body;
  const before = new Map(Object.entries(plan));
  if (Object.entries(answers).some(([k, v]) => changed(before, k, v))) {
    const problem = checkItemEdit('renewal_plan', plan.status as TaskItemStatus, renewal.step as RenewalStep, sides);
    if (problem) throw refused(problem);
  }
  if (status !== undefined && status !== plan.status) {
    if (renewal.step === 'COMPLETED' || renewal.step === 'CLOSED') throw refused('The renewal can no longer be changed.');
    const problem = checkItemStatus('renewal_plan', plan.status as TaskItemStatus, status, sides);
    if (problem) throw refused(problem);
  }
  const { set, remove } = split({ ...answers, status, updated_by_user_id: ctx.caller.user.id });
  let op = db().entities.renewalPlan.patch({ organization_id: ctx.organizationId, company_id: ctx.companyId, renewal_id: renewal.id, id: plan.id }).set(set);
  if (remove.length) op = op.remove(remove);
  const data = await patchIfUnchanged(updated_at, (unchanged) => op.where(unchanged).go({ response: 'all_new' }));
  const catalogue = await carrierPlans(ctx, renewal.company_carrier_id);
  return renewalPlanView({ ...plan, ...data }, catalogue.find((p) => p.id === plan.company_carrier_plan_id));
}
