/**
 * The four-eyes rules of verification, pure: the person who resolved a discrepancy never reviews
 * it (approve, send back) and never exempts it from review (skip_verification); when a comparison
 * has an assigned verifier, the review is theirs alone. The API enforces these and the web uses the
 * same functions to offer only what the API accepts.
 */

/** Who is asking, and what the comparison says about who reviews. */
export interface Reviewer {
  userId: string;
  /** The comparison's `verifier_user_id`: when set, only this person reviews and exempts. */
  verifierId?: string | null;
  /** The caller may build and complete comparisons in this company (`can(user, 'comparison.complete', …)`). */
  buildsComparisons: boolean;
}

export const OWN_RESOLUTION_MESSAGE = 'You resolved this discrepancy yourself; another person must review it.';
export const ONLY_ASSIGNED_VERIFIER_MESSAGE = 'Only the verifier assigned to this comparison can review its resolutions.';
export const OWN_EXEMPTION_MESSAGE = 'You resolved this discrepancy yourself; another person must decide whether it needs verification.';
export const EXEMPT_ASSIGNED_VERIFIER_MESSAGE = 'Only the verifier assigned to this comparison can exempt a resolution from verification.';
export const EXEMPT_BUILDER_MESSAGE =
  'While no verifier is assigned, only someone who builds comparisons can exempt a resolution from verification.';
export const EXEMPT_UNRESOLVED_MESSAGE = 'skip_verification can only be set on a resolved discrepancy';

const assignedTo = (verifierId: string | null | undefined) => (verifierId ? verifierId : null);

/**
 * Why `reviewer` may not approve or send back a resolution made by `resolverId`, or null.
 * An assigned verifier is the only reviewer; without one, anyone but the resolver (the route has
 * already checked that the caller may verify). A resolution nobody is recorded for is refused too.
 */
export function reviewRefusal(resolverId: string | null | undefined, reviewer: Pick<Reviewer, 'userId' | 'verifierId'>): string | null {
  const verifier = assignedTo(reviewer.verifierId);
  if (verifier && verifier !== reviewer.userId) return ONLY_ASSIGNED_VERIFIER_MESSAGE;
  if (!reviewer.userId || !resolverId || resolverId === reviewer.userId) return OWN_RESOLUTION_MESSAGE;
  return null;
}

/**
 * Why `reviewer` may not mark a resolution made by `resolverId` as needing no verification, or
 * null. `resolverId` is the resolver after the change, so a request that both resolves and exempts
 * is refused: the caller is its resolver. Exempting replaces the review, so it belongs to the
 * assigned verifier; without one, to someone who builds comparisons (a verify-only user may approve
 * but not decide that a resolution needs no approval).
 */
export function exemptionRefusal(resolverId: string | null | undefined, reviewer: Reviewer | undefined): string | null {
  if (!reviewer?.userId || !resolverId || resolverId === reviewer.userId) return OWN_EXEMPTION_MESSAGE;
  const verifier = assignedTo(reviewer.verifierId);
  if (verifier) return verifier === reviewer.userId ? null : EXEMPT_ASSIGNED_VERIFIER_MESSAGE;
  return reviewer.buildsComparisons ? null : EXEMPT_BUILDER_MESSAGE;
}

/** Whether the web should offer Approve / Send back on a resolved row (same rule as the API). */
export const mayReview = (resolverId: string | null | undefined, reviewer: Pick<Reviewer, 'userId' | 'verifierId'>) =>
  reviewRefusal(resolverId, reviewer) === null;

/** Whether the web should offer "Skip verification" on a row resolved by `resolverId`. */
export const mayExempt = (resolverId: string | null | undefined, reviewer: Reviewer) => exemptionRefusal(resolverId, reviewer) === null;
