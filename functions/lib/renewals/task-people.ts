import type { RenewalStep } from '../../../shared/renewals';
import { isConditionFailure } from '../db/conditions';
import { now } from '../db/attributes';
import { db } from '../db/service';
import { badRequest, conflict, notFound } from '../errors';
import { eligibleAssignees } from '../users/read';
import { type CompanyContext, loadTask, refused, renewalOfTask, requireAction, requireSides } from './context';
import { sendAssignment, sendComplete } from './emails';
import { peopleById } from './people';
import { taskAssigneeView, taskOwnerView } from './views';

/** Owners and assignees of a renewal's task: managed by the renewal managers, chosen from the company's eligible people. */

async function requireEligible(ctx: CompanyContext, userId: string) {
  const eligible = (await eligibleAssignees(ctx.company)).items.some((u) => u.id === userId);
  if (!eligible) throw badRequest('Choose someone who works on this company.', { user_id: 'Choose someone who works on this company' });
}

async function openTask(ctx: CompanyContext, taskId: string) {
  const task = await loadTask(ctx, taskId);
  const renewal = await renewalOfTask(ctx, taskId);
  if (task.closed_at || task.completed_at) throw conflict('The renewal is over; its people can no longer be changed.');
  return { task, renewal };
}

export async function addOwner(ctx: CompanyContext, taskId: string, userId: string) {
  await requireAction(ctx, 'renewal.update');
  await openTask(ctx, taskId);
  await requireEligible(ctx, userId);
  try {
    const { data } = await db().entities.taskOwner.create({ organization_id: ctx.organizationId, company_id: ctx.companyId, task_id: taskId, user_id: userId }).go();
    return taskOwnerView(data, (await peopleById([userId])).get(userId) ?? null);
  } catch (error) {
    if (isConditionFailure(error)) throw conflict('This person already owns the task.');
    throw error;
  }
}

export async function removeOwner(ctx: CompanyContext, taskId: string, ownerId: string) {
  await requireAction(ctx, 'renewal.update');
  await openTask(ctx, taskId);
  const { data } = await db().entities.taskOwner.query.byTask({ organization_id: ctx.organizationId, company_id: ctx.companyId, task_id: taskId }).go({ pages: 'all' });
  const owner = data.find((o) => o.id === ownerId);
  if (!owner) throw notFound();
  await db().entities.taskOwner.delete({ organization_id: ctx.organizationId, company_id: ctx.companyId, task_id: taskId, user_id: owner.user_id }).go();
}

export async function addAssignee(ctx: CompanyContext, taskId: string, step: RenewalStep, userId: string) {
  await requireAction(ctx, 'renewal.update');
  const { renewal } = await openTask(ctx, taskId);
  if (step === 'COMPLETED' || step === 'CLOSED') throw badRequest('Assign people to a step that has work in it.', { step: 'Choose a step with work in it' });
  await requireEligible(ctx, userId);
  const { data: current } = await db().entities.taskAssignee.query.byTask({ organization_id: ctx.organizationId, company_id: ctx.companyId, task_id: taskId }).go({ pages: 'all' });
  if (current.some((a) => a.step === step && a.user_id === userId && !a.unassigned_at)) throw conflict('This person is already assigned to the step.');
  const { data } = await db()
    .entities.taskAssignee.create({ organization_id: ctx.organizationId, company_id: ctx.companyId, task_id: taskId, task_type: 'RENEWAL', step, user_id: userId })
    .go();
  await sendAssignment(ctx, renewal, userId, step);
  return taskAssigneeView(data, await peopleById([userId]));
}

type AssigneeChange = 'complete' | 'reopen' | 'unassign';

/**
 * Completing is the assignee's own word or a manager's; reopening and unassigning are a manager's.
 * Each is conditional on the state read, so two clicks at once record it once.
 */
export async function changeAssignee(ctx: CompanyContext, taskId: string, assigneeId: string, change: AssigneeChange) {
  const { renewal } = await openTask(ctx, taskId);
  const key = { organization_id: ctx.organizationId, company_id: ctx.companyId, task_id: taskId, id: assigneeId };
  const { data: assignee } = await db().entities.taskAssignee.get(key).go();
  if (!assignee) throw notFound();
  const own = assignee.user_id === ctx.caller.user.id;
  if (change === 'complete' && own) await requireSides(ctx, renewal);
  else await requireAction(ctx, 'renewal.update');
  if (assignee.unassigned_at) throw refused('This person was taken off the step.');
  if (change === 'complete' && assignee.completed_at) throw refused('This part of the step is already complete.');
  if (change === 'reopen' && !assignee.completed_at) throw refused('This part of the step is not complete.');
  const at = now();
  const op = db().entities.taskAssignee.patch(key);
  const patched =
    change === 'complete'
      ? op.set({ completed_at: at, completed_by_user_id: ctx.caller.user.id }).where((a, o) => o.notExists(a.completed_at))
      : change === 'reopen'
        ? op.remove(['completed_at', 'completed_by_user_id']).where((a, o) => o.exists(a.completed_at))
        : op.set({ unassigned_at: at }).where((a, o) => o.notExists(a.unassigned_at));
  let written;
  try {
    written = (await patched.go({ response: 'all_new' })).data;
  } catch (error) {
    if (isConditionFailure(error)) throw conflict();
    throw error;
  }
  const next = { ...assignee, ...written };
  if (change === 'complete') await sendComplete(ctx, renewal, assignee.step);
  return taskAssigneeView(next, await peopleById([next.user_id, next.completed_by_user_id]));
}
