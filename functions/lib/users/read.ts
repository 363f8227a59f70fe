import { Role } from '../../../shared/roles';
import type { AssigneeResponse } from '../../../shared/schemas/completion';
import type { UserListQuery, UsersWhitelistResponse } from '../../../shared/schemas/user';
import { db } from '../db/service';
import { notFound } from '../errors';
import { pageOfArray, pageOfQuery, type Page } from '../pagination';
import type { UsersContext } from './context';
import type { UserRecord } from './manage';

/**
 * Listings of users (SPEC §7): every read starts from the context's tenant, so the key itself
 * limits what can come back. Filters (`company_id`, `roles`) narrow within it.
 */
type UserQueries = ReturnType<typeof db>['entities']['user']['query'];
/** The filter callback ElectroDB takes; the same on each of the user's indexes. */
type UserFilter = Parameters<ReturnType<UserQueries['byOrganization']>['where']>[0];

export async function listUsers(ctx: UsersContext, query: UserListQuery): Promise<Page<UserRecord>> {
  const { user } = db().entities;
  const companyId = ctx.family === 'company' ? ctx.company!.id : query.company_id;
  // Roles are compared as the stored strings they are.
  const roles: string[] | undefined = query.roles;
  const filter: UserFilter | null =
    companyId || roles?.length
      ? (a, op) => {
          const parts: string[] = [];
          if (companyId) parts.push(op.eq(a.company_id, companyId));
          if (roles?.length) parts.push(`(${roles.map((r) => op.eq(a.role, r)).join(' OR ')})`);
          return parts.join(' AND ');
        }
      : null;
  const options = { limit: query.limit, cursor: query.cursor };
  // ElectroDB's query builders differ per index; the filter is the same expression on each.
  switch (ctx.family) {
    case 'admin': {
      const q = user.query.byEmail({});
      return pageOfQuery(filter ? q.where(filter) : q, options, { filtered: true });
    }
    case 'organization': {
      const q = user.query.byOrganization({ organization_id: ctx.organization!.id });
      return pageOfQuery(filter ? q.where(filter) : q, options, { filtered: true });
    }
    case 'company': {
      const q = user.query.byOrganization({ organization_id: ctx.company!.organization_id });
      return pageOfQuery(filter ? q.where(filter) : q, options, { filtered: true });
    }
    case 'agency': {
      const q = user.query.byAgency({ agency_id: ctx.agencyId! });
      return pageOfQuery(filter ? q.where(filter) : q, options, { filtered: true });
    }
  }
}

/** A list assembled in memory, whole (pickers and contact lists are short). */
const allItems = <T>(items: T[]): Page<T> => pageOfArray(items, { limit: Math.max(1, items.length) });

const byName = (a: UserRecord, b: UserRecord) =>
  `${a.last_name ?? ''} ${a.first_name ?? ''} ${a.email}`.localeCompare(`${b.last_name ?? ''} ${b.first_name ?? ''} ${b.email}`);

/** The users of the agencies linked to an organization (its agency contacts). */
export async function organizationAgencyUsers(organizationId: string): Promise<Page<UserRecord>> {
  const { data: links } = await db().entities.organizationAgency.query.byOrganization({ organization_id: organizationId }).go({ pages: 'all' });
  const users: UserRecord[] = [];
  for (const link of links) {
    const { data } = await db().entities.user.query.byAgency({ agency_id: link.agency_id }).go({ pages: 'all' });
    users.push(...data);
  }
  return allItems(users.sort(byName));
}

/** The fields a picker needs about a person; nothing else about them. */
export type Assignee = AssigneeResponse;
const asAssignee = (u: UserRecord): Assignee => ({
  id: u.id,
  email: u.email,
  first_name: u.first_name ?? null,
  last_name: u.last_name ?? null,
  role: u.role,
  organization_id: u.organization_id ?? null,
  company_id: u.company_id ?? null,
  agency_id: u.agency_id ?? null,
});

/**
 * People who may be made auditor or verifier of a comparison of this company: active users who
 * can open the company and verify its comparisons. That is the organization's users, the
 * company's users, the users of agencies linked to the organization, users whitelisted onto the
 * organization or this company, and platform staff (ADMIN, ADMIN_COMPARER), who run audits for
 * clients. Users of other companies of the organization are not, and disabled users never are.
 */
export async function eligibleAssignees(company: { id: string; organization_id: string }): Promise<Page<Assignee>> {
  const { entities } = db();
  const found = new Map<string, UserRecord>();
  const add = (users: UserRecord[]) => users.forEach((u) => !u.disabled && found.set(u.id, u));

  const { data: orgUsers } = await entities.user.query.byOrganization({ organization_id: company.organization_id }).go({ pages: 'all' });
  add(orgUsers.filter((u) => !u.company_id || u.company_id === company.id));

  const { data: staff } = await entities.user.query
    .byEmail({})
    .where((a, op) => `(${op.eq(a.role, 'ADMIN')} OR ${op.eq(a.role, 'ADMIN_COMPARER')})`)
    .go({ pages: 'all' });
  add(staff);

  add((await organizationAgencyUsers(company.organization_id)).items);

  const { data: rows } = await entities.usersWhitelist.query.byOrganization({ organization_id: company.organization_id }).go({ pages: 'all' });
  for (const row of rows.filter((r) => !r.company_id || r.company_id === company.id)) {
    const { data } = await entities.user.get({ id: row.user_id }).go();
    if (data) add([data]);
  }
  return allItems([...found.values()].filter((u) => Role.is(u.role)).sort(byName).map(asAssignee));
}

// ── UsersWhitelist ───────────────────────────────────────────────────────────────────────────────

export async function whitelistRows(userId: string): Promise<UsersWhitelistResponse[]> {
  const { data } = await db().entities.usersWhitelist.query.byUser({ user_id: userId }).go({ pages: 'all' });
  return data;
}

export async function whitelistRow(userId: string, id: string): Promise<UsersWhitelistResponse> {
  const { data } = await db().entities.usersWhitelist.get({ user_id: userId, id }).go();
  if (!data) throw notFound();
  return data;
}
