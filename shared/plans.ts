/**
 * What each organization plan includes (decided in docs/plans.md). Pure, so the API (which
 * refuses with the SPEC §8 message) and the web (which shows the same message instead of the
 * page) read one rule.
 */
import { PLAN_DOES_NOT_SUPPORT_CARRIERS, PLAN_DOES_NOT_SUPPORT_EMAIL_TEMPLATES } from './messages';
import { planOf, type OrganizationPlan } from './organizations';

export type PlanFeature = 'carriers' | 'email-templates';

export const PLAN_FEATURES: Readonly<Record<OrganizationPlan, readonly PlanFeature[]>> = {
  DVP_BASE: [],
  SUBSCRIPTION_BASED_AUDITS: ['email-templates'],
  DVP_PLATINUM_ELITE: ['carriers', 'email-templates'],
  COMPLIMENTARY: ['carriers', 'email-templates'],
};

/** Whether a plan (any value: unknown tiers read as the base plan, SPEC §9) includes a feature. */
export function planIncludes(plan: unknown, feature: PlanFeature): boolean {
  return PLAN_FEATURES[planOf(plan)].includes(feature);
}

/** The message shown when an organization's plan lacks the feature (SPEC §8). */
export const PLAN_FEATURE_MESSAGES: Readonly<Record<PlanFeature, string>> = {
  carriers: PLAN_DOES_NOT_SUPPORT_CARRIERS,
  'email-templates': PLAN_DOES_NOT_SUPPORT_EMAIL_TEMPLATES,
};
