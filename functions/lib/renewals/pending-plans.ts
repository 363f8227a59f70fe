import { chunked, MAX_TRANSACTION_ITEMS, transactWrite } from '../db/transactions';
import { db } from '../db/service';

interface PendingRenewal {
  id: string;
  organization_id: string;
  company_id: string;
  company_carrier_id: string;
  period: string;
  plans_status_pending?: string | null;
}

/**
 * The checklist rows a move sets to `status`: every row not yet approved and not already there.
 * Moving the same rows again finds fewer, so a move cut short is finished by running this again.
 */
async function rowsToMove(renewal: Pick<PendingRenewal, 'id' | 'organization_id' | 'company_id'>, status: string) {
  const { data } = await db()
    .entities.renewalPlan.query.byRenewal({ organization_id: renewal.organization_id, company_id: renewal.company_id, renewal_id: renewal.id })
    .go({ pages: 'all', consistent: true });
  return data.filter((p) => p.status !== 'APPROVED' && p.status !== status);
}

/** Whether a move's writes (the renewal, its task and note: `others`) and its rows fit one transaction. */
export const fitsOneTransaction = (rows: number, others: number) => rows + others <= MAX_TRANSACTION_ITEMS;

/**
 * Finishes a move whose checklist rows needed more than one transaction. The move itself (step,
 * statuses, task, note) was written all-or-nothing with the marker `plans_status_pending`; the rows
 * follow in transactions of up to 100, and the marker goes last, conditional on being the one
 * read. Setting a row's status is idempotent, so a crash part-way is safe: the next read of the
 * renewal finds the marker and finishes the rows (loadRenewal calls this).
 */
export async function settlePendingPlans<R extends PendingRenewal>(renewal: R, by?: string): Promise<R> {
  const status = renewal.plans_status_pending;
  if (!status) return renewal;
  const tenant = { organization_id: renewal.organization_id, company_id: renewal.company_id };
  for (const chunk of chunked(await rowsToMove(renewal, status))) {
    await transactWrite(({ renewalPlan }) =>
      chunk.map((p) => renewalPlan.patch({ ...tenant, renewal_id: renewal.id, id: p.id }).set({ status, ...(by ? { updated_by_user_id: by } : {}) }).commit()),
    );
  }
  const key = { ...tenant, company_carrier_id: renewal.company_carrier_id, period: renewal.period };
  // A failed condition means another request finished (or replaced) the marker meanwhile: theirs stands.
  await transactWrite(({ renewal: r }) => [r.patch(key).remove(['plans_status_pending']).where((a, op) => op.eq(a.plans_status_pending, status)).commit()]);
  const { data } = await db().entities.renewal.get(key).go({ consistent: true });
  return (data ?? renewal) as R;
}
