/**
 * All rows or none. DynamoDB transactions hold at most 100 items, so:
 * 1. every row is validated first (the caller only gets here with zero problems);
 * 2. rows are written in transactions of ≤ 100 creates, each create conditional on the new id not
 *    existing, so a chunk is all-or-nothing by itself;
 * 3. if a later chunk fails, the chunks already written are deleted again (also in transactions of
 *    ≤ 100) before the error is reported, so the import leaves nothing half-done.
 * The window in which earlier chunks are visible to readers is the few hundred milliseconds the
 * import takes; docs/imports.md explains the choice.
 */
import { db } from '../db/service';
import { log } from '../log';
import type { WriteEntity } from './kinds';

export const TRANSACTION_LIMIT = 100;

const KEY_FIELDS: Record<WriteEntity, readonly string[]> = {
  company: ['organization_id', 'id'],
  companyCarrier: ['organization_id', 'company_id', 'id'],
  companyCarrierPlan: ['organization_id', 'company_id', 'company_carrier_id', 'id'],
};

const keyOf = (entity: WriteEntity, item: Record<string, unknown>) =>
  Object.fromEntries(KEY_FIELDS[entity].map((k) => [k, item[k]]));

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

type AnyEntities = Record<WriteEntity, { create(i: unknown): { commit(): unknown }; delete(k: unknown): { commit(): unknown } }>;

async function transact(entity: WriteEntity, build: (e: AnyEntities[WriteEntity]) => unknown[]) {
  const result = await db()
    .transaction.write((entities) => build((entities as unknown as AnyEntities)[entity]) as never)
    .go();
  if (result.canceled) throw new Error('import transaction was canceled');
}

/** Creates every item, or none. Returns the number written. */
export async function writeAllOrNothing(entity: WriteEntity, items: readonly Record<string, unknown>[]): Promise<number> {
  const written: Record<string, unknown>[][] = [];
  for (const chunk of chunks(items, TRANSACTION_LIMIT)) {
    try {
      await transact(entity, (e) => chunk.map((item) => e.create(item).commit()));
      written.push(chunk);
    } catch (error) {
      log.error('import chunk failed; removing the chunks already written', { entity, chunks: written.length, error });
      for (const done of written.reverse()) {
        await transact(entity, (e) => done.map((item) => e.delete(keyOf(entity, item)).commit()));
      }
      throw error;
    }
  }
  return items.length;
}
