import { Month } from '../../../shared/carriers';
import { RenewalStep } from '../../../shared/renewals';
import { displayName, loadUser } from '../users/person';
import { isConditionFailure } from '../db/conditions';
import { db } from '../db/service';
import { sendEmail } from '../email';
import { logger } from '../observability/logger';
import { renewalUrl } from '../public-url';
import type { RenewalRecord } from './context';
import { daysUntil, stepDueDate } from './timing';

/**
 * The daily reminder of late renewal steps: a renewal whose current step is past its due date
 * (stepDueDate) e-mails RENEWAL_STEP_OVERDUE to the renewal's owners and the step's assignees who
 * have not completed their part, at most once a day per step. The day's reminder is claimed by
 * creating its RenewalReminder item under the condition that it does not exist, before anything
 * is sent: of two runs for the same day one sends, and a run that fails half-way does not send
 * again that day (tomorrow's reminder does).
 */
export interface OverdueRemindersResult {
  date: string;
  /** Renewals of active companies whose current step is past its due date on the day. */
  late_steps: number;
  /** Late steps this run reminded people of (the others were reminded already that day, or have nobody to remind). */
  reminded: number;
  /** Reminder e-mails this run sent (one per recipient). */
  emails_sent: number;
  /** Late steps whose reminder this run could not send (the e-mail service refused; tomorrow's run sends it). */
  emails_failed: number;
}

/** How long a day's claim is kept: long enough to see what was sent, then the table's TTL removes it. */
const CLAIM_KEPT_DAYS = 90;
const DAY_MS = 86_400_000;

/** The first day of the month after `date`'s (yyyy-MM): every renewal due before `date` has an earlier period. */
function nextPeriod(date: string): string {
  const d = new Date(`${date.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 1);
  return d.toISOString().slice(0, 7);
}

export async function runOverdueReminders(date: string): Promise<OverdueRemindersResult> {
  const result: OverdueRemindersResult = { date, late_steps: 0, reminded: 0, emails_sent: 0, emails_failed: 0 };
  const day = new Date(`${date}T00:00:00Z`);
  const { data: renewals } = await db().entities.renewal.query.all({}).lt({ period: nextPeriod(date) }).go({ pages: 'all' });
  const active = activeTenants();
  for (const renewal of renewals) {
    const due = stepDueDate(renewal.step, renewal.period);
    if (!due || daysUntil(due, day) >= 0) continue;
    const company = await active.company(renewal.organization_id, renewal.company_id);
    if (!company) continue;
    result.late_steps++;
    const recipients = await stepPeople(renewal);
    if (!recipients.length) continue;
    if (!(await claimDay(renewal, date))) continue;
    result.reminded++;
    const outcome = await remind(renewal, recipients, date, {
      company_name: company.name,
      carrier_name: await active.carrierName(renewal),
      renewal_month: `${Month.label(renewal.month as Month)} ${renewal.year}`,
      step_name: RenewalStep.label(renewal.step as RenewalStep),
      due_date: due,
      days_late: daysLate(-daysUntil(due, day)),
      renewal_url: renewalUrl(renewal.company_id, renewal.id),
    });
    result.emails_sent += outcome.sent;
    if (outcome.failed) result.emails_failed++;
  }
  logger.info('renewal overdue reminders', { ...result });
  return result;
}

const daysLate = (n: number) => `${n} day${n === 1 ? '' : 's'}`;

/** Companies (of active organizations) and carrier names, read once per run. */
function activeTenants() {
  const organizations = new Map<string, Promise<boolean>>();
  const companies = new Map<string, Promise<{ name: string } | null>>();
  const carriers = new Map<string, Promise<string>>();
  const organizationActive = (id: string) => {
    if (!organizations.has(id)) organizations.set(id, db().entities.organization.get({ id }).go().then(({ data }) => !!data && !data.inactive));
    return organizations.get(id)!;
  };
  return {
    company(organizationId: string, companyId: string) {
      if (!companies.has(companyId)) {
        companies.set(
          companyId,
          (async () => {
            if (!(await organizationActive(organizationId))) return null;
            const { data } = await db().entities.company.get({ organization_id: organizationId, id: companyId }).go();
            return data && !data.inactive ? { name: data.name } : null;
          })(),
        );
      }
      return companies.get(companyId)!;
    },
    carrierName(renewal: RenewalRecord) {
      if (!carriers.has(renewal.company_carrier_id)) {
        carriers.set(
          renewal.company_carrier_id,
          (async () => {
            const { data: companyCarrier } = await db().entities.companyCarrier.get({ organization_id: renewal.organization_id, company_id: renewal.company_id, id: renewal.company_carrier_id }).go();
            const carrier = companyCarrier ? (await db().entities.carrier.get({ id: companyCarrier.carrier_id }).go()).data : null;
            return carrier?.name ?? 'Your carrier';
          })(),
        );
      }
      return carriers.get(renewal.company_carrier_id)!;
    },
  };
}

/** The renewal's owners and the current step's assignees still on it and not done with their part. */
async function stepPeople(renewal: RenewalRecord): Promise<string[]> {
  const key = { organization_id: renewal.organization_id, company_id: renewal.company_id, task_id: renewal.task_id };
  const [owners, assignees] = await Promise.all([
    db().entities.taskOwner.query.byTask(key).go({ pages: 'all' }),
    db().entities.taskAssignee.query.byTask(key).go({ pages: 'all' }),
  ]);
  const working = assignees.data.filter((a) => a.step === renewal.step && !a.unassigned_at && !a.completed_at);
  return [...new Set([...owners.data.map((o) => o.user_id), ...working.map((a) => a.user_id)])];
}

const reminderKey = (renewal: RenewalRecord, date: string) => ({ organization_id: renewal.organization_id, company_id: renewal.company_id, renewal_id: renewal.id, step: renewal.step, day: date });

/** Takes the day's reminder of the renewal's step: true for the one run whose create wins. */
async function claimDay(renewal: RenewalRecord, date: string): Promise<boolean> {
  try {
    await db()
      .entities.renewalReminder.create({ ...reminderKey(renewal, date), expires_at: Math.floor((Date.parse(`${date}T00:00:00Z`) + CLAIM_KEPT_DAYS * DAY_MS) / 1000) })
      .go({ response: 'none' });
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

async function remind(renewal: RenewalRecord, recipientIds: string[], date: string, values: Record<string, string>): Promise<{ sent: number; failed: boolean }> {
  let sent = 0;
  try {
    for (const id of recipientIds) {
      const user = await loadUser(id);
      if (!user || user.disabled) continue;
      const messageId = await sendEmail({
        type: 'RENEWAL_STEP_OVERDUE',
        to: [user.email],
        scope: { organization_id: renewal.organization_id, company_id: renewal.company_id },
        values: { ...values, recipient_name: displayName(user) },
      });
      if (!messageId) continue;
      sent++;
      await db().entities.renewalReminder.patch(reminderKey(renewal, date)).add({ sent_to: [id] }).go({ response: 'none' });
    }
    return { sent, failed: false };
  } catch (error) {
    const name = String((error as Error | undefined)?.name ?? 'Error').replace(/[^\w.]/g, '').slice(0, 60) || 'Error';
    // Ids and the error's name only: an SES message may quote an address.
    logger.warn('renewal overdue reminder not sent', { renewal_id: renewal.id, company_id: renewal.company_id, step: renewal.step, sent_before_failure: sent, error: name });
    await db().entities.renewalReminder.patch(reminderKey(renewal, date)).set({ error: name }).go({ response: 'none' });
    return { sent, failed: true };
  }
}
