import { Month } from '../../../shared/carriers';
import { addDays, firstOfMonth } from '../../../shared/renewal-calendar';
import type { RenewalStep } from '../../../shared/renewals';
import type { RenewalPlanningResponse } from '../../../shared/schemas/renewal';
import { db } from '../db/service';
import { isOverdue } from './timing';

/**
 * Renewal planning: for each of the coming months, the company carriers that renew in it (active
 * ones of active companies), their plans with eligible and enrolled counts, the kickoff date, and
 * the renewal if one exists. Read per organization in scope (the caller decides which).
 */
export interface PlanningWindow {
  from: string;
  months: number;
}

export function planningWindow(query: { from?: string; months?: number }, today = new Date()): PlanningWindow {
  return { from: query.from ?? today.toISOString().slice(0, 7), months: query.months ?? 12 };
}

function periods(window: PlanningWindow): Array<{ period: string; year: number; month: Month }> {
  const [y, m] = window.from.split('-').map(Number);
  return Array.from({ length: window.months }, (_, i) => {
    const index = m - 1 + i;
    const year = y + Math.floor(index / 12);
    const month = Month.values[index % 12];
    return { period: `${year}-${String((index % 12) + 1).padStart(2, '0')}`, year, month };
  });
}

export async function renewalPlanning(organizationIds: readonly string[], window: PlanningWindow, today = new Date()): Promise<RenewalPlanningResponse> {
  const e = db().entities;
  const todayDay = today.toISOString().slice(0, 10);
  const months = periods(window).map((p) => ({ ...p, effective_date: firstOfMonth(p.year, p.month), company_carriers: [] as RenewalPlanningResponse['months'][number]['company_carriers'] }));
  const carrierNames = new Map<string, string>();
  for (const organizationId of organizationIds) {
    const { data: organization } = await e.organization.get({ id: organizationId }).go();
    if (!organization || organization.inactive) continue;
    const [{ data: companies }, { data: carriers }, { data: plans }, { data: renewals }] = await Promise.all([
      e.company.query.byOrganization({ organization_id: organizationId }).go({ pages: 'all' }),
      e.companyCarrier.query.byOrganization({ organization_id: organizationId }).go({ pages: 'all' }),
      e.companyCarrierPlan.query.byOrganization({ organization_id: organizationId }).go({ pages: 'all' }),
      e.renewal.query.byOrganization({ organization_id: organizationId }).go({ pages: 'all' }),
    ]);
    const activeCompanies = new Map(companies.filter((c) => !c.inactive).map((c) => [c.id, c]));
    for (const carrier of carriers) {
      const company = activeCompanies.get(carrier.company_id);
      if (!company || carrier.inactive || !carrier.renewal_month || !Month.is(carrier.renewal_month)) continue;
      // A carrier renews every year in its month: each month of the window that is its month holds it once.
      for (const slot of months.filter((m) => m.month === carrier.renewal_month)) {
        if (carrier.end_date && carrier.end_date < slot.effective_date) continue;
        if (!carrierNames.has(carrier.carrier_id)) carrierNames.set(carrier.carrier_id, (await e.carrier.get({ id: carrier.carrier_id }).go()).data?.name ?? 'Unknown carrier');
        const carrierPlans = plans.filter((p) => p.company_carrier_id === carrier.id && !p.inactive);
        const renewal = renewals.find((r) => r.company_carrier_id === carrier.id && r.period === slot.period);
        const days = carrier.renewal_kickoff_days_in_advance ?? 60;
        const kickoffDate = addDays(slot.effective_date, -days);
        slot.company_carriers.push({
          company_carrier_id: carrier.id,
          organization_id: organizationId,
          organization_name: organization.name,
          company_id: company.id,
          company_name: company.name,
          carrier_id: carrier.carrier_id,
          carrier_name: carrierNames.get(carrier.carrier_id)!,
          renewal_kickoff_days_in_advance: days,
          kickoff_date: kickoffDate,
          kickoff_due: !renewal && !carrier.disable_renewals && kickoffDate <= todayDay && todayDay < slot.effective_date,
          renewals_disabled: !!carrier.disable_renewals,
          plans: carrierPlans.map((p) => ({ id: p.id, name: p.name, benefit_type: p.benefit_type, number_of_eligible: p.number_of_eligible ?? null, number_of_enrolled: p.number_of_enrolled ?? null })),
          eligible: carrierPlans.reduce((n, p) => n + (p.number_of_eligible ?? 0), 0),
          enrolled: carrierPlans.reduce((n, p) => n + (p.number_of_enrolled ?? 0), 0),
          renewal: renewal ? { id: renewal.id, step: renewal.step as RenewalStep, overdue: isOverdue(renewal.step, renewal.period, today) } : null,
        });
      }
    }
  }
  return {
    from: window.from,
    months: months.map((m) => {
      const rows = m.company_carriers.sort((a, b) => a.company_name.localeCompare(b.company_name) || a.carrier_name.localeCompare(b.carrier_name));
      return {
        ...m,
        company_carriers: rows,
        totals: {
          company_carriers: rows.length,
          plans: rows.reduce((n, r) => n + r.plans.length, 0),
          eligible: rows.reduce((n, r) => n + r.eligible, 0),
          enrolled: rows.reduce((n, r) => n + r.enrolled, 0),
          renewals_started: rows.filter((r) => r.renewal).length,
          kickoffs_due: rows.filter((r) => r.kickoff_due).length,
        },
      };
    }),
  };
}
