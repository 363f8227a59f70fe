/**
 * The renewal workflow: who moves a renewal from step to step, what each step needs first, and who
 * reviews which item. SPEC §4 lists the steps and statuses but not the transitions; the decisions
 * are written out in docs/renewals.md. Pure: the API enforces it, the web shows it.
 *
 * Two sides work a renewal. The employer (the company's own people) fills the client information
 * and the plans checklist and reviews the demo environment; the GA (organization and agency people,
 * and platform staff) reviews those, builds the demo environment, takes the renewal live and closes
 * it. When `organization_managed` is set the organization works the employer's side too.
 */
import type { Role } from './roles';
import { RenewalStep, type TaskItemStatus } from './renewals';

export type RenewalSide = 'employer' | 'ga';

/** The steps in order; CLOSED is not in the sequence (it is reached from any open step). */
export const RENEWAL_SEQUENCE = [
  'CLIENT_INFORMATION',
  'PLANS_CHECKLIST',
  'GA_REVIEW_CLIENT_INFORMATION',
  'GA_REVIEW_PLANS_CHECKLIST',
  'GA_DEMO_ENVIRONMENT',
  'REVIEW_DEMO_ENVIRONMENT',
  'LIVE',
  'COMPLETED',
] as const satisfies readonly RenewalStep[];

export const isFinalStep = (step: RenewalStep) => step === 'COMPLETED' || step === 'CLOSED';

/** Roles of the GA side (they may also act for the employer on an organization-managed renewal). */
export const GA_ROLES: readonly Role[] = ['ADMIN', 'AGENCY_ADMIN', 'AGENCY_USER', 'ORGANIZATION_ADMIN', 'ORGANIZATION_TASK_MANAGER'];
/** Roles of the employer side. COMPANY_USER is verify-only and reads. */
export const EMPLOYER_ROLES: readonly Role[] = ['COMPANY_ADMIN'];

/** The sides a role works on a renewal (none: read only). */
export function sidesOf(role: string, organizationManaged: boolean): RenewalSide[] {
  if ((EMPLOYER_ROLES as readonly string[]).includes(role)) return ['employer'];
  if ((GA_ROLES as readonly string[]).includes(role)) return organizationManaged ? ['ga', 'employer'] : ['ga'];
  return [];
}

/** Which side moves each step on, and which side may send it back (to the step before). */
export const STEP_OWNER: Readonly<Record<Exclude<RenewalStep, 'COMPLETED' | 'CLOSED'>, { advances: RenewalSide; sendsBack: RenewalSide | null }>> = {
  CLIENT_INFORMATION: { advances: 'employer', sendsBack: null },
  PLANS_CHECKLIST: { advances: 'employer', sendsBack: 'employer' },
  GA_REVIEW_CLIENT_INFORMATION: { advances: 'ga', sendsBack: 'ga' },
  GA_REVIEW_PLANS_CHECKLIST: { advances: 'ga', sendsBack: 'ga' },
  GA_DEMO_ENVIRONMENT: { advances: 'ga', sendsBack: null },
  REVIEW_DEMO_ENVIRONMENT: { advances: 'employer', sendsBack: 'employer' },
  LIVE: { advances: 'ga', sendsBack: null },
};

/** What a renewal looks like to the rules. */
export interface RenewalState {
  step: RenewalStep;
  organization_managed?: boolean | null;
  enrollment_start_date?: string | null;
  enrollment_end_date?: string | null;
  administration_end_date?: string | null;
  send_deductions_date?: string | null;
  enrollment_type?: string | null;
  passive_enrollment_enabled?: string | null;
  demo_environment_notes?: string | null;
  client_info_status: TaskItemStatus;
  plans_checklist_status: TaskItemStatus;
  demo_environment_status: TaskItemStatus;
}

export interface RenewalPlanState {
  id: string;
  renewing?: boolean | null;
  rates_changing?: boolean | null;
  eligibility_changing?: boolean | null;
  status: TaskItemStatus;
}

/** Client information the employer must give before it goes to review. */
export const REQUIRED_CLIENT_INFORMATION = ['enrollment_start_date', 'enrollment_end_date', 'enrollment_type'] as const;

const LABEL: Record<string, string> = {
  enrollment_start_date: 'the enrollment start date',
  enrollment_end_date: 'the enrollment end date',
  enrollment_type: 'the enrollment type',
};

/** Date fields that must not end before they start, as [start, end, message]. */
export const DATE_ORDER: ReadonlyArray<readonly [keyof RenewalState, keyof RenewalState, string]> = [
  ['enrollment_start_date', 'enrollment_end_date', 'The enrollment end date must not be before its start date.'],
  ['enrollment_start_date', 'administration_end_date', 'The administration end date must not be before the enrollment start date.'],
];

/** Field errors for dates that end before they start (yyyy-MM-dd compares as text). */
export function dateOrderErrors(state: Partial<RenewalState>): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [start, end, message] of DATE_ORDER) {
    const a = state[start];
    const b = state[end];
    if (typeof a === 'string' && typeof b === 'string' && a && b && b < a) errors[end] = message;
  }
  return errors;
}

