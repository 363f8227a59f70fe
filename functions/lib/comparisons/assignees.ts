import { badRequest } from '../errors';
import { eligibleAssignees } from '../users/read';

/**
 * Who may be made auditor or verifier of a comparison: only the company's eligible assignees
 * (functions/lib/users/read.ts: people who can open the company and verify, never disabled, never
 * another tenant), so that neither the review nor the hand-over and completion e-mails can be
 * pointed at anyone else.
 */
const FIELDS = ['auditor_user_id', 'verifier_user_id'] as const;
type AssigneeField = (typeof FIELDS)[number];

type Assignments = Partial<Record<AssigneeField, string | null | undefined>>;

const WHO: Record<AssigneeField, string> = { auditor_user_id: 'auditor', verifier_user_id: 'verifier' };

/** The fields the body sets to a person other than the one stored (clearing is always allowed). */
function newAssignments(stored: Assignments, body: Assignments): AssigneeField[] {
  return FIELDS.filter((field) => typeof body[field] === 'string' && body[field] !== (stored[field] ?? null));
}

/**
 * Refuses, with 400 naming each field, an auditor or verifier who is not an eligible assignee of
 * the company. Only a changed assignment is checked: a person stored earlier who has since left
 * does not block editing the memos (the hand-over e-mails refuse them on their own).
 */
export async function assertAssignable(company: { id: string; organization_id: string }, stored: Assignments, body: Assignments): Promise<void> {
  const fields = newAssignments(stored, body);
  if (!fields.length) return;
  const eligible = new Set((await eligibleAssignees(company)).items.map((a) => a.id));
  const refused = fields.filter((field) => !eligible.has(body[field]!));
  if (!refused.length) return;
  const errors = Object.fromEntries(refused.map((field) => [field, `Choose a ${WHO[field]} who can work on this company's comparisons`]));
  throw badRequest(`The ${refused.map((f) => WHO[f]).join(' and ')} must be someone who can work on this company's comparisons.`, errors);
}

/** The ids among `ids` that are eligible assignees of the company now. */
export async function eligibleAmong(company: { id: string; organization_id: string }, ids: Array<string | null | undefined>): Promise<Set<string>> {
  const eligible = new Set((await eligibleAssignees(company)).items.map((a) => a.id));
  return new Set(ids.filter((id): id is string => !!id && eligible.has(id)));
}
