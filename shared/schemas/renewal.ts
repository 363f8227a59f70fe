import { z } from 'zod';
import { Month } from '../carriers';
import { PlanDocumentCategory } from '../columns';
import { MAX_ATTACHMENT_BYTES } from '../files';
import { PassiveEnrollmentEnabled, RenewalEnrollmentType, RenewalStep, TaskItemStatus, TaskType } from '../renewals';
import { declaredFileName, optionalDate, optionalEnum, optionalId, optionalText, required, updatedAtField } from './fields';
import { audit, id, instant, maybe } from './records';

/**
 * Renewals and their tasks (SPEC §3 Renewal, RenewalPlan, Task, TaskOwner, TaskAssignee, TaskNote,
 * TaskFile): the bodies the API takes and the records it answers. The workflow rules (who moves
 * which step, what blocks it) are shared/renewal-workflow.ts.
 */

const RENEWAL_YEAR_MESSAGE = 'year must be between 2020 and 2100';
const year = () => z.coerce.number({ error: RENEWAL_YEAR_MESSAGE }).int({ error: RENEWAL_YEAR_MESSAGE }).min(2020, { error: RENEWAL_YEAR_MESSAGE }).max(2100, { error: RENEWAL_YEAR_MESSAGE });
const flag = () => z.boolean({ error: 'Answer yes or no' }).nullish();
const longText = () => optionalText().pipe(z.string().max(10_000, { error: 'At most 10,000 characters' }).nullable());

/** The client-information answers of a renewal (filled by the employer). */
const clientInformation = {
  enrollment_start_date: optionalDate(),
  enrollment_end_date: optionalDate(),
  administration_end_date: optionalDate(),
  send_deductions_date: optionalDate(),
  enrollment_type: optionalEnum(RenewalEnrollmentType.schema),
  cobra_enrollment_type: optionalText(),
  passive_enrollment_enabled: optionalEnum(PassiveEnrollmentEnabled.schema),
  enrollment_welcome_language: longText(),
  enrollment_email_language: longText(),
};

/** POST /api/companies/{company_id}/renewals: the company carrier and the month and year it renews. */
export const renewalCreateSchema = z
  .object({
    company_carrier_id: required(),
    year: year(),
    month: Month.schema,
    organization_managed: z.boolean().optional(),
    organization_managed_contact_user_id: optionalId(),
  })
  .strict();
export type RenewalCreate = z.infer<typeof renewalCreateSchema>;

/** PATCH of a renewal: answers, the organization-managed switch and item statuses, with the version read. */
export const renewalUpdateSchema = z
  .object({
    enrollment_start_date: clientInformation.enrollment_start_date.optional(),
    enrollment_end_date: clientInformation.enrollment_end_date.optional(),
    administration_end_date: clientInformation.administration_end_date.optional(),
    send_deductions_date: clientInformation.send_deductions_date.optional(),
    enrollment_type: clientInformation.enrollment_type.optional(),
    cobra_enrollment_type: clientInformation.cobra_enrollment_type.optional(),
    passive_enrollment_enabled: clientInformation.passive_enrollment_enabled.optional(),
    enrollment_welcome_language: clientInformation.enrollment_welcome_language.optional(),
    enrollment_email_language: clientInformation.enrollment_email_language.optional(),
    demo_environment_notes: longText().optional(),
    organization_managed: z.boolean().optional(),
    organization_managed_contact_user_id: optionalId().optional(),
    client_info_status: TaskItemStatus.schema.optional(),
    plans_checklist_status: TaskItemStatus.schema.optional(),
    demo_environment_status: TaskItemStatus.schema.optional(),
    updated_at: updatedAtField(),
  })
  .strict();
export type RenewalUpdate = z.infer<typeof renewalUpdateSchema>;

/** The client-information fields, for the rules that look at them together. */
export const CLIENT_INFORMATION_FIELDS = Object.keys(clientInformation) as Array<keyof typeof clientInformation>;

/** advance / send_back / close: the version read and an optional note kept on the task. */
export const renewalMoveSchema = z
  .object({ updated_at: updatedAtField(), note: optionalText().pipe(z.string().max(10_000).nullable()).optional() })
  .strict();
export type RenewalMove = z.infer<typeof renewalMoveSchema>;

/** PATCH of a renewal plan: the checklist answers and notes, or its review status. */
export const renewalPlanUpdateSchema = z
  .object({
    renewing: flag().optional(),
    rates_changing: flag().optional(),
    eligibility_changing: flag().optional(),
    renewal_notes: longText().optional(),
    rates_changing_notes: longText().optional(),
    eligibility_changing_notes: longText().optional(),
    status: TaskItemStatus.schema.optional(),
    updated_at: updatedAtField(),
  })
  .strict();
export type RenewalPlanUpdate = z.infer<typeof renewalPlanUpdateSchema>;

