import { randomUUID } from 'node:crypto';
import { Month } from '../../../shared/carriers';
import { dueRenewal } from '../../../shared/renewal-calendar';
import { displayName, loadUser } from '../users/person';
import { isConditionFailure } from '../db/conditions';
import { now } from '../db/attributes';
import { db } from '../db/service';
import { sendEmail } from '../email';
import { logger } from '../observability/logger';
import { badRequest, conflict } from '../errors';
import { scheduledJobs } from '../../pipeline';
import { type CompanyContext, loadRenewal, loadRenewalPlans, type RenewalRecord, requireAction } from './context';
import { writeRenewal } from './create';
import { renewalUrl } from './emails';
import { effectiveDate } from './timing';
import { carrierOf, carrierPlans, renewalDetail } from './views';

/**
 * The daily renewal kickoff: every active company carrier (of an active company and organization,
 * renewals not disabled) whose kickoff window holds the day gets its renewal, with a checklist row
 * per renewing plan, and RENEWAL_TASK_KICKOFF goes to the company's renewal contact and the
 * carrier's GA contacts. Safe to run again, or after a crash half-way: the renewal's key makes a
 * second create fail its condition, and the e-mail is claimed by a conditional write on the
 * renewal, sent, then marked sent, so two runs at once never both send it, and one that failed
 * (or died) leaves it for the next run: each recipient gets it at least once, and twice only when
 * a run died between SES accepting it and the renewal recording it.
 */
export interface KickoffResult {
  date: string;
  /** Renewals this run created. */
  kicked_off: number;
  /** Kickoff e-mails this run sent (one per recipient). */
  emails_sent: number;
  /** Renewals whose kickoff e-mail this run could not send (the reason is on the renewal; the next run tries again). */
  emails_failed: number;
  /** Company carriers whose kickoff window holds the day (whether or not this run created them). */
  due: number;
}

export async function runRenewalKickoff(date: string): Promise<KickoffResult> {
  const e = db().entities;
  const result: KickoffResult = { date, kicked_off: 0, emails_sent: 0, emails_failed: 0, due: 0 };
  const { data: organizations } = await e.organization.query.all({}).go({ pages: 'all' });
  for (const organization of organizations.filter((o) => !o.inactive)) {
    const [{ data: companies }, { data: carriers }, { data: plans }] = await Promise.all([
      e.company.query.byOrganization({ organization_id: organization.id }).go({ pages: 'all' }),
      e.companyCarrier.query.byOrganization({ organization_id: organization.id }).go({ pages: 'all' }),
      e.companyCarrierPlan.query.byOrganization({ organization_id: organization.id }).go({ pages: 'all' }),
    ]);
    const activeCompanies = new Map(companies.filter((c) => !c.inactive).map((c) => [c.id, c]));
    for (const carrier of carriers) {
      const company = activeCompanies.get(carrier.company_id);
      if (!company || carrier.inactive || carrier.disable_renewals || !carrier.renewal_month || !Month.is(carrier.renewal_month)) continue;
      if (carrier.end_date && carrier.end_date <= date) continue;
      const renewing = plans.filter((p) => p.company_carrier_id === carrier.id && !p.inactive && !p.disable_renewals);
      if (!renewing.length) continue;
      const due = dueRenewal(date, carrier.renewal_month, carrier.renewal_kickoff_days_in_advance ?? 60);
      if (!due) continue;
      result.due++;
      const tenant = { organization_id: organization.id, company_id: company.id };
      const { outcome, renewal } = await writeRenewal(tenant, carrier.id, due.year, due.month, {});
      if (outcome === 'created') result.kicked_off++;
      const recipients = [company.renewal_contact_user_id, carrier.ga_eligibility_contact_user_id, carrier.ga_audit_contact_user_id];
      const kickoff = await sendKickoffOnce(renewal, recipients, {
        company_name: company.name,
        carrier_name: await carrierName(carrier.carrier_id),
        renewal_month: `${Month.label(due.month)} ${due.year}`,
        effective_date: due.effectiveDate,
        plan_names: renewing.map((p) => p.name).sort().join(', '),
        renewal_url: renewalUrl(company.id, renewal.id),
      });
      result.emails_sent += kickoff.sent;
      if (kickoff.failed) result.emails_failed++;
    }
  }
  logger.info('renewal kickoff', { ...result });
  return result;
}

