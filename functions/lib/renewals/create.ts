import { CLIENT_INFORMATION_FIELDS, type RenewalCreate } from '../../../shared/schemas/renewal';
import { db } from '../db/service';
import { chunked, transactWrite } from '../db/transactions';
import { newId } from '../db/attributes';
import { badRequest, conflict } from '../errors';
import { eligibleAssignees } from '../users/read';
import { type CompanyContext, requireAction, type RenewalRecord } from './context';
import { sendOrganizationManaged } from './emails';
import { carrierOf, renewalDetail } from './views';
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
 * on). The renewal's key is its company carrier and month, so a second one for the same month
 * fails the write's condition: 409, nothing left behind.
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
  const tenant = { organization_id: ctx.organizationId, company_id: ctx.companyId };
  const written = await writeRenewal(tenant, body.company_carrier_id, body.year, body.month, {
    createdBy: ctx.caller.user.id,
    organization_managed: body.organization_managed ?? false,
    organization_managed_contact_user_id: body.organization_managed_contact_user_id ?? undefined,
  });
  if (written.outcome === 'exists') throw conflict(duplicateRenewalMessage(carrier.carrierName, body.month, body.year));
  if (written.renewal.organization_managed && written.renewal.organization_managed_contact_user_id) await sendOrganizationManaged(ctx, written.renewal);
  return renewalDetail(ctx, written.renewal);
}

interface Tenant {
  organization_id: string;
  company_id: string;
}

/**
 * Writes a renewal with its task and checklist (see createRenewal), or finds that the company
 * carrier already has one for that month. Shared by people starting a renewal and the daily kickoff.
 */
export async function writeRenewal(
  tenant: Tenant,
  companyCarrierId: string,
  year: number,
  month: string,
  options: { createdBy?: string; organization_managed?: boolean; organization_managed_contact_user_id?: string },
): Promise<{ outcome: 'created' | 'exists'; renewal: RenewalRecord }> {
  const period = renewalPeriod(year, month);
  const key = { ...tenant, company_carrier_id: companyCarrierId, period };
  const existing = (await db().entities.renewal.get(key).go()).data;
  if (existing) return { outcome: 'exists', renewal: existing };
  const { data: catalogue } = await db().entities.companyCarrierPlan.query.byCompanyCarrier({ ...tenant, company_carrier_id: companyCarrierId }).go({ pages: 'all' });
  const plans = catalogue.filter((p) => !p.inactive && !p.disable_renewals);
  const { data: earlier } = await db().entities.renewal.query.byCompanyCarrier({ ...tenant, company_carrier_id: companyCarrierId }).go({ pages: 'all' });
  const last = earlier.filter((r) => r.period < period).sort((a, b) => b.period.localeCompare(a.period))[0];
  const lastPlans = last ? (await db().entities.renewalPlan.query.byRenewal({ ...tenant, renewal_id: last.id }).go({ pages: 'all' })).data : [];

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
  const who = options.createdBy;
  const planRows = plans.map((plan) => {
    const before = lastPlans.find((p) => p.company_carrier_plan_id === plan.id);
    return {
      ...tenant,
      id: newId(),
      renewal_id: id,
      company_carrier_plan_id: plan.id,
      renewing: before?.renewing,
      rates_changing: before?.rates_changing,
      eligibility_changing: before?.eligibility_changing,
      renewal_notes: before?.renewal_notes,
      created_by_user_id: who,
      updated_by_user_id: who,
    };
  });
  // A company carrier may have more plans than one transaction holds (100 items). The checklist
  // rows go first, in transactions of their own, under the new renewal's id, which nothing reads
  // until the renewal exists: the renewal and its task, written last in one small transaction, are
  // what makes the rows part of a renewal. A crash or a lost race before that leaves only rows no
  // read can reach (a lost race removes them again); readers never see a renewal without its rows.
  for (const chunk of chunked(planRows)) await transactWrite(({ renewalPlan }) => chunk.map((row) => renewalPlan.create(row).commit()));
  const { failedConditions } = await transactWrite(({ renewal, task }) => [
    task.create({ ...tenant, id: taskId, task_type: 'RENEWAL' }).commit(),
    renewal
      .create({
        ...carried,
        ...key,
        id,
        task_id: taskId,
        year,
        month,
        organization_managed: options.organization_managed ?? false,
        organization_managed_contact_user_id: options.organization_managed_contact_user_id,
        created_by_user_id: who,
        updated_by_user_id: who,
      })
      .commit(),
  ]);
  // The task has a new id: the only condition that can fail is the renewal's own key, taken
  // meanwhile by someone else (or by the kickoff job).
  if (failedConditions.length) {
    for (const chunk of chunked(planRows)) await transactWrite(({ renewalPlan }) => chunk.map((row) => renewalPlan.delete({ ...tenant, renewal_id: id, id: row.id }).commit()));
  }
  const { data: stored } = await db().entities.renewal.get(key).go({ consistent: true });
  return { outcome: failedConditions.length ? 'exists' : 'created', renewal: stored! };
}