export const renewalListQuery = z.object({
  year: year().optional(),
  month: Month.schema.optional(),
  step: RenewalStep.schema.optional(),
  /** open: not completed or closed; overdue: open and past its go-live date. */
  state: z.enum(['open', 'overdue', 'completed', 'closed']).optional(),
  /** Renewals with any item (client information, plans checklist, demo environment) in this status. */
  status: TaskItemStatus.schema.optional(),
  company_id: z.string().min(1).optional(),
  company_carrier_id: z.string().min(1).optional(),
  carrier_id: z.string().min(1).optional(),
});

export const taskOwnerCreateSchema = z.object({ user_id: required() }).strict();
export const taskAssigneeCreateSchema = z.object({ step: RenewalStep.schema, user_id: required() }).strict();
export const taskNoteCreateSchema = z
  .object({
    step: RenewalStep.schema,
    notes: required().pipe(z.string().max(10_000, { error: 'At most 10,000 characters' })),
    tag_id: optionalEnum(PlanDocumentCategory.schema),
  })
  .strict();
export type TaskNoteCreate = z.infer<typeof taskNoteCreateSchema>;

/** POST …/tasks/{task_id}/task_files: declares an attachment; the bytes follow through upload_url. */
export const taskFileCreateSchema = z
  .object({
    name: declaredFileName(),
    size: z.number({ error: 'size must be a number of bytes' }).int().min(0),
    content_type: z.string().trim().max(255).optional(),
    step: RenewalStep.schema,
    tag_id: optionalEnum(PlanDocumentCategory.schema),
  })
  .strict();
export type TaskFileCreate = z.infer<typeof taskFileCreateSchema>;
export const attachmentTooLargeMessage = (name: string) => `The file ${name} is larger than ${MAX_ATTACHMENT_BYTES / 1048576} MB (${MAX_ATTACHMENT_BYTES} bytes).`;
export const attachmentTypeMessage = (name: string) =>
  `The file ${name} is not a type that can be attached. Attach a spreadsheet, PDF, Word document, text, CSV, XML or image file.`;

export const taskStepQuery = z.object({ step: RenewalStep.schema.optional() });

// ── Responses ────────────────────────────────────────────────────────────────────────────────────

/** A person as renewal views show them (SPEC: completed_by with username, first_name, last_name). */
export const personResponse = z.strictObject({
  id: id(),
  username: z.string(),
  email: z.string(),
  first_name: maybe(z.string()),
  last_name: maybe(z.string()),
});
export type PersonResponse = z.infer<typeof personResponse>;

export const taskOwnerResponse = z.strictObject({ id: id(), task_id: id(), user_id: id(), user: personResponse.nullable(), created_at: instant() });

export const taskAssigneeResponse = z.strictObject({
  id: id(),
  task_id: id(),
  task_type: TaskType.schema,
  step: RenewalStep.schema,
  user_id: id(),
  user: personResponse.nullable(),
  completed_at: maybe(z.string()),
  completed_by_user_id: maybe(z.string()),
  completed_by: personResponse.nullable(),
  unassigned_at: maybe(z.string()),
  created_at: instant(),
});

export const taskNoteResponse = z.strictObject({
  id: id(),
  task_id: id(),
  task_type: TaskType.schema,
  step: RenewalStep.schema,
  user_id: id(),
  user: personResponse.nullable(),
  notes: z.string(),
  tag_id: maybe(PlanDocumentCategory.schema),
  tag_description: maybe(z.string()),
  created_at: instant(),
});

/** An attachment; `storage_path` is the object's key inside the tenant's folder, never a URL. */
export const taskFileResponse = z.strictObject({
  id: id(),
  task_id: id(),
  task_type: TaskType.schema,
  step: RenewalStep.schema,
  name: z.string(),
  size: z.number(),
  content_type: z.string(),
  tag_id: maybe(PlanDocumentCategory.schema),
  tag_description: maybe(z.string()),
  storage_path: z.string(),
  storage_verified: z.boolean(),
  created_by_user_id: id(),
  created_by: personResponse.nullable(),
  created_at: instant(),
});

export const taskResponse = z.strictObject({
  id: id(),
  company_id: id(),
  task_type: TaskType.schema,
  created_at: instant(),
  updated_at: instant(),
  closed_at: maybe(z.string()),
  completed_at: maybe(z.string()),
  owners: z.array(taskOwnerResponse),
  assignees: z.array(taskAssigneeResponse),
  notes: z.array(taskNoteResponse),
  /** Only files whose upload was verified. */
  files: z.array(taskFileResponse),
});

export const renewalPlanResponse = z.strictObject({
  id: id(),
  renewal_id: id(),
  company_carrier_plan_id: id(),
  plan_name: z.string(),
  benefit_type: maybe(z.string()),
  renewing: maybe(z.boolean()),
  rates_changing: maybe(z.boolean()),
  eligibility_changing: maybe(z.boolean()),
  renewal_notes: maybe(z.string()),
  rates_changing_notes: maybe(z.string()),
  eligibility_changing_notes: maybe(z.string()),
  status: TaskItemStatus.schema,
  ...audit,
});
export type RenewalPlanResponse = z.infer<typeof renewalPlanResponse>;

