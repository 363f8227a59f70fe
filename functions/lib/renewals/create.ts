import { CLIENT_INFORMATION_FIELDS, type RenewalCreate } from '../../../shared/schemas/renewal';
import { db } from '../db/service';
import { newId } from '../db/attributes';
import { badRequest, conflict } from '../errors';
import { eligibleAssignees } from '../users/read';
import { type CompanyContext, requireAction } from './context';
import { sendOrganizationManaged } from './emails';
import { carrierOf, carrierPlans, renewalDetail } from './views';
import { renewalPeriod } from './timing';

export const duplicateRenewalMessage = (carrierName: string, month: string, year: number) =>
  `${carrierName} already has a renewal for ${month.charAt(0)}${month.slice(1).toLowerCase()} ${year}. Open it instead of starting another.`;

/** A day one year on (yyyy-MM-dd), keeping the last day of February valid. */
function yearLater(day: string | null | undefined): string | undefined {
  if (!day) return undefined;
  const [y, m, d] = day.split('-').map(Number);
  const next = new Date(Date.UTC(y + 1, m - 1, d));
  if (next.getUTCMonth() !== m - 1) next.setUTCDate(0);
  return next.toISOString().slice(0, 10);
}

/**
 * Starts a renewal: its task, a checklist row per active, renewing plan of the company carrier,
 * and the answers of the last renewal of the same company carrier carried forward (dates one year
 * on), written in one transaction. The renewal's key is its company carrier and month, so a second
 * one for the same month fails the write's condition: 409, nothing written.
 */
export async function createRenewal(ctx: CompanyContext, body: RenewalCreate) {
  await requireAction(ctx, 'renewal.create');
  const carrier = await carrierOf(ctx, body.company_carrier_id);
  if (!carrier.companyCarrier) throw badRequest('Choose a carrier of this company.', { company_carrier_id: 'Choose a carrier of this company' });
  if (carrier.companyCarrier.inactive) throw badRequest('This carrier is inactive for the company.', { company_carrier_id: 'This carrier is inactive' });
  if (body.organization_managed_contact_user_id) {
    const eligible = (await eligibleAssignees(ctx.company)).items.some((u) => u.id === body.organization_managed_contact_user_id);
    if (!eligible) throw badRequest('Choose a contact who works on this company.', { organization_managed_contact_user_id: 'Choose a contact who works on this company' });
  }
  const period = renewalPeriod(body.year, body.month);
  const plans = (await carrierPlans(ctx, body.company_carrier_id)).filter((p) => !p.inactive && !p.disable_renewals);

  const { data: earlier } = await db()
    .entities.renewal.query.byCompanyCarrier({ organization_id: ctx.organizationId, company_id: ctx.companyId, company_carrier_id: body.company_carrier_id })
    .go({ pages: 'all' });
  const last = earlier.filter((r) => r.period < period).sort((a, b) => b.period.localeCompare(a.period))[0];
  const lastPlans = last
    ? (await db().entities.renewalPlan.query.byRenewal({ organization_id: ctx.organizationId, company_id: ctx.companyId, renewal_id: last.id }).go({ pages: 'all' })).data
    : [];

  const carried: Record<string, string> = {};
  if (last) {
    for (const field of CLIENT_INFORMATION_FIELDS) {
      const value = last[field];
      const next = field.endsWith('_date') ? yearLater(value) : value;
      if (next) carried[field] = next;
    }
  }
  const id = newId();
  const taskId = newId();
  const tenant = { organization_id: ctx.organizationId, company_id: ctx.companyId };
  const who = ctx.caller.user.id;
  const result = await db()
    .transaction.write(({ renewal, task, renewalPlan }) => [
      task.create({ ...tenant, id: taskId, task_type: 'RENEWAL' }).commit(),
      renewal
        .create({
          ...tenant,
          ...carried,
          id,
          task_id: taskId,
          company_carrier_id: body.company_carrier_id,
          period,
          year: body.year,
          month: body.month,
          organization_managed: body.organization_managed ?? false,
          organization_managed_contact_user_id: body.organization_managed_contact_user_id ?? undefined,
          created_by_user_id: who,
          updated_by_user_id: who,
        })
        .commit(),
      ...plans.map((plan) => {
        const before = lastPlans.find((p) => p.company_carrier_plan_id === plan.id);
        return renewalPlan
          .create({
            ...tenant,
            renewal_id: id,
            company_carrier_plan_id: plan.id,
            renewing: before?.renewing,
            rates_changing: before?.rates_changing,
            eligibility_changing: before?.eligibility_changing,
            renewal_notes: before?.renewal_notes,
            created_by_user_id: who,
            updated_by_user_id: who,
          })
          .commit();
      }),
    ])
    .go();
  // The task and plans have new ids: the only condition that can fail is the renewal's own key.
  if (result.canceled) throw conflict(duplicateRenewalMessage(carrier.carrierName, body.month, body.year));
  const { data: created } = await db().entities.renewal.get({ ...tenant, company_carrier_id: body.company_carrier_id, period }).go();
  if (created!.organization_managed && created!.organization_managed_contact_user_id) await sendOrganizationManaged(ctx, created!);
  return renewalDetail(ctx, created!);
}
