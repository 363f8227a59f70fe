import { transactWriteOrConflict, type TransactionEntities, type TransactionItem } from '../db/transactions';
import type { CompanyContext } from '../tenancy/company-context';
import type { ComparisonRecord } from './comparison-record';

export { MAX_TRANSACTION_ITEMS } from '../db/transactions';

/**
 * Replaces a set that belongs to a comparison (its data points, its export columns) in one
 * transaction with a write of the comparison conditional on the version read when the request
 * began: two replacements at once cannot interleave into a mix; the later one is 409 and writes
 * nothing.
 */
export async function writeWithComparisonVersion(ctx: CompanyContext, comparison: ComparisonRecord, build: (entities: TransactionEntities) => TransactionItem[], conflictMessage: string): Promise<void> {
  await transactWriteOrConflict(
    (entities) => [
      entities.comparison
        .patch({ organization_id: ctx.organizationId, company_id: ctx.companyId, id: comparison.id })
        .set({ updated_by_user_id: ctx.caller.user.id })
        .where((a, op) => op.eq(a.updated_at, comparison.updated_at))
        .commit(),
      ...build(entities),
    ],
    conflictMessage,
  );
}
