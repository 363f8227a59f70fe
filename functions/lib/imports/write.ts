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
import { chunked, MAX_TRANSACTION_ITEMS, transactWrite, type TransactionEntities, type TransactionItem as TransactionWrite } from '../db/transactions';
import { logger } from '../observability/logger';
import type { ImportItems, WriteEntity } from './kinds';

interface Writer<E extends WriteEntity> {
  create(entities: TransactionEntities, item: ImportItems[E]): TransactionWrite;
  /** Deletes by the item's key, undoing its create. */
  remove(entities: TransactionEntities, item: ImportItems[E]): TransactionWrite;
}

const WRITERS: { [E in WriteEntity]: Writer<E> } = {
  company: {
    create: (e, item) => e.company.create(item).commit(),
    remove: (e, { organization_id, id }) => e.company.delete({ organization_id, id }).commit(),
  },
  companyCarrier: {
    create: (e, item) => e.companyCarrier.create(item).commit(),
    remove: (e, { organization_id, company_id, id }) => e.companyCarrier.delete({ organization_id, company_id, id }).commit(),
  },
  companyCarrierPlan: {
    create: (e, item) => e.companyCarrierPlan.create(item).commit(),
    remove: (e, { organization_id, company_id, company_carrier_id, id }) => e.companyCarrierPlan.delete({ organization_id, company_id, company_carrier_id, id }).commit(),
  },
};

async function transact(build: (entities: TransactionEntities) => TransactionWrite[]) {
  const { failedConditions } = await transactWrite(build);
  if (failedConditions.length) throw new Error('an import transaction found one of its new ids taken');
}

/** Creates every item, or none. Returns the number written. */
export async function writeAllOrNothing<E extends WriteEntity>(entity: E, items: ReadonlyArray<ImportItems[E]>): Promise<number> {
  const writer: Writer<E> = WRITERS[entity];
  const written: Array<Array<ImportItems[E]>> = [];
  for (const chunk of chunked(items, MAX_TRANSACTION_ITEMS)) {
    try {
      await transact((e) => chunk.map((item) => writer.create(e, item)));
      written.push(chunk);
    } catch (error) {
      logger.error('import chunk failed; removing the chunks already written', { entity, chunks: written.length, error });
      for (const done of written.reverse()) {
        await transact((e) => done.map((item) => writer.remove(e, item)));
      }
      throw error;
    }
  }
  return items.length;
}
