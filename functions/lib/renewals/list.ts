import { isAdminUser } from '../../../shared/roles';
import type { RenewalSummaryResponse } from '../../../shared/schemas/renewal';
import type { Caller } from '../tenancy/caller';
import type { CompanyContext } from '../tenancy/company-context';
import { db } from '../db/service';
import { notFound } from '../errors';
import { pageOfArray, type PageRequest } from '../pagination';
import { organizationInScope } from '../tenancy/scope';
import type { RenewalRecord } from './context';
import { peopleById } from './people';
import { renewalPeriod, isOverdue } from './timing';
import { renewalSummary } from './views';

export interface RenewalFilters extends PageRequest {
  year?: number;
  month?: string;
  step?: string;
  state?: 'open' | 'overdue' | 'completed' | 'closed';
  status?: string;
  company_id?: string;
  company_carrier_id?: string;
  carrier_id?: string;
}

function matches(r: RenewalRecord, f: RenewalFilters, today: Date): boolean {
  if (f.year !== undefined && r.year !== f.year) return false;
  if (f.month && r.month !== f.month) return false;
  if (f.step && r.step !== f.step) return false;
  if (f.company_id && r.company_id !== f.company_id) return false;
  if (f.company_carrier_id && r.company_carrier_id !== f.company_carrier_id) return false;
  if (f.state === 'open' && (r.step === 'COMPLETED' || r.step === 'CLOSED')) return false;
  if (f.state === 'completed' && r.step !== 'COMPLETED') return false;
  if (f.state === 'closed' && r.step !== 'CLOSED') return false;
  if (f.state === 'overdue' && !isOverdue(r.step, r.period, today)) return false;
  if (f.status && ![r.client_info_status, r.plans_checklist_status, r.demo_environment_status].includes(f.status)) return false;
  return true;
}

/**
 * Renewals as list rows: filtered, latest renewal month first, one page, each named with its
 * company, carrier and owners (read for the page's rows only).
 */
async function summaries(records: RenewalRecord[], filters: RenewalFilters) {
  const today = new Date();
  const e = db().entities;
  let kept = records.filter((r) => matches(r, filters, today)).sort((a, b) => b.period.localeCompare(a.period) || a.id.localeCompare(b.id));
  if (filters.carrier_id) {
    const carrierOf = new Map<string, string | undefined>();
    for (const r of kept) {
      if (!carrierOf.has(r.company_carrier_id)) {
        carrierOf.set(r.company_carrier_id, (await e.companyCarrier.get({ organization_id: r.organization_id, company_id: r.company_id, id: r.company_carrier_id }).go()).data?.carrier_id);
      }
    }
    kept = kept.filter((r) => carrierOf.get(r.company_carrier_id) === filters.carrier_id);
  }
  const page = pageOfArray(kept, filters);
  const companyIds = [...new Set(page.items.map((r) => r.company_id))];
  const companies = new Map<string, string>();
  for (const id of companyIds) companies.set(id, (await e.company.query.byId({ id }).go()).data[0]?.name ?? 'Unknown company');
  const carriers = new Map<string, { carrierId: string; carrierName: string }>();
  const carrierNames = new Map<string, string>();
  for (const r of page.items) {
    if (carriers.has(r.company_carrier_id)) continue;
    const { data: cc } = await e.companyCarrier.get({ organization_id: r.organization_id, company_id: r.company_id, id: r.company_carrier_id }).go();
    const carrierId = cc?.carrier_id ?? '';
    if (carrierId && !carrierNames.has(carrierId)) carrierNames.set(carrierId, (await e.carrier.get({ id: carrierId }).go()).data?.name ?? 'Unknown carrier');
    carriers.set(r.company_carrier_id, { carrierId, carrierName: carrierNames.get(carrierId) ?? 'Unknown carrier' });
  }
  const owners = new Map<string, string[]>();
  for (const r of page.items) {
    const { data } = await e.taskOwner.query.byTask({ organization_id: r.organization_id, company_id: r.company_id, task_id: r.task_id }).go({ pages: 'all' });
    owners.set(r.id, data.map((o) => o.user_id));
  }
  const people = await peopleById([...owners.values()].flat());
  const items: RenewalSummaryResponse[] = page.items.map((r) =>
      renewalSummary(
        r,
        {
          companyName: companies.get(r.company_id) ?? 'Unknown company',
          ...(carriers.get(r.company_carrier_id) ?? { carrierId: '', carrierName: 'Unknown carrier' }),
          owners: (owners.get(r.id) ?? []).flatMap((id) => (people.has(id) ? [people.get(id)!] : [])),
        },
        today,
      ),
    );
  return { items, next: page.next };
}

export async function listCompanyRenewals(ctx: CompanyContext, filters: RenewalFilters) {
  const { data } = await db().entities.renewal.query.byCompanyCarrier({ organization_id: ctx.organizationId, company_id: ctx.companyId }).go({ pages: 'all' });
  return summaries(data, filters);
}

async function organizationRenewals(organizationId: string, filters: RenewalFilters) {
  const query = db().entities.renewal.query.byOrganization({ organization_id: organizationId });
  const { data } = filters.year !== undefined && filters.month ? await query.begins({ period: renewalPeriod(filters.year, filters.month) }).go({ pages: 'all' }) : await query.go({ pages: 'all' });
  return data;
}

/** A report's reach: the organizations whose renewals it reads, and what to call it. */
export interface ReportScope {
  organizationIds: string[];
  name: string;
}

export async function organizationScope(caller: Caller, organizationId: string): Promise<ReportScope> {
  const organization = await organizationInScope(caller, organizationId);
  return { organizationIds: [organization.id], name: organization.name };
}

/** An agency's organizations: the admin, or an admin of that agency (the route gate keeps everyone else out). */
export async function agencyScope(caller: Caller, agencyId: string): Promise<ReportScope> {
  if (!isAdminUser(caller.user) && caller.user.agency_id !== agencyId) throw notFound();
  const { data: agency } = await db().entities.agency.get({ id: agencyId }).go();
  if (!agency) throw notFound();
  const { data: links } = await db().entities.organizationAgency.query.byAgency({ agency_id: agencyId }).go({ pages: 'all' });
  return { organizationIds: links.map((l) => l.organization_id), name: agency.name };
}

export async function platformScope(): Promise<ReportScope> {
  const { data } = await db().entities.organization.query.all({}).go({ pages: 'all' });
  return { organizationIds: data.map((o) => o.id), name: 'All organizations' };
}

async function recordsIn(scope: ReportScope, filters: RenewalFilters) {
  return (await Promise.all(scope.organizationIds.map((id) => organizationRenewals(id, filters)))).flat();
}

/** One page of the renewals in a report's scope. */
export async function listRenewalsIn(scope: ReportScope, filters: RenewalFilters) {
  return summaries(await recordsIn(scope, filters), filters);
}

/** Every renewal in a report's scope that the filters keep (for the .xlsx: never a sample). */
export async function allRenewalsIn(scope: ReportScope, filters: RenewalFilters) {
  return (await summaries(await recordsIn(scope, filters), { ...filters, cursor: undefined, limit: Number.MAX_SAFE_INTEGER })).items;
}

