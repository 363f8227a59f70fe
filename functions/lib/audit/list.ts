import type { AuditEventResponse, AuditEventsQuery } from '../../../shared/schemas/audit-event';
import { isAdminUser } from '../../../shared/roles';
import type { EntityItem } from 'electrodb';
import type { Caller } from '../tenancy/caller';
import type { AuditEventEntity } from '../db/audit-event';
import type { CompanyKey } from '../tenancy/company-context';
import { db } from '../db/service';
import { notFound } from '../errors';
import { pageOfQuery, type Page, type PageRequest } from '../pagination';

type Stored = EntityItem<typeof AuditEventEntity>;

/** The stored event as the API answers it (the partition key is storage, not part of the record). */
function view(e: Stored): AuditEventResponse {
  const { partition: _partition, comparison_id, ...rest } = e;
  return { ...rest, ...(comparison_id ? { comparison_id } : {}) };
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString();

/**
 * The time window as sort-key bounds: a day `from` starts at its midnight, a day `to` includes the
 * whole day. The upper bound is exclusive in effect: a key is `occurred_at#id`, so an event at
 * exactly the bound sorts after the bare bound.
 */
function window(query: Pick<AuditEventsQuery, 'from' | 'to'>): { from: string; to: string } {
  const from = query.from ? (query.from.length === 10 ? `${query.from}T00:00:00.000Z` : query.from) : '0000';
  const to = query.to ? (query.to.length === 10 ? nextDay(query.to) : query.to) : '9999';
  return { from, to };
}

type Filters = Pick<AuditEventsQuery, 'action' | 'user_id' | 'organization_id'>;

/** An attribute the trail is filtered on, and the value asked for. */
type FilterPair<V> = { name: 'action' | 'actor_user_id' | 'organization_id'; value: V };

/** Where the events are read: one partition (an organization or the platform), one comparison, or the whole trail. */
type Source = { partition: string } | { comparison_id: string } | 'all';

/** The events of a source between two sort-key bounds, on the index that holds them. */
function between(source: Source, from: string, to: string) {
  const e = db().entities.auditEvent;
  if (source === 'all') return e.query.all({}).between({ occurred_at: from }, { occurred_at: to });
  if ('partition' in source) return e.query.byPartition(source).between({ occurred_at: from }, { occurred_at: to });
  return e.query.byComparison(source).between({ occurred_at: from }, { occurred_at: to });
}

/** One page newest first, with the filters applied in the query (DynamoDB reads on until the page is full). */
async function page(source: Source, request: PageRequest & Pick<AuditEventsQuery, 'from' | 'to'>, filters: Filters): Promise<Page<AuditEventResponse>> {
  const { from, to } = window(request);
  const ranged = between(source, from, to);
  const pairs: Array<FilterPair<string | undefined>> = [
    { name: 'action', value: filters.action },
    { name: 'actor_user_id', value: filters.user_id },
    { name: 'organization_id', value: filters.organization_id },
  ];
  const wanted = pairs.filter((pair): pair is FilterPair<string> => !!pair.value);
  const filtered = wanted.length ? ranged.where((attr, op) => wanted.map(({ name, value }) => op.eq(attr[name], value)).join(' AND ')) : ranged;
  const result = await pageOfQuery<Stored>(filtered, request, { order: 'desc' });
  return { items: result.items.map(view), next: result.next };
}

/** The platform's trail (DMS Admin): one organization's partition when it is named, otherwise the whole trail. */
export async function listAllAuditEvents(query: AuditEventsQuery): Promise<Page<AuditEventResponse>> {
  if (query.organization_id) {
    return page({ partition: query.organization_id }, query, { action: query.action, user_id: query.user_id });
  }
  return page('all', query, query);
}

/**
 * An organization's trail: the DMS Admin, or an organization admin of that very organization (an
 * organization shared through the whitelist is for looking at its work, not at who did it).
 * Anyone else gets the same 404 as for an organization that does not exist.
 */
export async function listOrganizationAuditEvents(caller: Caller, organizationId: string, query: AuditEventsQuery): Promise<Page<AuditEventResponse>> {
  const user = caller.user;
  const own = user.role === 'ORGANIZATION_ADMIN' && user.organization_id === organizationId;
  if (!isAdminUser(user) && !own) throw notFound();
  const { data: organization } = await db().entities.organization.get({ id: organizationId }).go();
  if (!organization) throw notFound();
  return page({ partition: organizationId }, query, { action: query.action, user_id: query.user_id });
}

/** A comparison's events; the comparison is one its caller has read under the company's key. */
export async function comparisonEvents(ctx: CompanyKey, comparison: { id: string }, request: PageRequest): Promise<Page<AuditEventResponse>> {
  // The company is checked on every event too: an id is only ever looked up beneath its tenant.
  return page({ comparison_id: comparison.id }, request, { organization_id: ctx.organizationId });
}
