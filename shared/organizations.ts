import { defineEnum } from './enum';

/** Organization plans of SPEC §9. */
export const OrganizationPlan = defineEnum({
  DVP_BASE: 'Base 3-6',
  DVP_PLATINUM_ELITE: 'Platinum Elite',
  SUBSCRIPTION_BASED_AUDITS: 'Subscription Based Audits',
  COMPLIMENTARY: 'Complimentary',
});
export type OrganizationPlan = (typeof OrganizationPlan.values)[number];

export const DEFAULT_ORGANIZATION_PLAN: OrganizationPlan = 'DVP_BASE';

/** The plan an organization is on; SPEC §9 maps unknown (legacy or missing) tiers to the base plan. */
export function planOf(value: unknown): OrganizationPlan {
  return OrganizationPlan.is(value) ? value : DEFAULT_ORGANIZATION_PLAN;
}

export const TerminationReason = defineEnum({
  COST: 'Cost',
  WENT_WITH_COMPETITOR: 'Went with Competitor',
  NOT_USING_AS_EXPECTED: 'Not Using as Expected',
  MISSING_FUNCTIONALITY: 'Missing Functionality',
  AGENCY_CHANGE: 'Agency Change',
  ACQUISITION: 'Acquisition',
  OTHER_SEE_NOTES: 'Other (see notes)',
});
export type TerminationReason = (typeof TerminationReason.values)[number];

export const SubscriptionType = defineEnum({
  MONTHLY: 'Monthly',
  ANNUAL: 'Annual',
  AUDIT_ON_DEMAND: 'Audit on Demand',
});
export type SubscriptionType = (typeof SubscriptionType.values)[number];

export const ReferralType = defineEnum({
  WEBSITE: 'Website',
  REFERRAL: 'Referral',
  COLD_CALL: 'Cold Call',
  CONFERENCE: 'Conference',
  EN_MARKETPLACE: 'EN Marketplace',
  UNKNOWN: 'Unknown',
  ONE_TO_ONE_EMAIL: 'One-to-One Email',
  MAILCHIMP_EMAIL_CAMPAIGN: 'Mailchimp Email Campaign',
  OTHER: 'Other',
});
export type ReferralType = (typeof ReferralType.values)[number];

/** How an agency relates to an organization (OrganizationAgency); labels from SPEC §6. */
export const AgencyManagementType = defineEnum({
  ADMIN: 'Administrator',
  ORGANIZATION_PRIMARY: 'Broker General Agent',
});
export type AgencyManagementType = (typeof AgencyManagementType.values)[number];

export const ServiceType = defineEnum({
  ALACARTE: 'A La Carte',
  ACA: 'ACA',
  AGENCY_SUPPORT: 'Agency Support',
  ELIGIBILITY_MANAGEMENT_ONLY: 'Eligibility Management Only',
  BBS_LICENSE: 'BBS License',
  HR_SUPPORT: 'HR Support',
  AUDIT_SERVICES: 'Audit Services',
  OTHER: 'Other',
});
export type ServiceType = (typeof ServiceType.values)[number];

export const BillingFrequency = defineEnum({
  MONTHLY: 'Monthly',
  QUARTERLY: 'Quarterly',
  ANNUAL: 'Annual',
  CASE_BY_CASE: 'Case by Case',
});
export type BillingFrequency = (typeof BillingFrequency.values)[number];

export const BenefitAdminSystem = defineEnum({
  EMPLOYEE_NAVIGATOR: 'Employee Navigator',
  EASE: 'Ease',
  SELERIX: 'Selerix',
  PLAN_SOURCE: 'PlanSource',
  BSWIFT: 'bswift',
  OTHER: 'Other',
  OTHER_2: 'Other 2',
  OTHER_3: 'Other 3',
});
export type BenefitAdminSystem = (typeof BenefitAdminSystem.values)[number];
