/**
 * Counts for dashboards: per-organization stat cards (UX "Overviews") and the Carriers & Plans
 * report at organization, agency and admin level. Counted from the organization-keyed indexes;
 * inactive records are left out. Open comparisons are those not complete; renewals due are those
 * not completed or closed (what the renewals report lists as open); overdue renewals are those whose
 * current step is past its due date (what the renewals lists show as overdue).
 */
import { isAdminUser } from '../../../shared/roles';
import { planIncludes } from '../../../shared/plans';
import type { Caller } from '../tenancy/caller';
import { db } from '../db/service';
import { notFound } from '../errors';
import { organizationInScope } from '../tenancy/scope';
import { isOverdue } from '../renewals/timing';
import { requirePlan } from './access';
import { allCarriers } from './carriers';
import { allOrganizations, organizationIdsOfAgency, organizationsByIds } from './organizations';

async function activeOf<T extends { inactive?: boolean | null }>(promise: Promise<{ data: T[] }>): Promise<T[]> {
  return (await promise).data.filter((r) => !r.inactive);
}

async function organizationContents(organizationId: string) {
  const { entities } = db();
  const [companies, companyCarriers, plans, comparisons, renewals] = await Promise.all([
    activeOf(entities.company.query.byOrganization({ organization_id: organizationId }).go({ pages: 'all' })),
    activeOf(entities.companyCarrier.query.byOrganization({ organization_id: organizationId }).go({ pages: 'all' })),
    activeOf(entities.companyCarrierPlan.query.byOrganization({ organization_id: organizationId }).go({ pages: 'all' })),
    entities.comparison.query.byOrganization({ organization_id: organizationId }).go({ pages: 'all' }),
    entities.renewal.query.byOrganization({ organization_id: organizationId }).go({ pages: 'all' }),
  ]);
  // A carrier or plan of an inactive company (or carrier) does not count, nor its work.
  const companyIds = new Set(companies.map((c) => c.id));
  const carriers = companyCarriers.filter((cc) => companyIds.has(cc.company_id));
  const carrierIds = new Set(carriers.map((cc) => cc.id));
  const renewalsOfActive = renewals.data.filter((r) => companyIds.has(r.company_id));
  const today = new Date();
  return {
    companies,
    companyCarriers: carriers,
    plans: plans.filter((p) => carrierIds.has(p.company_carrier_id)),
    openComparisons: comparisons.data.filter((c) => companyIds.has(c.company_id) && c.step !== 'COMPLETE').length,
    renewalsDue: renewalsOfActive.filter((r) => r.step !== 'COMPLETED' && r.step !== 'CLOSED').length,
    renewalsOverdue: renewalsOfActive.filter((r) => isOverdue(r.step, r.period, today)).length,
  };
}

export interface OrganizationStats {
  organization_id: string;
  name: string;
  plan: string;
  inactive: boolean;
  companies: number;
  company_carriers: number;
  carriers: number;
  plans: number;
  comparisons_open: number;
  renewals_due: number;
  renewals_overdue: number;
}

/** One organization's stat cards, counted as the company overviews count them. */
async function statsOf(o: { id: string; name: string; plan?: string | null; inactive?: boolean | null }): Promise<OrganizationStats> {
  const c = await organizationContents(o.id);
  return {
    organization_id: o.id,
    name: o.name,
    plan: o.plan ?? 'DVP_BASE',
    inactive: o.inactive ?? false,
    companies: c.companies.length,
    company_carriers: c.companyCarriers.length,
    carriers: new Set(c.companyCarriers.map((cc) => cc.carrier_id)).size,
    plans: c.plans.length,
    comparisons_open: c.openComparisons,
    renewals_due: c.renewalsDue,
    renewals_overdue: c.renewalsOverdue,
  };
}

/** GET /api/organizations/{id}/stats: the organization page's cards (404 outside the caller's scope). */
export async function organizationStats(caller: Caller, organizationId: string): Promise<OrganizationStats> {
  return statsOf(await organizationInScope(caller, organizationId));
}

/** GET /api/admin/organizations/stats: the stat cards of every organization, and totals. */
export async function adminOrganizationStats() {
  const organizations = await allOrganizations();
  const items: OrganizationStats[] = await Promise.all(organizations.map(statsOf));
  const sum = (k: keyof OrganizationStats) => items.reduce((n, i) => n + (i[k] as number), 0);
  return {
    items,
    totals: {
      organizations: items.length,
      active_organizations: items.filter((i) => !i.inactive).length,
      companies: sum('companies'),
      company_carriers: sum('company_carriers'),
      plans: sum('plans'),
      comparisons_open: sum('comparisons_open'),
      renewals_due: sum('renewals_due'),
      renewals_overdue: sum('renewals_overdue'),
    },
  };
}

