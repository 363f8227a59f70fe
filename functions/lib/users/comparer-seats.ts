import { checkComparerLimit, countsTowardComparerLimit } from '../../../shared/permissions/actions';
import type { TransactionEntities, TransactionItem } from '../db/transactions';
import { db } from '../db/service';
import { badRequest } from '../errors';

/**
 * The organization's comparer limit (admin_comparer_limit), kept under two invitations at once: the
 * seats are counted, and the seat written in the same transaction as the user, conditional on the
 * seats being as counted (functions/lib/db/comparer-seats.ts). The loser of a race changes nothing.
 */
export const SEAT_TAKEN_MESSAGE = 'Another comparer was given a seat in this organization at the same moment. Reload the users and try again.';

export interface SeatClaim {
  organizationId: string;
  /** The other users holding a seat now. */
  holderIds: string[];
  /** The seats' version as read; null before the organization's first seat. */
  version: string | null;
}

/**
 * Whether `role` in this organization takes one more seat: null when it takes none (another role,
 * or no limit), a claim to write with the user when a seat is free, 400 with the limit's message
 * when none is. `exceptUserId` is the user moving into the seat (not counted twice).
 */
export async function claimComparerSeat(role: string, organizationId: string | null, exceptUserId?: string): Promise<SeatClaim | null> {
  if (role !== 'ORGANIZATION_COMPARER' || !organizationId) return null;
  const { data: org } = await db().entities.organization.get({ id: organizationId }).go({ consistent: true });
  const limit = org?.admin_comparer_limit;
  if (limit === null || limit === undefined) return null;
  const { data: seats } = await db().entities.comparerSeats.get({ organization_id: organizationId }).go({ consistent: true });
  const holderIds = await currentHolders(organizationId, seats?.holder_ids ?? [], exceptUserId);
  const check = checkComparerLimit(holderIds.length, limit);
  if (!check.ok) throw badRequest(check.message, { role: check.message });
  return { organizationId, holderIds, version: seats?.updated_at ?? null };
}

/**
 * The active comparers of the organization: the users index, and the seats written lately, which
 * the index (read eventually) may not show yet; those are confirmed by reading the user itself.
 */
async function currentHolders(organizationId: string, seated: readonly string[], exceptUserId?: string): Promise<string[]> {
  const { data } = await db()
    .entities.user.query.byOrganization({ organization_id: organizationId })
    .where((a, op) => op.eq(a.role, 'ORGANIZATION_COMPARER'))
    .go({ pages: 'all' });
  const indexed = data.filter((u) => countsTowardComparerLimit(u)).map((u) => u.id);
  const known = new Set(data.map((u) => u.id));
  const unseen = [...new Set(seated)].filter((id) => !known.has(id));
  const confirmed = await Promise.all(
    unseen.map(async (id) => {
      const { data: user } = await db().entities.user.get({ id }).go({ consistent: true });
      return user && user.organization_id === organizationId && countsTowardComparerLimit(user) ? id : null;
    }),
  );
  return [...indexed, ...confirmed.filter((id): id is string => id !== null)].filter((id) => id !== exceptUserId);
}

/** The seat of `userId`, written in the user's transaction; its condition fails if another seat was written since the claim was read. */
export function seatWrite(entities: TransactionEntities, claim: SeatClaim, userId: string): TransactionItem {
  return entities.comparerSeats
    .put({ organization_id: claim.organizationId, holder_ids: [...claim.holderIds, userId] })
    .where((a, op) => (claim.version ? op.eq(a.updated_at, claim.version) : op.notExists(a.organization_id)))
    .commit();
}
