import { CARRIER_CATALOG } from '../../../shared/carrier-catalog';
import { db } from '../db/service';
import { allCarriers } from './carriers';
import { sameName } from './common';

export interface CatalogSeedResult {
  /** Names the seed created. */
  added: string[];
  /** Catalog names the stage already had (under any spelling of case and spaces), left as they are. */
  present: number;
}

/**
 * Adds each catalog carrier the stage does not have yet. A carrier already there, active or not,
 * renamed in case or spacing, is left untouched, so running it again (or after DMS Admins edited
 * the list) changes nothing they decided.
 */
export async function seedCarrierCatalog(names: readonly string[] = CARRIER_CATALOG): Promise<CatalogSeedResult> {
  const existing = await allCarriers();
  const added: string[] = [];
  let present = 0;
  for (const name of names) {
    if (existing.some((c) => sameName(c.name, name)) || added.some((a) => sameName(a, name))) {
      present++;
      continue;
    }
    await db().entities.carrier.create({ name }).go();
    added.push(name);
  }
  return { added, present };
}
