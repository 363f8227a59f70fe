/** The platform's carrier list: everyone reads it, the DMS admin keeps it. Names are unique. */
import type { EntityItem } from 'electrodb';
import type { CarrierCreate, CarrierUpdate } from '../../../shared/schemas/carrier';
import type { Caller } from '../tenancy/caller';
import type { CarrierEntity } from '../db/carrier';
import { db } from '../db/service';
import { notFound } from '../errors';
import { pageOfQuery, type PageRequest } from '../pagination';
import { lockedPatch, plainPatch, present, requireCan } from './access';
import { fieldError, sameName } from './common';

type Carrier = EntityItem<typeof CarrierEntity>;

export const DUPLICATE_CARRIER = 'A carrier with this name already exists';

export async function allCarriers() {
  const { data } = await db().entities.carrier.query.all({}).go({ pages: 'all' });
  return data;
}

export const listCarriers = (page: PageRequest) => pageOfQuery(db().entities.carrier.query.all({}), page);

export async function carrierById(id: string) {
  const { data } = await db().entities.carrier.get({ id }).go();
  return data;
}

async function checkName(name: string | undefined, ownId?: string) {
  if (name && (await allCarriers()).some((c) => c.id !== ownId && sameName(c.name, name))) throw fieldError('name', DUPLICATE_CARRIER);
}

export async function createCarrier(caller: Caller, body: CarrierCreate) {
  await requireCan(caller, 'carrier.create');
  await checkName(body.name);
  const { data } = await db().entities.carrier.create(present(body)).go();
  return data;
}

export async function updateCarrier(caller: Caller, id: string, body: CarrierUpdate) {
  await requireCan(caller, 'carrier.update');
  if (!(await carrierById(id))) throw notFound();
  await checkName(body.name, id);
  const { updated_at, ...fields } = body;
  return lockedPatch<Carrier>(db().entities.carrier, { id }, fields, updated_at);
}

/** DELETE deactivates: company carriers keep pointing at it; it is no longer offered for new ones. */
export async function deactivateCarrier(caller: Caller, id: string) {
  await requireCan(caller, 'carrier.delete');
  if (!(await carrierById(id))) throw notFound();
  return plainPatch<Carrier>(db().entities.carrier, { id }, { inactive: true });
}
