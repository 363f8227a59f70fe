import type { LastUsedMappingResponse } from '../../../shared/schemas/data-mapping';
import { db } from '../db/service';
import type { CompanyContext } from '../tenancy/company-context';
import type { ComparisonRecord } from './comparison-record';
import { levelOf, loadMappingForCompany, type MappingRecord } from './mappings';

/**
 * UX "Map data: offer the mapping last used for the same carrier". Only the company's own
 * comparisons are read (its partition of the organization index, newest first and bounded), so an
 * offer never reaches into another company, and a mapping is offered only while the caller may
 * still use it (the same rule a data point's PATCH applies).
 */
export const LAST_USED_LOOKBACK = 50;
/** Data point reads in flight at once; the newest comparisons usually answer, so few are read. */
const BATCH = 5;

export type LastUsedMapping = LastUsedMappingResponse;

const columnKey = (name: string) => name.trim().toLowerCase();

/** Ids of the company's carriers of the same carrier as this one (a renewal gets a new company carrier). */
async function sameCarrierIds(ctx: CompanyContext, companyCarrierId: string): Promise<string[]> {
  const { data } = await db()
    .entities.companyCarrier.query.byCompany({ organization_id: ctx.organizationId, company_id: ctx.companyId })
    .go({ pages: 'all' });
  const own = data.find((c) => c.id === companyCarrierId);
  return own ? data.filter((c) => c.carrier_id === own.carrier_id).map((c) => c.id) : [];
}

async function recentComparisons(ctx: CompanyContext, companyCarrierIds: string[]) {
  const { data } = await db()
    .entities.comparison.query.byOrganization({ organization_id: ctx.organizationId })
    .where((attr, op) => `${op.eq(attr.company_id, ctx.companyId)} AND (${companyCarrierIds.map((id) => op.eq(attr.company_carrier_id, id)).join(' OR ')})`)
    .go({ count: LAST_USED_LOOKBACK, order: 'desc' });
  return data;
}

type Usable = (id: string) => Promise<MappingRecord | null>;

async function offerFrom(ctx: CompanyContext, comparison: ComparisonRecord, column: string, usable: Usable): Promise<LastUsedMapping | null> {
  const { data } = await db().entities.dataPoint.query.byComparison({ company_id: ctx.companyId, comparison_id: comparison.id }).go({ pages: 'all' });
  const linked = data.filter((p) => p.data_mapping_id && columnKey(p.secondary_column_name) === column).sort((a, b) => a.position - b.position);
  for (const point of linked) {
    const mapping = await usable(point.data_mapping_id!);
    // An inactive mapping was retired on purpose; offering it would undo that.
    if (!mapping || mapping.inactive) continue;
    return { id: mapping.id, name: mapping.name, level: levelOf(mapping), comparison_id: comparison.id, comparison_name: comparison.name, used_at: comparison.updated_at };
  }
  return null;
}

/** The mapping the most recently updated other comparison of the same carrier linked to this carrier column, or null. */
export async function lastUsedMapping(ctx: CompanyContext, comparison: ComparisonRecord, secondaryColumnName: string): Promise<LastUsedMapping | null> {
  if (!comparison.company_carrier_id) return null;
  const carrierIds = await sameCarrierIds(ctx, comparison.company_carrier_id);
  if (!carrierIds.length) return null;
  const candidates = (await recentComparisons(ctx, carrierIds))
    .filter((c) => c.id !== comparison.id)
    .sort((a, b) => b.updated_at.localeCompare(a.updated_at));
  const column = columnKey(secondaryColumnName);
  const checked = new Map<string, Promise<MappingRecord | null>>();
  const usable: Usable = (id) => {
    if (!checked.has(id)) checked.set(id, loadMappingForCompany(ctx, id));
    return checked.get(id)!;
  };
  for (let i = 0; i < candidates.length; i += BATCH) {
    const offers = await Promise.all(candidates.slice(i, i + BATCH).map((c) => offerFrom(ctx, c, column, usable)));
    const offer = offers.find((o) => o !== null);
    if (offer) return offer;
  }
  return null;
}
