import type { EmailType } from '../../../shared/email-types';
import type { HandOverResponse } from '../../../shared/schemas/completion';
import { loadComparison } from '../comparisons/comparison-record';
import { requireAction, type CompanyContext } from '../tenancy/company-context';
import { sendEmail } from '../email';
import { badRequest } from '../errors';
import { eligibleAssignees } from '../users/read';
import { assertNotComplete, comparisonValues, displayName, loadUser } from './common';
import { comparisonUrl } from '../public-url';

/**
 * People of a comparison: who may be auditor or verifier, and the
 * hand-over e-mails COMPARISON_TO_VERIFIER / COMPARISON_TO_AUDITOR to the assigned person. The
 * assignment and the memos themselves are PATCHed on the comparison.
 */

/** GET …/comparisons/{comparison_id}/eligible_assignees: the company's list, with who holds each role now. */
export async function comparisonEligibleAssignees(ctx: CompanyContext, comparisonId: string) {
  const comparison = await loadComparison(ctx, comparisonId);
  const page = await eligibleAssignees(ctx.company);
  return { ...page, auditor_user_id: comparison.auditor_user_id ?? null, verifier_user_id: comparison.verifier_user_id ?? null };
}

type Direction = 'VERIFIER' | 'AUDITOR';

const EMAIL_OF: Record<Direction, EmailType> = { VERIFIER: 'COMPARISON_TO_VERIFIER', AUDITOR: 'COMPARISON_TO_AUDITOR' };

/**
 * POST …/send_to_verifier and …/send_to_auditor. The recipient is the assigned verifier (auditor),
 * who must still be an eligible, active user; the memo is the comparison's verifier (auditor) memo.
 * Sending to the verifier is the auditor's hand-over (roles that build comparisons); sending back
 * to the auditor is the verifier's, so every role that may verify may do it.
 */
export async function sendComparisonTo(ctx: CompanyContext, comparisonId: string, to: Direction): Promise<HandOverResponse> {
  const comparison = await loadComparison(ctx, comparisonId);
  await requireAction(ctx, to === 'VERIFIER' ? 'comparison.create' : 'comparison.resolve');
  assertNotComplete(comparison);
  const field = to === 'VERIFIER' ? 'verifier_user_id' : 'auditor_user_id';
  const recipientId = comparison[field];
  const who = to === 'VERIFIER' ? 'verifier' : 'auditor';
  if (!recipientId) throw badRequest(`Choose the ${who} first.`, { [field]: `Choose the ${who}` });
  const eligible = (await eligibleAssignees(ctx.company)).items.some((a) => a.id === recipientId);
  const recipient = eligible ? await loadUser(recipientId) : null;
  if (!recipient || recipient.disabled) {
    throw badRequest(`The ${who} can no longer work on this company's comparisons; choose another.`, { [field]: `Choose another ${who}` });
  }
  const memo = (to === 'VERIFIER' ? comparison.verifier_memo : comparison.auditor_memo) ?? '';
  const messageId = await sendEmail({
    type: EMAIL_OF[to],
    to: [recipient.email],
    scope: { organization_id: ctx.organizationId, company_id: ctx.companyId },
    values: {
      ...comparisonValues(ctx, comparison),
      recipient_name: displayName(recipient),
      sender_name: displayName(ctx.caller.user) || 'A colleague',
      memo: memo || '(none)',
      comparison_url: comparisonUrl(ctx.companyId, comparison.id, to === 'VERIFIER' ? 'VERIFY_DISCREPANCIES' : undefined),
    },
  });
  return { sent: true, email_type: EMAIL_OF[to], recipient_user_id: recipient.id, message_id: messageId ?? null };
}
