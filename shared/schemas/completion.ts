/**
 * People, hand-over e-mails and completion of a comparison (UX "Complete and export"): the COMPLETE request, who may be auditor or verifier, what a hand-over
 * answers, and the completion checklist.
 */
import { z } from 'zod';
import { errorResponseWith } from './errors';
import { EmailType } from '../email-types';
import { id, instant } from './records';
import { comparisonWithFilesResponse } from './comparison';

/** POST …/complete: over the open items when `override` (roles allowed to), with a note for the record. */
export const completeSchema = z
  .object({
    override: z.boolean({ error: 'override must be true or false' }).optional(),
    note: z.string({ error: 'note must be text' }).max(2000, { error: 'The note must be at most 2000 characters' }).nullish(),
    /** The comparison's version read (stale → 409). */
    updated_at: z.string().optional(),
  })
  .strict();
export type Complete = z.infer<typeof completeSchema>;

/** A person who may be made auditor or verifier: the fields a picker needs, nothing else about them. */
export const assigneeResponse = z.strictObject({
  id: id(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  role: z.string(),
  organization_id: z.string().nullable(),
  company_id: z.string().nullable(),
  agency_id: z.string().nullable(),
});
export type AssigneeResponse = z.infer<typeof assigneeResponse>;

/** GET …/eligible_assignees: every eligible person in one page, and who is auditor and verifier now. */
export const comparisonAssigneesResponse = z.strictObject({
  items: z.array(assigneeResponse),
  next: z.string().nullable(),
  auditor_user_id: z.string().nullable(),
  verifier_user_id: z.string().nullable(),
});

/** POST …/send_to_verifier and …/send_to_auditor: the e-mail went to the assigned person. */
export const handOverResponse = z.strictObject({
  sent: z.literal(true),
  email_type: EmailType.schema,
  recipient_user_id: id(),
  /** The mail service's id of the message, when it gives one. */
  message_id: z.string().nullable(),
});
export type HandOverResponse = z.infer<typeof handOverResponse>;

const count = () => z.number().int().min(0);

/** The counts the checklist is made of. */
export const completionCountsResponse = z.strictObject({
  discrepancies: count(),
  unresolved_discrepancies: count(),
  missing: count(),
  undecided_missing: count(),
});

/** The verifier's sign-off: assigned, nothing sent back, every resolution needing review approved. */
export const verificationStateResponse = z.strictObject({
  verifier_assigned: z.boolean(),
  awaiting_approval: count(),
  sent_back: count(),
  signed_off: z.boolean(),
});

/** GET …/completion: what blocks COMPLETE (nothing is written), and the completion once done. */
export const completionResponse = z.strictObject({
  /** True when nothing blocks. */
  ok: z.boolean(),
  /** A sentence per open item. */
  blockers: z.array(z.string()),
  overridden: z.boolean(),
  counts: completionCountsResponse,
  verification: verificationStateResponse,
  complete: z.boolean(),
  completed_at: instant().nullable(),
  completed_by_user_id: z.string().nullable(),
  completion_override: z.boolean(),
  /** Whether the caller's role may complete over open items. */
  can_override: z.boolean(),
});
export type CompletionResponse = z.infer<typeof completionResponse>;

/** POST …/complete: the comparison now COMPLETE, and the open items an override let through. */
export const completeResponse = z.strictObject({
  comparison: comparisonWithFilesResponse,
  overridden: z.boolean(),
  blockers: z.array(z.string()),
  counts: completionCountsResponse,
});
export type CompleteResponse = z.infer<typeof completeResponse>;

/** POST …/complete refused (400): the message, and the checklist's open items beside it. */
export const completeRefusedResponse = errorResponseWith({
  blockers: z.array(z.string()),
  counts: completionCountsResponse,
  verification: verificationStateResponse,
});
