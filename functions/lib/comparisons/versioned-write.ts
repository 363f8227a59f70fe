import { db } from '../db/service';
import { conflict } from '../errors';
import type { CompanyContext } from '../tenancy/company-context';
import type { ComparisonRecord } from './comparison-record';

type TransactionBuilder = Parameters<ReturnType<typeof db>['transaction']['write']>[0];
type Entities = Parameters<TransactionBuilder>[0];
type Items = ReturnType<TransactionBuilder>;

/** DynamoDB's limit on the items of one transaction. */
export const MAX_TRANSACTION_ITEMS = 100;

/**
 * Replaces a set that belongs to a comparison (its data points, its export columns) in one
 * transaction with a write of the comparison conditional on the version read when the request
 * began: two replacements at once cannot interleave into a mix; the later one is 409 and writes
 * nothing.
 */
export async function writeWithComparisonVersion(ctx: CompanyContext, comparison: ComparisonRecord, build: (entities: Entities) => Items, conflictMessage: string): Promise<void> {
  const written = await db()
    .transaction.write((entities) => [
      entities.comparison
        .patch({ organization_id: ctx.organizationId, company_id: ctx.companyId, id: comparison.id })
        .set({ updated_by_user_id: ctx.caller.user.id })
        .where((a, op) => op.eq(a.updated_at, comparison.updated_at))
        .commit(),
      ...build(entities),
    ])
    .go();
  if (written.canceled) throw conflict(conflictMessage);
}
