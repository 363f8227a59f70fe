/**
 * What an organization buys and uses: service types, benefit admin systems and its agency links.
 * These records have no inactive flag, so DELETE removes them.
 */
import type { EntityItem } from 'electrodb';
import type { OrganizationAgencyCreate, OrganizationAgencyUpdate } from '../../../shared/schemas/organization-agency';
import type {
  OrganizationBenefitAdminSystemCreate,
  OrganizationBenefitAdminSystemUpdate,
} from '../../../shared/schemas/organization-benefit-admin-system';
import type { OrganizationServiceTypeCreate, OrganizationServiceTypeUpdate } from '../../../shared/schemas/organization-service-type';
import type { Caller } from '../tenancy/caller';
import type { OrganizationAgencyEntity } from '../db/organization-agency';
import type { OrganizationBenefitAdminSystemEntity } from '../db/organization-benefit-admin-system';
import type { OrganizationServiceTypeEntity } from '../db/organization-service-type';
import { db } from '../db/service';
import { conflict, notFound } from '../errors';
import { pageOfQuery, type PageRequest } from '../pagination';
import { organizationInScope, forgetScopes } from '../tenancy/scope';
import { lockedPatch, organizationForWrite, present } from './access';
import { fieldError } from './common';

type ServiceType = EntityItem<typeof OrganizationServiceTypeEntity>;
type BenefitAdminSystem = EntityItem<typeof OrganizationBenefitAdminSystemEntity>;
type AgencyLink = EntityItem<typeof OrganizationAgencyEntity>;

// ── Service types ────────────────────────────────────────────────────────────────────────────────

export async function listServiceTypes(caller: Caller, organizationId: string, page: PageRequest) {
  const organization = await organizationInScope(caller, organizationId);
  return pageOfQuery(db().entities.organizationServiceType.query.byOrganization({ organization_id: organization.id }), page);
}

export async function createServiceType(caller: Caller, organizationId: string, body: OrganizationServiceTypeCreate) {
  const organization = await organizationForWrite(caller, organizationId, 'organization.service-types.manage');
  const { data } = await db().entities.organizationServiceType.create({ ...present(body), organization_id: organization.id }).go();
  return data;
}

async function serviceTypeKey(organizationId: string, id: string) {
  const key = { organization_id: organizationId, id };
  const { data } = await db().entities.organizationServiceType.get(key).go();
  if (!data) throw notFound();
  return key;
}

export async function updateServiceType(caller: Caller, organizationId: string, id: string, body: OrganizationServiceTypeUpdate) {
  const organization = await organizationForWrite(caller, organizationId, 'organization.service-types.manage');
  const key = await serviceTypeKey(organization.id, id);
  const { updated_at, ...fields } = body;
  return lockedPatch<ServiceType>(db().entities.organizationServiceType, key, fields, updated_at);
}

export async function deleteServiceType(caller: Caller, organizationId: string, id: string) {
  const organization = await organizationForWrite(caller, organizationId, 'organization.service-types.manage');
  const key = await serviceTypeKey(organization.id, id);
  await db().entities.organizationServiceType.delete(key).go();
}

// ── Benefit admin systems ────────────────────────────────────────────────────────────────────────

export async function listBenefitAdminSystems(caller: Caller, organizationId: string, page: PageRequest) {
  const organization = await organizationInScope(caller, organizationId);
  return pageOfQuery(db().entities.organizationBenefitAdminSystem.query.byOrganization({ organization_id: organization.id }), page);
}

export async function createBenefitAdminSystem(caller: Caller, organizationId: string, body: OrganizationBenefitAdminSystemCreate) {
  const organization = await organizationForWrite(caller, organizationId, 'organization.benefit-admin-systems.manage');
  const { data } = await db().entities.organizationBenefitAdminSystem.create({ ...present(body), organization_id: organization.id }).go();
  return data;
}

