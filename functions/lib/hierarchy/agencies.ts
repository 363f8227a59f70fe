/** Agencies: the DMS admin keeps them; an agency admin reads their own. */
import type { EntityItem } from 'electrodb';
import type { AgencyCreate, AgencyUpdate } from '../../../shared/schemas/agency';
import { isAdminUser } from '../../../shared/roles';
import type { Caller } from '../tenancy/caller';
import type { AgencyEntity } from '../db/agency';
import { db } from '../db/service';
import { notFound } from '../errors';
import { pageOfQuery, type PageRequest } from '../pagination';
import { lockedPatch, plainPatch, present, requireCan } from './access';

type Agency = EntityItem<typeof AgencyEntity>;

export async function listAgencies(page: PageRequest) {
  return pageOfQuery(db().entities.agency.query.all({}), page);
}

async function agencyById(id: string) {
  const { data } = await db().entities.agency.get({ id }).go();
  if (!data) throw notFound();
  return data;
}

/** The admin reads any agency; an agency admin only their own (the role gate keeps everyone else out). */
export async function getAgency(caller: Caller, id: string) {
  if (!isAdminUser(caller.user) && caller.user.agency_id !== id) throw notFound();
  return agencyById(id);
}

export async function createAgency(caller: Caller, body: AgencyCreate) {
  await requireCan(caller, 'agency.create');
  const { data } = await db().entities.agency.create(present(body)).go();
  return data;
}

export async function updateAgency(caller: Caller, id: string, body: AgencyUpdate) {
  await requireCan(caller, 'agency.update');
  await agencyById(id);
  const { updated_at, ...fields } = body;
  return lockedPatch<Agency>(db().entities.agency, { id }, fields, updated_at);
}

/** DELETE deactivates: the agency stays on record (and its links) so history keeps its name. */
export async function deactivateAgency(caller: Caller, id: string) {
  await requireCan(caller, 'agency.delete');
  await agencyById(id);
  return plainPatch<Agency>(db().entities.agency, { id }, { inactive: true });
}