/** What stands between a renewal and its next step (empty: it may move on). */
export function advanceBlockers(renewal: RenewalState, plans: readonly RenewalPlanState[]): string[] {
  switch (renewal.step) {
    case 'CLIENT_INFORMATION': {
      const missing = REQUIRED_CLIENT_INFORMATION.filter((f) => !renewal[f]);
      const blockers = missing.map((f) => `Fill in ${LABEL[f]}.`);
      if (renewal.enrollment_type === 'PASSIVE' && !renewal.passive_enrollment_enabled) blockers.push('Say when passive enrollment applies (before, after or both).');
      return [...blockers, ...Object.values(dateOrderErrors(renewal))];
    }
    case 'PLANS_CHECKLIST': {
      if (plans.length === 0) return ['The renewal has no plans to check. Add the plans to the company carrier first.'];
      const unanswered = plans.filter((p) => p.renewing == null || p.rates_changing == null || p.eligibility_changing == null);
      return unanswered.length ? [`Answer renewing, rates changing and eligibility changing for ${unanswered.length} plan(s).`] : [];
    }
    case 'GA_REVIEW_CLIENT_INFORMATION':
      return renewal.client_info_status === 'APPROVED' ? [] : ['Approve the client information first.'];
    case 'GA_REVIEW_PLANS_CHECKLIST': {
      const open = plans.filter((p) => p.status !== 'APPROVED').length;
      const blockers: string[] = [];
      if (open) blockers.push(`Approve every plan of the checklist (${open} not approved).`);
      if (renewal.plans_checklist_status !== 'APPROVED') blockers.push('Approve the plans checklist first.');
      return blockers;
    }
    case 'GA_DEMO_ENVIRONMENT':
      return renewal.demo_environment_notes?.trim() ? [] : ['Describe the demo environment (where and how to review it) first.'];
    case 'REVIEW_DEMO_ENVIRONMENT':
      return renewal.demo_environment_status === 'APPROVED' ? [] : ['Approve the demo environment first.'];
    case 'LIVE':
      return [];
    default:
      return [`The renewal is ${RenewalStep.label(renewal.step).toLowerCase()}.`];
  }
}

export function nextStep(step: RenewalStep): RenewalStep | null {
  const i = (RENEWAL_SEQUENCE as readonly RenewalStep[]).indexOf(step);
  return i >= 0 && i < RENEWAL_SEQUENCE.length - 1 ? RENEWAL_SEQUENCE[i + 1] : null;
}

/** Item changes that come with a move (statuses that follow the step). */
export interface MoveEffects {
  step: RenewalStep;
  client_info_status?: TaskItemStatus;
  plans_checklist_status?: TaskItemStatus;
  demo_environment_status?: TaskItemStatus;
  /** Plans moving to this status (only those not approved yet). */
  plans_status?: TaskItemStatus;
  go_live?: boolean;
  completed?: boolean;
}

/** A refusal is 409, the message naming what blocks the move or which side makes it. */
export type MoveCheck = { ok: true; effects: MoveEffects } | { ok: false; status: 409; message: string };

const refuse = (status: 409, message: string): MoveCheck => ({ ok: false, status, message });

/** May `sides` move the renewal on, and what changes with it? */
export function checkAdvance(renewal: RenewalState, plans: readonly RenewalPlanState[], sides: readonly RenewalSide[]): MoveCheck {
  if (isFinalStep(renewal.step)) return refuse(409, `The renewal is ${RenewalStep.label(renewal.step).toLowerCase()}; it cannot move on.`);
  const owner = STEP_OWNER[renewal.step as keyof typeof STEP_OWNER];
  if (!sides.includes(owner.advances)) return refuse(409, `${RenewalStep.label(renewal.step)} is moved on by the ${owner.advances === 'ga' ? 'GA' : 'employer'}.`);
  const blockers = advanceBlockers(renewal, plans);
  if (blockers.length) return refuse(409, blockers.join(' '));
  const step = nextStep(renewal.step)!;
  switch (renewal.step) {
    case 'CLIENT_INFORMATION':
      return { ok: true, effects: { step, client_info_status: renewal.client_info_status === 'APPROVED' ? 'APPROVED' : 'PENDING_REVIEW' } };
    case 'PLANS_CHECKLIST':
      return { ok: true, effects: { step, plans_checklist_status: renewal.plans_checklist_status === 'APPROVED' ? 'APPROVED' : 'PENDING_REVIEW', plans_status: 'PENDING_REVIEW' } };
    case 'GA_DEMO_ENVIRONMENT':
      return { ok: true, effects: { step, demo_environment_status: 'PENDING_REVIEW' } };
    case 'REVIEW_DEMO_ENVIRONMENT':
      return { ok: true, effects: { step, go_live: true } };
    case 'LIVE':
      return { ok: true, effects: { step, completed: true } };
    default:
      return { ok: true, effects: { step } };
  }
}

