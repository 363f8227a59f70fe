import { Month } from '../../../shared/carriers';
import { PlanDocumentCategory } from '../../../shared/columns';
import type { EmailType } from '../../../shared/email-types';
import { RenewalStep } from '../../../shared/renewals';
import { displayName, loadUser } from '../users/person';
import { db } from '../db/service';
import { sendEmail } from '../email';
import { renewalUrl } from '../public-url';
import type { CompanyContext, RenewalRecord } from './context';
import { carrierOf } from './views';

/** The e-mails of a renewal's task: who gets which, with the values its templates may use. */
export { renewalUrl };

async function renewalValues(ctx: CompanyContext, renewal: RenewalRecord) {
  const { carrierName } = await carrierOf(ctx, renewal.company_carrier_id);
  return {
    company_name: ctx.company.name,
    carrier_name: carrierName,
    renewal_month: `${Month.label(renewal.month as Month)} ${renewal.year}`,
    renewal_url: renewalUrl(ctx.companyId, renewal.id),
    sender_name: displayName(ctx.caller.user) || 'A colleague',
  };
}

async function sendTo(ctx: CompanyContext, type: EmailType, userIds: Iterable<string>, values: Record<string, string>) {
  const scope = { organization_id: ctx.organizationId, company_id: ctx.companyId };
  for (const id of new Set(userIds)) {
    const user = await loadUser(id);
    if (!user || user.disabled) continue;
    await sendEmail({ type, to: [user.email], scope, values: { ...values, recipient_name: displayName(user) } });
  }
}

export async function sendAssignment(ctx: CompanyContext, renewal: RenewalRecord, userId: string, step: string) {
  await sendTo(ctx, 'RENEWAL_TASK_ASSIGNMENT', [userId], { ...(await renewalValues(ctx, renewal)), step_name: RenewalStep.label(step as RenewalStep) });
}

/** The people of a task: its owners and its current (not unassigned) assignees. */
async function taskPeople(ctx: CompanyContext, taskId: string): Promise<{ owners: string[]; assignees: string[] }> {
  const key = { organization_id: ctx.organizationId, company_id: ctx.companyId, task_id: taskId };
  const [owners, assignees] = await Promise.all([
    db().entities.taskOwner.query.byTask(key).go({ pages: 'all' }),
    db().entities.taskAssignee.query.byTask(key).go({ pages: 'all' }),
  ]);
  return { owners: owners.data.map((o) => o.user_id), assignees: assignees.data.filter((a) => !a.unassigned_at).map((a) => a.user_id) };
}

/** A note goes to the owners and assignees, never back to its author: that it was added, by whom, and where; never its text. */
export async function sendNote(ctx: CompanyContext, renewal: RenewalRecord, note: { step: string; tag_id?: string | null }) {
  const people = await taskPeople(ctx, renewal.task_id);
  const recipients = [...people.owners, ...people.assignees].filter((id) => id !== ctx.caller.user.id);
  const tag = note.tag_id && PlanDocumentCategory.is(note.tag_id) ? `(Tagged: ${PlanDocumentCategory.label(note.tag_id)})` : '';
  await sendTo(ctx, 'RENEWAL_TASK_NOTE', recipients, {
    ...(await renewalValues(ctx, renewal)),
    step_name: RenewalStep.label(note.step as RenewalStep),
    tag,
  });
}

/** When an assignee completes their part, the owners hear of it. */
export async function sendComplete(ctx: CompanyContext, renewal: RenewalRecord, step: string) {
  const people = await taskPeople(ctx, renewal.task_id);
  await sendTo(ctx, 'RENEWAL_TASK_COMPLETE', people.owners.filter((id) => id !== ctx.caller.user.id), {
    ...(await renewalValues(ctx, renewal)),
    step_name: RenewalStep.label(step as RenewalStep),
    completed_by_name: displayName(ctx.caller.user) || 'A colleague',
  });
}

export async function sendOrganizationManaged(ctx: CompanyContext, renewal: RenewalRecord) {
  if (!renewal.organization_managed_contact_user_id) return;
  await sendTo(ctx, 'RENEWAL_TASK_ORGANIZATION_MANAGED', [renewal.organization_managed_contact_user_id], await renewalValues(ctx, renewal));
}
