import { describe, expect, it } from 'vitest';
import { PLAN_DOES_NOT_SUPPORT_CARRIERS } from './messages';
import { OrganizationPlan } from './organizations';
import { PLAN_FEATURE_MESSAGES, planIncludes } from './plans';

describe('planIncludes', () => {
  it('gives carriers to Platinum Elite and Complimentary only', () => {
    const withCarriers = OrganizationPlan.values.filter((p) => planIncludes(p, 'carriers'));
    expect(withCarriers).toEqual(['DVP_PLATINUM_ELITE', 'COMPLIMENTARY']);
  });

  it('gives custom e-mail templates to every plan but the base one', () => {
    const without = OrganizationPlan.values.filter((p) => !planIncludes(p, 'email-templates'));
    expect(without).toEqual(['DVP_BASE']);
  });

  it('reads an unknown or missing tier as the base plan', () => {
    expect(planIncludes('GOLD', 'carriers')).toBe(false);
    expect(planIncludes(undefined, 'email-templates')).toBe(false);
  });

  it('refuses with the exact SPEC §8 message', () => {
    expect(PLAN_FEATURE_MESSAGES.carriers).toBe(PLAN_DOES_NOT_SUPPORT_CARRIERS);
  });
});