const carrierNames = new Map<string, string>();
async function carrierName(id: string): Promise<string> {
  if (!carrierNames.has(id)) carrierNames.set(id, (await db().entities.carrier.get({ id }).go()).data?.name ?? 'Your carrier');
  return carrierNames.get(id)!;
}

const renewalKey = (r: RenewalRecord) => ({ organization_id: r.organization_id, company_id: r.company_id, company_carrier_id: r.company_carrier_id, period: r.period });

/**
 * How long a claim holds: a run that claimed the e-mail has ended by the job's own time limit (the
 * admin route's is shorter still), so a claim older than that was left by a run that died.
 */
export const KICKOFF_CLAIM_LEASE_MS = scheduledJobs.find((j) => j.name === 'RenewalKickoff')!.timeoutSeconds * 1000;

/**
 * Takes the renewal's kickoff e-mail for this run: a conditional write that only one run wins, and
 * only while the e-mail is unsent and not claimed by a run still within its lease. Answers the
 * renewal as claimed, or null when the e-mail is sent or another run holds it.
 */
async function claimKickoff(renewal: RenewalRecord): Promise<(RenewalRecord & { kickoff_claim_id: string }) | null> {
  const claimId = randomUUID();
  const claimedAt = new Date();
  const expired = new Date(claimedAt.getTime() - KICKOFF_CLAIM_LEASE_MS).toISOString();
  try {
    const { data } = await db()
      .entities.renewal.patch(renewalKey(renewal))
      .set({ kickoff_claim_id: claimId, kickoff_claimed_at: claimedAt.toISOString() })
      .where((a, op) => `${op.notExists(a.kickoff_sent_at)} AND (${op.notExists(a.kickoff_claimed_at)} OR ${op.lt(a.kickoff_claimed_at, expired)})`)
      .go({ response: 'all_new' });
    return { ...renewal, ...data, kickoff_claim_id: claimId };
  } catch (error) {
    if (isConditionFailure(error)) return null;
    throw error;
  }
}

/** Ends this run's claim: sent (the error cleared), or released with the reason it was not. A claim taken over meanwhile is left alone. */
async function settleKickoff(renewal: RenewalRecord, claimId: string, outcome: { sent: true } | { error: string }): Promise<void> {
  const patch = db().entities.renewal.patch(renewalKey(renewal));
  const written = 'sent' in outcome ? patch.set({ kickoff_sent_at: now() }).remove(['kickoff_claim_id', 'kickoff_claimed_at', 'kickoff_error']) : patch.set({ kickoff_error: outcome.error }).remove(['kickoff_claim_id', 'kickoff_claimed_at']);
  await written
    .where((a, op) => op.eq(a.kickoff_claim_id, claimId))
    .go({ response: 'none' })
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
}

/** What a user is told, from the sender's error: its name only (an SES message may quote an address). */
export function kickoffErrorMessage(error: unknown): string {
  const name = String((error as Error | undefined)?.name ?? 'Error').replace(/[^\w.]/g, '').slice(0, 60) || 'Error';
  return `kickoff e-mail not sent: the e-mail service answered ${name}. The next daily run sends it again.`;
}

/**
 * Claims the renewal's kickoff e-mail, sends it to each recipient not yet sent to (each send
 * recorded on the renewal as it goes), then marks it sent; on a failure releases the claim with
 * the reason, shown on the renewal, for the next run. Answers the e-mails sent.
 */
