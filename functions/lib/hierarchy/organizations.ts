/** Organizations: the admin listing (optionally one agency's), the caller's visible list, and writes. */
import type { EntityItem } from 'electrodb';
import type { OrganizationEntity } from '../db/organization';
import { isAdminComparerUser, isAdminUser, isAgencyUser, isOrganizationUser } from '../../../shared/roles';
import { today } from '../../../shared/schemas/fields';
import type { Deactivate, OrganizationCreate, OrganizationUpdate } from '../../../shared/schemas/organization';
import { recordAudit } from '../audit/record';
import type { Caller } from '../tenancy/caller';
import { db } from '../db/service';
import { pageOfArray, pageOfQuery, type PageRequest } from '../pagination';
import { accessScope, agencyOrganizationIds, organizationInScope } from '../tenancy/scope';
import { visibleOrganizationIds } from '../../../shared/permissions/scope';
import { lockedPatch, plainPatch, present, requireCan } from './access';
import { checkUserIds } from './common';

const CONTACT_FIELDS = ['primary_agency_contact_user_id', 'business_development_agency_contact_user_id'] as const;

type Organization = EntityItem<typeof OrganizationEntity>;
const byName = (a: { name: string; id: string }, b: { name: string; id: string }) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id.localeCompare(b.id);

/** Organizations by id, in name order, missing ones left out. */
export async function organizationsByIds(ids: readonly string[]): Promise<Organization[]> {
  if (!ids.length) return [];
  const { data } = await db().entities.organization.get(ids.map((id) => ({ id }))).go();
  return [...data].sort(byName);
}

export async function allOrganizations(): Promise<Organization[]> {
  const { data } = await db().entities.organization.query.all({}).go({ pages: 'all' });
  return data;
}

/** Ids of the organizations an agency is linked to. */
export async function organizationIdsOfAgency(agencyId: string): Promise<string[]> {
  const { data } = await db().entities.organizationAgency.query.byAgency({ agency_id: agencyId }).go({ pages: 'all' });
  return data.map((link) => link.organization_id);
}

/** GET /api/admin/organizations: every organization, or those linked to `agency_id`. */
export async function listAdminOrganizations(query: PageRequest & { agency_id?: string }) {
  if (query.agency_id) return pageOfArray(await organizationsByIds(await organizationIdsOfAgency(query.agency_id)), query);
  return pageOfQuery(db().entities.organization.query.all({}), query);
}

/**
 * GET /api/organizations: what the caller may open. Staff see all, agency users their agency's
 * organizations, organization users their own plus those shared with them by whitelist — the same
 * rule (shared/permissions) that lets them open each one.
 */
export async function listVisibleOrganizations(caller: Caller, page: PageRequest) {
  const user = caller.user;
  if (isAdminUser(user) || isAdminComparerUser(user)) return pageOfQuery(db().entities.organization.query.all({}), page);
  if (isAgencyUser(user)) return pageOfArray(await organizationsByIds(await agencyOrganizationIds(user)), page);
  if (isOrganizationUser(user)) {
    const ids = visibleOrganizationIds(user, (await accessScope(caller)).whitelist);
    return pageOfArray(await organizationsByIds(ids), page);
  }
  return pageOfArray([], page);
}

export const getOrganization = (caller: Caller, id: string) => organizationInScope(caller, id);

export async function createOrganization(caller: Caller, body: OrganizationCreate) {
  await requireCan(caller, 'organization.create');
  await checkUserIds(body, CONTACT_FIELDS);
  const { data } = await db().entities.organization.create({ ...present(body), plan: body.plan ?? 'DVP_BASE' }).go();
  return data;
}

export async function updateOrganization(caller: Caller, id: string, body: OrganizationUpdate) {
  const organization = await organizationInScope(caller, id);
  await requireCan(caller, 'organization.update', { organization_id: organization.id });
  await checkUserIds(body, CONTACT_FIELDS);
  const { updated_at, ...fields } = body;
  const updated = await lockedPatch<Organization>(db().entities.organization, { id }, fields, updated_at);
  const limitChanged = (organization.discrepancy_limit ?? null) !== (updated.discrepancy_limit ?? null);
  await recordAudit(caller, { action: 'ORGANIZATION_DISCREPANCY_LIMIT_CHANGED', organization_id: id, target_type: 'ORGANIZATION', target_id: id, target_name: updated.name, fields: limitChanged ? ['discrepancy_limit'] : [], detail: `${organization.discrepancy_limit ?? 'none'} → ${updated.discrepancy_limit ?? 'none'}` });
  return updated;
}

/** DELETE deactivates: inactive, with a termination date (today unless given) and reason. */
export async function deactivateOrganization(caller: Caller, id: string, body: Deactivate) {
  const organization = await organizationInScope(caller, id);
  await requireCan(caller, 'organization.delete', { organization_id: organization.id });
  return plainPatch<Organization>(db().entities.organization, { id }, {
    inactive: true,
    termination_date: body?.termination_date ?? organization.termination_date ?? today(),
    termination_reason: body?.termination_reason ?? organization.termination_reason ?? undefined,
  });
}