/** The admin system, when it belongs to the organization. */
export async function benefitAdminSystemOf(organizationId: string, id: string) {
  const { data } = await db().entities.organizationBenefitAdminSystem.get({ organization_id: organizationId, id }).go();
  return data;
}

export async function updateBenefitAdminSystem(
  caller: Caller,
  organizationId: string,
  id: string,
  body: OrganizationBenefitAdminSystemUpdate,
) {
  const organization = await organizationForWrite(caller, organizationId, 'organization.benefit-admin-systems.manage');
  if (!(await benefitAdminSystemOf(organization.id, id))) throw notFound();
  const { updated_at, ...fields } = body;
  return lockedPatch<BenefitAdminSystem>(db().entities.organizationBenefitAdminSystem, { organization_id: organization.id, id }, fields, updated_at);
}

export async function deleteBenefitAdminSystem(caller: Caller, organizationId: string, id: string) {
  const organization = await organizationForWrite(caller, organizationId, 'organization.benefit-admin-systems.manage');
  if (!(await benefitAdminSystemOf(organization.id, id))) throw notFound();
  await db().entities.organizationBenefitAdminSystem.delete({ organization_id: organization.id, id }).go();
}

// ── Agency links ─────────────────────────────────────────────────────────────────────────────────

/** The organization's agency links, each with the agency's name. */
export async function listOrganizationAgencies(caller: Caller, organizationId: string, page: PageRequest) {
  const organization = await organizationInScope(caller, organizationId);
  const links = await pageOfQuery(db().entities.organizationAgency.query.byOrganization({ organization_id: organization.id }), page);
  const ids = links.items.map((l) => l.agency_id);
  const agencies = ids.length ? (await db().entities.agency.get(ids.map((id) => ({ id }))).go()).data : [];
  const names = new Map(agencies.map((a) => [a.id, a]));
  return {
    ...links,
    items: links.items.map((l) => ({ ...l, agency_name: names.get(l.agency_id)?.name ?? null, agency_inactive: names.get(l.agency_id)?.inactive ?? null })),
  };
}

export async function linkAgency(caller: Caller, organizationId: string, body: OrganizationAgencyCreate) {
  const organization = await organizationForWrite(caller, organizationId, 'organization.agencies.manage');
  const { data: agency } = await db().entities.agency.get({ id: body.agency_id }).go();
  if (!agency) throw fieldError('agency_id', 'Unknown agency');
  const { data: existing } = await db().entities.organizationAgency.get({ organization_id: organization.id, agency_id: agency.id }).go();
  if (existing) throw conflict('This agency is already linked to the organization.');
  const { data } = await db().entities.organizationAgency
    .create({ organization_id: organization.id, agency_id: agency.id, agency_management_type: body.agency_management_type })
    .go();
  forgetScopes();
  return { ...data, agency_name: agency.name, agency_inactive: agency.inactive ?? false };
}

async function linkKey(organizationId: string, agencyId: string) {
  const key = { organization_id: organizationId, agency_id: agencyId };
  const { data } = await db().entities.organizationAgency.get(key).go();
  if (!data) throw notFound();
  return key;
}

export async function updateAgencyLink(caller: Caller, organizationId: string, agencyId: string, body: OrganizationAgencyUpdate) {
  const organization = await organizationForWrite(caller, organizationId, 'organization.agencies.manage');
  const key = await linkKey(organization.id, agencyId);
  const { updated_at, ...fields } = body;
  return lockedPatch<AgencyLink>(db().entities.organizationAgency, key, fields, updated_at);
}

/** DELETE removes the link: the agency no longer manages the organization (its users lose access at once). */
export async function unlinkAgency(caller: Caller, organizationId: string, agencyId: string) {
  const organization = await organizationForWrite(caller, organizationId, 'organization.agencies.manage');
  const key = await linkKey(organization.id, agencyId);
  await db().entities.organizationAgency.delete(key).go();
  forgetScopes();
}