async function sendKickoffOnce(renewal: RenewalRecord, recipientIds: Array<string | null | undefined>, values: Record<string, string>): Promise<{ sent: number; failed: boolean }> {
  const claimed = await claimKickoff(renewal);
  if (!claimed) return { sent: 0, failed: false };
  const already = new Set(claimed.kickoff_sent_to ?? []);
  // Counted as each goes, so a failure half-way still counts the ones sent before it.
  let sent = 0;
  try {
    await sendKickoff(claimed, recipientIds, values, {
      skip: already,
      onSent: async (userId) => {
        sent++;
        await db().entities.renewal.patch(renewalKey(renewal)).add({ kickoff_sent_to: [userId] }).go({ response: 'none' });
      },
    });
  } catch (error) {
    const message = kickoffErrorMessage(error);
    // Ids and the error's name only: never an address.
    logger.warn('renewal kickoff e-mail not sent', { renewal_id: renewal.id, company_id: renewal.company_id, sent_before_failure: sent, error: (error as Error)?.name });
    await settleKickoff(renewal, claimed.kickoff_claim_id, { error: message });
    return { sent, failed: true };
  }
  await settleKickoff(renewal, claimed.kickoff_claim_id, { sent: true });
  return { sent, failed: false };
}

export async function sendKickoff(
  renewal: RenewalRecord,
  recipientIds: Array<string | null | undefined>,
  values: Record<string, string>,
  track: { skip?: Set<string>; onSent?: (userId: string) => Promise<unknown> } = {},
): Promise<number> {
  let sent = 0;
  for (const id of new Set(recipientIds.filter((x): x is string => !!x))) {
    if (track.skip?.has(id)) continue;
    const user = await loadUser(id);
    if (!user || user.disabled) continue;
    const messageId = await sendEmail({
      type: 'RENEWAL_TASK_KICKOFF',
      to: [user.email],
      scope: { organization_id: renewal.organization_id, company_id: renewal.company_id },
      values: { ...values, recipient_name: displayName(user) },
    });
    if (messageId) {
      sent++;
      await track.onSent?.(id);
    }
  }
  return sent;
}

/** "Resend kickoff": the kickoff e-mail again, counted on the renewal (an atomic add, so two clicks count two). */
export async function resendKickoff(ctx: CompanyContext, renewalId: string) {
  await requireAction(ctx, 'renewal.update');
  const renewal = await loadRenewal(ctx, renewalId);
  if (renewal.step === 'COMPLETED' || renewal.step === 'CLOSED') throw conflict('The renewal is over; there is nothing to kick off.');
  const { companyCarrier, carrierName: name } = await carrierOf(ctx, renewal.company_carrier_id);
  const plans = await loadRenewalPlans(ctx, renewal.id);
  const catalogue = await carrierPlans(ctx, renewal.company_carrier_id);
  const names = plans.map((p) => catalogue.find((c) => c.id === p.company_carrier_plan_id)?.name).filter((n): n is string => !!n);
  const sent = await sendKickoff(renewal, [ctx.company.renewal_contact_user_id, companyCarrier?.ga_eligibility_contact_user_id, companyCarrier?.ga_audit_contact_user_id], {
    company_name: ctx.company.name,
    carrier_name: name,
    renewal_month: `${Month.label(renewal.month as Month)} ${renewal.year}`,
    effective_date: effectiveDate(renewal.period),
    plan_names: names.sort().join(', '),
    renewal_url: renewalUrl(ctx.companyId, renewal.id),
  });
  if (!sent) throw badRequest('Nobody would receive the kickoff: set the company’s renewal contact or the carrier’s GA contacts first.');
  const { data } = await db()
    .entities.renewal.patch(renewalKey(renewal))
    .add({ resent_kickoff_counter: 1 })
    .set({ last_resent_kickoff_at: now(), updated_by_user_id: ctx.caller.user.id })
    .go({ response: 'all_new' });
  return renewalDetail(ctx, { ...renewal, ...data });
}
