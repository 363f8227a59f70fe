import { z } from 'zod';
import { CALENDAR_DAY_OPTIONS, EligibilityManagementType, END_OF_MONTH_LABEL, Month, RENEWAL_KICKOFF_DAYS_OPTIONS } from '../carriers';
import {
  optionalDate,
  optionalEmail,
  optionalEnum,
  optionalFlag,
  optionalId,
  optionalIntBetween,
  optionalIntIn,
  optionalPhone,
  optionalText,
  updateSchemaOf, required } from './fields';
import { id, instant, maybe } from './records';

export const KICKOFF_DAYS_MIN = RENEWAL_KICKOFF_DAYS_OPTIONS[0]!.value;
export const KICKOFF_DAYS_MAX = RENEWAL_KICKOFF_DAYS_OPTIONS[RENEWAL_KICKOFF_DAYS_OPTIONS.length - 1]!.value;
export const INVOICE_DAY_MESSAGE = `carrier_invoice_day_of_month must be between 1 and 28, or 31 for ${END_OF_MONTH_LABEL}`;
export const END_BEFORE_INCEPTION = 'end_date cannot be before inception_date';

/** CompanyCarrier (SPEC §3), every field but its company (from the path) and who last changed it. */
export const companyCarrierCreateSchema = z
  .object({
    carrier_id: required(),
    group_number: optionalText(),
    renewal_month: optionalEnum(Month.schema),
    contact_name: optionalText(),
    contact_email: optionalEmail(),
    contact_phone: optionalPhone(),
    notes: optionalText(),
    secondary_contact_name: optionalText(),
    secondary_contact_email: optionalEmail(),
    secondary_contact_phone: optionalPhone(),
    carrier_invoice_day_of_month: optionalIntIn(
      CALENDAR_DAY_OPTIONS.map((o) => o.value),
      INVOICE_DAY_MESSAGE,
    ),
    audit_service: optionalFlag(),
    eligibility_management_type: optionalEnum(EligibilityManagementType.schema),
    inception_date: optionalDate(),
    end_date: optionalDate(),
    disable_renewals: optionalFlag(),
    eligibility_contact_user_id: optionalId(),
    audit_contact_user_id: optionalId(),
    renewal_kickoff_days_in_advance: optionalIntBetween('renewal_kickoff_days_in_advance', KICKOFF_DAYS_MIN, KICKOFF_DAYS_MAX),
    ga_eligibility_contact_user_id: optionalId(),
    ga_audit_contact_user_id: optionalId(),
    /** Days after an invoice's date within which the carrier credits billing errors (60 when empty). */
    credit_window_days: optionalIntBetween('credit_window_days', 1, 365),
    inactive: z.boolean().optional(),
  })
  .strict();

/** Create body: the field rules plus end date not before inception. */
export const companyCarrierCreateBodySchema = companyCarrierCreateSchema.refine(
  (v) => !v.inception_date || !v.end_date || v.end_date >= v.inception_date,
  { message: END_BEFORE_INCEPTION, path: ['end_date'] },
);
export const companyCarrierUpdateSchema = updateSchemaOf(companyCarrierCreateSchema);

export type CompanyCarrierCreate = z.infer<typeof companyCarrierCreateSchema>;
export type CompanyCarrierUpdate = z.infer<typeof companyCarrierUpdateSchema>;

// ── Responses ────────────────────────────────────────────────────────────────────────────────────

/** A company carrier as stored, with who changed it last. */
export const companyCarrierResponse = z.strictObject({
  id: id(),
  organization_id: id(),
  company_id: id(),
  carrier_id: id(),
  group_number: maybe(z.string()),
  renewal_month: maybe(z.string()),
  contact_name: maybe(z.string()),
  contact_email: maybe(z.string()),
  contact_phone: maybe(z.string()),
  notes: maybe(z.string()),
  secondary_contact_name: maybe(z.string()),
  secondary_contact_email: maybe(z.string()),
  secondary_contact_phone: maybe(z.string()),
  carrier_invoice_day_of_month: maybe(z.number()),
  audit_service: maybe(z.boolean()),
  eligibility_management_type: maybe(z.string()),
  inception_date: maybe(z.string()),
  end_date: maybe(z.string()),
  disable_renewals: maybe(z.boolean()),
  eligibility_contact_user_id: maybe(z.string()),
  audit_contact_user_id: maybe(z.string()),
  renewal_kickoff_days_in_advance: maybe(z.number()),
  ga_eligibility_contact_user_id: maybe(z.string()),
  ga_audit_contact_user_id: maybe(z.string()),
  credit_window_days: maybe(z.number()),
  inactive: maybe(z.boolean()),
  updated_by_user_id: maybe(z.string()),
  updated_at: instant(),
});

/** One carrier's line of the Carriers & Plans report. */
export const carrierPlanStatsRowResponse = z.strictObject({
  carrier_id: id(),
  /** Empty when the carrier is no longer on the platform list. */
  carrier_name: z.string(),
  companies: z.number(),
  company_carriers: z.number(),
  plans: z.number(),
  number_of_eligible: z.number(),
  number_of_enrolled: z.number(),
});

/** The Carriers & Plans report over some organizations: per carrier (by name), per benefit type (most plans first), and totals. */
export const carrierPlanStatsResponse = z.strictObject({
  items: z.array(carrierPlanStatsRowResponse),
  benefit_types: z.array(
    z.strictObject({ benefit_type: z.string(), plans: z.number(), number_of_eligible: z.number(), number_of_enrolled: z.number() }),
  ),
  totals: z.strictObject({
    organizations: z.number(),
    companies: z.number(),
    carriers: z.number(),
    company_carriers: z.number(),
    plans: z.number(),
    number_of_eligible: z.number(),
    number_of_enrolled: z.number(),
  }),
});
