import { describe, it, expect } from 'vitest';
import {
  AgencyManagementType,
  BenefitAdminSystem,
  BillingFrequency,
  OrganizationPlan,
  ReferralType,
  ServiceType,
  SubscriptionType,
  TerminationReason,
  planOf,
} from './organizations';

describe('organization plans (SPEC §9)', () => {
  it('labels the four plans as the spec does', () => {
    expect(OrganizationPlan.options).toEqual([
      { value: 'DVP_BASE', label: 'Base 3-6' },
      { value: 'DVP_PLATINUM_ELITE', label: 'Platinum Elite' },
      { value: 'SUBSCRIPTION_BASED_AUDITS', label: 'Subscription Based Audits' },
      { value: 'COMPLIMENTARY', label: 'Complimentary' },
    ]);
  });

  it('maps unknown tiers to the base plan', () => {
    expect(planOf('DVP_PLATINUM_ELITE')).toBe('DVP_PLATINUM_ELITE');
    expect(planOf('DVP_GOLD')).toBe('DVP_BASE');
    expect(planOf(undefined)).toBe('DVP_BASE');
    expect(planOf(null)).toBe('DVP_BASE');
  });
});

describe('organization enums (SPEC §9)', () => {
  it('has the seven termination reasons, the last shown as Other (see notes)', () => {
    expect(TerminationReason.values).toEqual([
      'COST',
      'WENT_WITH_COMPETITOR',
      'NOT_USING_AS_EXPECTED',
      'MISSING_FUNCTIONALITY',
      'AGENCY_CHANGE',
      'ACQUISITION',
      'OTHER_SEE_NOTES',
    ]);
    expect(TerminationReason.label('OTHER_SEE_NOTES')).toBe('Other (see notes)');
  });

  it('has monthly, annual and audit-on-demand subscriptions', () => {
    expect(SubscriptionType.values).toEqual(['MONTHLY', 'ANNUAL', 'AUDIT_ON_DEMAND']);
  });

  it('has the nine referral types', () => {
    expect(ReferralType.values).toEqual([
      'WEBSITE',
      'REFERRAL',
      'COLD_CALL',
      'CONFERENCE',
      'EN_MARKETPLACE',
      'UNKNOWN',
      'ONE_TO_ONE_EMAIL',
      'MAILCHIMP_EMAIL_CAMPAIGN',
      'OTHER',
    ]);
  });

  it('shows agency management types as Administrator and Broker General Agent', () => {
    expect(AgencyManagementType.label('ADMIN')).toBe('Administrator');
    expect(AgencyManagementType.label('ORGANIZATION_PRIMARY')).toBe('Broker General Agent');
    expect(AgencyManagementType.values).toHaveLength(2);
  });

  it('has the eight service types', () => {
    expect(ServiceType.values).toEqual([
      'ALACARTE',
      'ACA',
      'AGENCY_SUPPORT',
      'ELIGIBILITY_MANAGEMENT_ONLY',
      'BBS_LICENSE',
      'HR_SUPPORT',
      'AUDIT_SERVICES',
      'OTHER',
    ]);
  });

  it('has the four billing frequencies', () => {
    expect(BillingFrequency.values).toEqual(['MONTHLY', 'QUARTERLY', 'ANNUAL', 'CASE_BY_CASE']);
  });

  it('has the eight benefit admin systems', () => {
    expect(BenefitAdminSystem.values).toEqual([
      'EMPLOYEE_NAVIGATOR',
      'EASE',
      'SELERIX',
      'PLAN_SOURCE',
      'BSWIFT',
      'OTHER',
      'OTHER_2',
      'OTHER_3',
    ]);
    expect(BenefitAdminSystem.label('EMPLOYEE_NAVIGATOR')).toBe('Employee Navigator');
  });
});
