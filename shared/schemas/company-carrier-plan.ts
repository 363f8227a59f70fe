import { z } from 'zod';
import { BenefitType, EligibilityManagementType } from '../carriers';
import { optionalEnum, optionalFlag, optionalId, optionalIntBetween, optionalText, updateSchemaOf, required } from './fields';
import { id, instant, maybe } from './records';

/** Headcounts are whole numbers; the ceiling only catches typos (an extra digit or two). */
export const HEADCOUNT_MAX = 1_000_000;
export const ENROLLED_ABOVE_ELIGIBLE = 'number_of_enrolled cannot be more than number_of_eligible';

/** CompanyCarrierPlan (SPEC §3), every field but its company carrier (from the path) and who last changed it. */
export const companyCarrierPlanCreateSchema = z
  .object({
    name: required(),
    benefit_type: BenefitType.schema,
    group_number: optionalText(),
    eligibility_management_type: optionalEnum(EligibilityManagementType.schema),
    disable_renewals: optionalFlag(),
    notes: optionalText(),
    number_of_eligible: optionalIntBetween('number_of_eligible', 0, HEADCOUNT_MAX),
    number_of_enrolled: optionalIntBetween('number_of_enrolled', 0, HEADCOUNT_MAX),
    ga_eligibility_contact_user_id: optionalId(),
    ga_audit_contact_user_id: optionalId(),
    inactive: z.boolean().optional(),
  })
  .strict();

export const enrolledWithinEligible = (v: { number_of_eligible?: number | null; number_of_enrolled?: number | null }) =>
  v.number_of_eligible === null ||
  v.number_of_eligible === undefined ||
  v.number_of_enrolled === null ||
  v.number_of_enrolled === undefined ||
  v.number_of_enrolled <= v.number_of_eligible;

/** Create body: the field rules plus enrolled ≤ eligible. */
export const companyCarrierPlanCreateBodySchema = companyCarrierPlanCreateSchema.refine(enrolledWithinEligible, {
  message: ENROLLED_ABOVE_ELIGIBLE,
  path: ['number_of_enrolled'],
});
export const companyCarrierPlanUpdateSchema = updateSchemaOf(companyCarrierPlanCreateSchema);

export type CompanyCarrierPlanCreate = z.infer<typeof companyCarrierPlanCreateSchema>;
export type CompanyCarrierPlanUpdate = z.infer<typeof companyCarrierPlanUpdateSchema>;

// ── Responses ────────────────────────────────────────────────────────────────────────────────────

/** A plan of a company carrier as stored, with who changed it last. */
export const companyCarrierPlanResponse = z.strictObject({
  id: id(),
  organization_id: id(),
  company_id: id(),
  company_carrier_id: id(),
  name: z.string(),
  benefit_type: z.string(),
  group_number: maybe(z.string()),
  eligibility_management_type: maybe(z.string()),
  disable_renewals: maybe(z.boolean()),
  notes: maybe(z.string()),
  number_of_eligible: maybe(z.number()),
  number_of_enrolled: maybe(z.number()),
  ga_eligibility_contact_user_id: maybe(z.string()),
  ga_audit_contact_user_id: maybe(z.string()),
  inactive: maybe(z.boolean()),
  updated_by_user_id: maybe(z.string()),
  updated_at: instant(),
});
