import { z } from 'zod';
import { Month } from '../carriers';
import { OrganizationPlan, ReferralType, SubscriptionType, TerminationReason } from '../organizations';
import {
  optionalDate,
  optionalEmail,
  optionalEnum,
  optionalFlag,
  optionalId,
  optionalIntBetween,
  optionalPhone,
  optionalText,
  updateSchemaOf, required } from './fields';
import { id, instant, maybe } from './records';

/** Seats for organization comparers (docs/plans.md): 0 (none) to 100; empty means no limit. */
export const ADMIN_COMPARER_LIMIT_MIN = 0;
export const ADMIN_COMPARER_LIMIT_MAX = 100;

/**
 * A comparison that finds more discrepancies than this stops without saving them and sends
 * COMPARISON_DISCREPANCY_LIMIT; per organization, this when unset.
 */
export const DEFAULT_DISCREPANCY_LIMIT = 5000;
export const DISCREPANCY_LIMIT_MAX = 1_000_000;

/** Organization (SPEC §3), every field; created and edited by the DMS admin. */
export const organizationCreateSchema = z
  .object({
    name: required(),
    plan: OrganizationPlan.schema.optional(),
    admin_comparer_limit: optionalIntBetween('admin_comparer_limit', ADMIN_COMPARER_LIMIT_MIN, ADMIN_COMPARER_LIMIT_MAX),
    discrepancy_limit: optionalIntBetween('discrepancy_limit', 1, DISCREPANCY_LIMIT_MAX),
    billing_name: optionalText(),
    billing_email: optionalEmail(),
    billing_address: optionalText(),
    billing_phone: optionalPhone(),
    notes: optionalText(),
    termination_date: optionalDate(),
    termination_reason: optionalEnum(TerminationReason.schema),
    first_demo_date: optionalDate(),
    subscription_received_date: optionalDate(),
    subscription_type: optionalEnum(SubscriptionType.schema),
    plan_expiration_date: optionalDate(),
    ga_contract_inception_date: optionalDate(),
    contract_renewal_month: optionalEnum(Month.schema),
    contract_auto_renewal: optionalFlag(),
    referral_type: optionalEnum(ReferralType.schema),
    referral_type_notes: optionalText(),
    ga_termination_date: optionalDate(),
    ga_last_bill_date: optionalDate(),
    primary_agency_contact_user_id: optionalId(),
    business_development_agency_contact_user_id: optionalId(),
    inactive: z.boolean().optional(),
  })
  .strict();
export const organizationUpdateSchema = updateSchemaOf(organizationCreateSchema);

/** DELETE body (optional): why and when the organization ends; the date defaults to today. */
export const deactivateSchema = z
  .object({
    termination_date: optionalDate(),
    termination_reason: optionalEnum(TerminationReason.schema),
  })
  .strict()
  .optional();

export type OrganizationCreate = z.infer<typeof organizationCreateSchema>;
export type OrganizationUpdate = z.infer<typeof organizationUpdateSchema>;
export type Deactivate = z.infer<typeof deactivateSchema>;

// ── Responses ────────────────────────────────────────────────────────────────────────────────────

/** An organization as stored; every field but its name may be unset. */
export const organizationResponse = z.strictObject({
  id: id(),
  name: z.string(),
  inactive: maybe(z.boolean()),
  plan: maybe(z.string()),
  admin_comparer_limit: maybe(z.number()),
  discrepancy_limit: maybe(z.number()),
  billing_name: maybe(z.string()),
  billing_email: maybe(z.string()),
  billing_address: maybe(z.string()),
  billing_phone: maybe(z.string()),
  notes: maybe(z.string()),
  termination_date: maybe(z.string()),
  termination_reason: maybe(z.string()),
  first_demo_date: maybe(z.string()),
  subscription_received_date: maybe(z.string()),
  subscription_type: maybe(z.string()),
  plan_expiration_date: maybe(z.string()),
  ga_contract_inception_date: maybe(z.string()),
  contract_renewal_month: maybe(z.string()),
  contract_auto_renewal: maybe(z.boolean()),
  referral_type: maybe(z.string()),
  referral_type_notes: maybe(z.string()),
  ga_termination_date: maybe(z.string()),
  ga_last_bill_date: maybe(z.string()),
  primary_agency_contact_user_id: maybe(z.string()),
  business_development_agency_contact_user_id: maybe(z.string()),
  updated_at: instant(),
});

/** The stat cards of one organization (active records only; inactive companies take their carriers and plans with them). */
export const organizationStatsResponse = z.strictObject({
  organization_id: id(),
  name: z.string(),
  plan: z.string(),
  inactive: z.boolean(),
  companies: z.number(),
  company_carriers: z.number(),
  /** Distinct carriers among the company carriers. */
  carriers: z.number(),
  plans: z.number(),
  /** Comparisons not complete. */
  comparisons_open: z.number(),
  /** Renewals neither completed nor closed. */
  renewals_due: z.number(),
  /** Renewals whose current step is past its due date (the go-live date, for every step before it). */
  renewals_overdue: z.number(),
});

/** GET /api/admin/organizations/stats: every organization's cards, and the platform's totals. */
export const organizationsStatsResponse = z.strictObject({
  items: z.array(organizationStatsResponse),
  totals: z.strictObject({
    organizations: z.number(),
    active_organizations: z.number(),
    companies: z.number(),
    company_carriers: z.number(),
    plans: z.number(),
    comparisons_open: z.number(),
    renewals_due: z.number(),
    renewals_overdue: z.number(),
  }),
});