const renewalFields = {
  id: id(),
  organization_id: id(),
  company_id: id(),
  company_name: z.string(),
  company_carrier_id: id(),
  carrier_id: id(),
  carrier_name: z.string(),
  task_id: id(),
  step: RenewalStep.schema,
  year: z.number(),
  month: Month.schema,
  enrollment_start_date: maybe(z.string()),
  enrollment_end_date: maybe(z.string()),
  administration_end_date: maybe(z.string()),
  send_deductions_date: maybe(z.string()),
  enrollment_type: maybe(RenewalEnrollmentType.schema),
  cobra_enrollment_type: maybe(z.string()),
  passive_enrollment_enabled: maybe(PassiveEnrollmentEnabled.schema),
  enrollment_welcome_language: maybe(z.string()),
  enrollment_email_language: maybe(z.string()),
  demo_environment_notes: maybe(z.string()),
  organization_managed: z.boolean(),
  organization_managed_contact_user_id: maybe(z.string()),
  client_info_status: TaskItemStatus.schema,
  client_info_status_updated_at: maybe(z.string()),
  plans_checklist_status: TaskItemStatus.schema,
  plans_checklist_status_updated_at: maybe(z.string()),
  demo_environment_status: TaskItemStatus.schema,
  demo_environment_status_updated_at: maybe(z.string()),
  go_live_updated_at: maybe(z.string()),
  completed_updated_at: maybe(z.string()),
  last_resent_kickoff_at: maybe(z.string()),
  resent_kickoff_counter: z.number(),
  /** Why the daily kickoff's e-mail has not gone out yet ("kickoff e-mail not sent: …"); null once sent or never tried. */
  kickoff_email_error: maybe(z.string()),
  /** The first day of the renewal month: the date the renewed plans take effect. */
  effective_date: z.string(),
  /** Whole days from today to the effective date (negative once it has passed). */
  days_to_go_live: z.number(),
  /** Open (not live, completed or closed) and past its effective date. */
  overdue: z.boolean(),
  owners: z.array(personResponse),
  ...audit,
};

/** A renewal in a list: the record with its company, carrier, owners and timing. */
export const renewalSummaryResponse = z.strictObject(renewalFields);
export type RenewalSummaryResponse = z.infer<typeof renewalSummaryResponse>;

/** A renewal as its page reads it: with its plans, its task, what blocks the next step and what the caller may do. */
export const renewalDetailResponse = z.strictObject({
  ...renewalFields,
  plans: z.array(renewalPlanResponse),
  task: taskResponse,
  next_step_blockers: z.array(z.string()),
  /** The sides the caller works on (empty: read only). */
  your_sides: z.array(z.enum(['employer', 'ga'])),
  /** Whether the caller may manage owners and assignees. */
  manages_people: z.boolean(),
});
export type RenewalDetailResponse = z.infer<typeof renewalDetailResponse>;

// ── Renewal planning ─────────────────────────────────────────────────────────────────────────────

const PERIOD_MESSAGE = 'from must be a month, yyyy-MM';
export const planningQuery = z.object({
  from: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: PERIOD_MESSAGE }).optional(),
  months: z.coerce.number({ error: 'months must be between 1 and 24' }).int().min(1, { error: 'months must be between 1 and 24' }).max(24, { error: 'months must be between 1 and 24' }).optional(),
});

export const planningCarrierResponse = z.strictObject({
  company_carrier_id: id(),
  organization_id: id(),
  organization_name: z.string(),
  company_id: id(),
  company_name: z.string(),
  carrier_id: id(),
  carrier_name: z.string(),
  renewal_kickoff_days_in_advance: z.number(),
  /** The day the renewal is (or was) kicked off. */
  kickoff_date: z.string(),
  /** The kickoff date has come and no renewal exists yet. */
  kickoff_due: z.boolean(),
  renewals_disabled: z.boolean(),
  plans: z.array(
    z.strictObject({ id: id(), name: z.string(), benefit_type: z.string(), number_of_eligible: maybe(z.number()), number_of_enrolled: maybe(z.number()) }),
  ),
  eligible: z.number(),
  enrolled: z.number(),
  renewal: z.strictObject({ id: id(), step: RenewalStep.schema, overdue: z.boolean() }).nullable(),
});

export const planningMonthResponse = z.strictObject({
  period: z.string(),
  year: z.number(),
  month: Month.schema,
  effective_date: z.string(),
  company_carriers: z.array(planningCarrierResponse),
  totals: z.strictObject({ company_carriers: z.number(), plans: z.number(), eligible: z.number(), enrolled: z.number(), renewals_started: z.number(), kickoffs_due: z.number() }),
});

/** The coming months: per month, what renews, how many people it covers, and where each renewal stands. */
export const renewalPlanningResponse = z.strictObject({ from: z.string(), months: z.array(planningMonthResponse) });
export type RenewalPlanningResponse = z.infer<typeof renewalPlanningResponse>;