interface CarrierRow {
  carrier_id: string;
  carrier_name: string;
  companies: number;
  company_carriers: number;
  plans: number;
  number_of_eligible: number;
  number_of_enrolled: number;
}

/** The Carriers & Plans report over some organizations: per carrier, per benefit type, and totals. */
async function carrierPlanStats(organizationIds: readonly string[]) {
  const contents = await Promise.all(organizationIds.map(organizationContents));
  const carriers = new Map((await allCarriers()).map((c) => [c.id, c.name]));
  const byCarrier = new Map<string, CarrierRow & { companySet: Set<string> }>();
  const byBenefit = new Map<string, { benefit_type: string; plans: number; number_of_eligible: number; number_of_enrolled: number }>();
  const companyCarrierToCarrier = new Map<string, string>();
  let companies = 0;
  for (const c of contents) {
    companies += c.companies.length;
    for (const cc of c.companyCarriers) {
      companyCarrierToCarrier.set(cc.id, cc.carrier_id);
      const row =
        byCarrier.get(cc.carrier_id) ??
        { carrier_id: cc.carrier_id, carrier_name: carriers.get(cc.carrier_id) ?? '', companies: 0, company_carriers: 0, plans: 0, number_of_eligible: 0, number_of_enrolled: 0, companySet: new Set<string>() };
      row.company_carriers += 1;
      row.companySet.add(cc.company_id);
      byCarrier.set(cc.carrier_id, row);
    }
    for (const p of c.plans) {
      const carrierRow = byCarrier.get(companyCarrierToCarrier.get(p.company_carrier_id) ?? '');
      if (carrierRow) {
        carrierRow.plans += 1;
        carrierRow.number_of_eligible += p.number_of_eligible ?? 0;
        carrierRow.number_of_enrolled += p.number_of_enrolled ?? 0;
      }
      const b = byBenefit.get(p.benefit_type) ?? { benefit_type: p.benefit_type, plans: 0, number_of_eligible: 0, number_of_enrolled: 0 };
      b.plans += 1;
      b.number_of_eligible += p.number_of_eligible ?? 0;
      b.number_of_enrolled += p.number_of_enrolled ?? 0;
      byBenefit.set(p.benefit_type, b);
    }
  }
  const items = [...byCarrier.values()]
    .map(({ companySet, ...row }) => ({ ...row, companies: companySet.size }))
    .sort((a, b) => a.carrier_name.localeCompare(b.carrier_name));
  const benefit_types = [...byBenefit.values()].sort((a, b) => b.plans - a.plans || a.benefit_type.localeCompare(b.benefit_type));
  return {
    items,
    benefit_types,
    totals: {
      organizations: organizationIds.length,
      companies,
      carriers: items.length,
      company_carriers: items.reduce((n, i) => n + i.company_carriers, 0),
      plans: items.reduce((n, i) => n + i.plans, 0),
      number_of_eligible: items.reduce((n, i) => n + i.number_of_eligible, 0),
      number_of_enrolled: items.reduce((n, i) => n + i.number_of_enrolled, 0),
    },
  };
}

/** GET /api/organizations/{id}/company_carrier_plans_stats (403 when the plan lacks carriers). */
export async function organizationCarrierPlanStats(caller: Caller, organizationId: string) {
  const organization = await organizationInScope(caller, organizationId);
  requirePlan(organization, 'carriers');
  return carrierPlanStats([organization.id]);
}

/** GET /api/agencies/{agency_id}/company_carrier_plans_stats: the agency's organizations whose plan has carriers. */
export async function agencyCarrierPlanStats(caller: Caller, agencyId: string) {
  if (!isAdminUser(caller.user) && caller.user.agency_id !== agencyId) throw notFound();
  const { data: agency } = await db().entities.agency.get({ id: agencyId }).go();
  if (!agency) throw notFound();
  const organizations = await organizationsByIds(await organizationIdsOfAgency(agencyId));
  return carrierPlanStats(organizations.filter((o) => !o.inactive && planIncludes(o.plan, 'carriers')).map((o) => o.id));
}

/** GET /api/admin/company_carrier_plans_stats: every active organization whose plan has carriers. */
export async function adminCarrierPlanStats() {
  const organizations = await allOrganizations();
  return carrierPlanStats(organizations.filter((o) => !o.inactive && planIncludes(o.plan, 'carriers')).map((o) => o.id));
}