/** May `sides` send the renewal back to the step before, and what reopens with it? */
export function checkSendBack(renewal: RenewalState, sides: readonly RenewalSide[]): MoveCheck {
  if (isFinalStep(renewal.step)) return refuse(409, `The renewal is ${RenewalStep.label(renewal.step).toLowerCase()}; it cannot be sent back.`);
  const owner = STEP_OWNER[renewal.step as keyof typeof STEP_OWNER];
  if (!owner.sendsBack) return refuse(409, `${RenewalStep.label(renewal.step)} cannot be sent back.`);
  if (!sides.includes(owner.sendsBack)) return refuse(409, `${RenewalStep.label(renewal.step)} is sent back by the ${owner.sendsBack === 'ga' ? 'GA' : 'employer'}.`);
  switch (renewal.step) {
    case 'PLANS_CHECKLIST':
      return { ok: true, effects: { step: 'CLIENT_INFORMATION', client_info_status: 'IN_PROGRESS' } };
    case 'GA_REVIEW_CLIENT_INFORMATION':
      return { ok: true, effects: { step: 'CLIENT_INFORMATION', client_info_status: 'IN_PROGRESS' } };
    case 'GA_REVIEW_PLANS_CHECKLIST':
      return { ok: true, effects: { step: 'PLANS_CHECKLIST', plans_checklist_status: 'IN_PROGRESS', plans_status: 'IN_PROGRESS' } };
    case 'REVIEW_DEMO_ENVIRONMENT':
      return { ok: true, effects: { step: 'GA_DEMO_ENVIRONMENT', demo_environment_status: 'IN_PROGRESS' } };
    default:
      return refuse(409, `${RenewalStep.label(renewal.step)} cannot be sent back.`);
  }
}

export function checkClose(renewal: RenewalState, sides: readonly RenewalSide[]): MoveCheck {
  if (isFinalStep(renewal.step)) return refuse(409, `The renewal is already ${RenewalStep.label(renewal.step).toLowerCase()}.`);
  if (!sides.includes('ga')) return refuse(409, 'A renewal is closed by the GA.');
  return { ok: true, effects: { step: 'CLOSED' } };
}

export type ReviewItem = 'client_info' | 'plans_checklist' | 'demo_environment' | 'renewal_plan';

/**
 * Who sets an item's status, and from which: the side that fills an item submits it
 * (IN_PROGRESS → PENDING_REVIEW); the side that reviews it approves it or returns it
 * (PENDING_REVIEW → APPROVED | IN_PROGRESS) and may reopen an approved one (APPROVED → IN_PROGRESS).
 */
const ITEM_SIDES: Record<ReviewItem, { fills: RenewalSide; reviews: RenewalSide }> = {
  client_info: { fills: 'employer', reviews: 'ga' },
  plans_checklist: { fills: 'employer', reviews: 'ga' },
  renewal_plan: { fills: 'employer', reviews: 'ga' },
  demo_environment: { fills: 'ga', reviews: 'employer' },
};

export function checkItemStatus(item: ReviewItem, from: TaskItemStatus, to: TaskItemStatus, sides: readonly RenewalSide[]): string | null {
  if (from === to) return null;
  const { fills, reviews } = ITEM_SIDES[item];
  const name = ITEM_NAMES[item];
  if (from === 'IN_PROGRESS' && to === 'PENDING_REVIEW') return sides.includes(fills) ? null : `The ${name} is submitted for review by the ${sideName(fills)}.`;
  if (from === 'PENDING_REVIEW' && (to === 'APPROVED' || to === 'IN_PROGRESS')) return sides.includes(reviews) ? null : `The ${name} is reviewed by the ${sideName(reviews)}.`;
  if (from === 'APPROVED' && to === 'IN_PROGRESS') return sides.includes(reviews) ? null : `An approved ${name} is reopened by the ${sideName(reviews)}.`;
  return `The ${name} cannot go from ${from.toLowerCase().replace('_', ' ')} to ${to.toLowerCase().replace('_', ' ')}.`;
}

/** May `sides` edit the answers of an item in its current status? Approved answers are frozen until reopened. */
export function checkItemEdit(item: ReviewItem, status: TaskItemStatus, step: RenewalStep, sides: readonly RenewalSide[]): string | null {
  if (isFinalStep(step)) return `The renewal is ${RenewalStep.label(step).toLowerCase()}; it can no longer be changed.`;
  const { fills } = ITEM_SIDES[item];
  if (!sides.includes(fills)) return `The ${ITEM_NAMES[item]} is filled in by the ${sideName(fills)}.`;
  if (status === 'APPROVED') return `The ${ITEM_NAMES[item]} is approved; ask the ${sideName(ITEM_SIDES[item].reviews)} to reopen it to change it.`;
  return null;
}

const ITEM_NAMES: Record<ReviewItem, string> = {
  client_info: 'client information',
  plans_checklist: 'plans checklist',
  renewal_plan: 'plan',
  demo_environment: 'demo environment',
};

const sideName = (side: RenewalSide) => (side === 'ga' ? 'GA' : 'employer');

/** SPEC §9 names 2025 and 2026; a renewal made today may be for next year, so the current and next years join them. */
export function selectableRenewalYears(today: Date = new Date()): number[] {
  const year = today.getUTCFullYear();
  return [...new Set([2025, 2026, year, year + 1])].sort((a, b) => a - b);
}
