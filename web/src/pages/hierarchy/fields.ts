/** The form fields of each hierarchy record, in reading order, with the shared enums' labels. */
import { COMPANY_CARRIER_CONTACTS, COMPANY_CARRIER_PLAN_CONTACTS, COMPANY_CONTACTS } from '../../../../shared/permissions/contacts';
import {
  BenefitType,
  CALENDAR_DAY_OPTIONS,
  EligibilityManagementType,
  Month,
  RENEWAL_KICKOFF_DAYS_OPTIONS,
} from '../../../../shared/carriers';
import {
  AgencyManagementType,
  BenefitAdminSystem,
  BillingFrequency,
  OrganizationPlan,
  ReferralType,
  ServiceType,
  SubscriptionType,
  TerminationReason,
} from '../../../../shared/organizations';
import type {
  createAgency,
  createBenefitAdminSystem,
  createCarrier,
  createCompany,
  createCompanyCarrier,
  createCompanyCarrierPlan,
  createOrganization,
  createServiceType,
  linkOrganizationAgency,
  updateOrganizationAgency,
} from '../../../../shared/api/hierarchy';
import type { FieldSpec, FieldsOf } from './EntityForm';

// Each list is typed by the body of the route it fills (its create; updates take the same fields),
// so a field renamed or dropped in the body fails the typecheck here.

export const agencyFields: FieldsOf<typeof createAgency> = [
  { name: 'name', label: 'Name', required: true },
  { name: 'notes', label: 'Notes', kind: 'multiline' },
];

export const carrierFields: FieldsOf<typeof createCarrier> = [{ name: 'name', label: 'Name', required: true, full: true }];

export const organizationFields: FieldsOf<typeof createOrganization> = [
  { name: 'name', label: 'Name', required: true },
  { name: 'plan', label: 'Plan', kind: 'select', options: OrganizationPlan.options, required: true },
  { name: 'admin_comparer_limit', label: 'Comparer limit (0–100)', kind: 'number' },
  { name: 'discrepancy_limit', label: 'Discrepancy limit per comparison (empty: 5,000)', kind: 'number' },
  { name: 'subscription_type', label: 'Subscription type', kind: 'select', options: SubscriptionType.options },
  { name: 'subscription_received_date', label: 'Subscription received', kind: 'date' },
  { name: 'plan_expiration_date', label: 'Plan expiration', kind: 'date' },
  { name: 'first_demo_date', label: 'First demo', kind: 'date' },
  { name: 'ga_contract_inception_date', label: 'GA contract inception', kind: 'date' },
  { name: 'contract_renewal_month', label: 'Contract renewal month', kind: 'select', options: Month.options },
  { name: 'contract_auto_renewal', label: 'Contract renews automatically', kind: 'checkbox' },
  { name: 'billing_name', label: 'Billing name' },
  { name: 'billing_email', label: 'Billing e-mail', kind: 'email' },
  { name: 'billing_phone', label: 'Billing phone', kind: 'phone' },
  { name: 'billing_address', label: 'Billing address' },
  { name: 'referral_type', label: 'Referral type', kind: 'select', options: ReferralType.options },
  { name: 'referral_type_notes', label: 'Referral notes' },
  { name: 'primary_agency_contact_user_id', label: 'Primary agency contact', kind: 'person', people: 'agency-contacts' },
  { name: 'business_development_agency_contact_user_id', label: 'Business development contact', kind: 'person', people: 'agency-contacts' },
  { name: 'ga_termination_date', label: 'GA termination', kind: 'date' },
  { name: 'ga_last_bill_date', label: 'GA last bill', kind: 'date' },
  { name: 'termination_date', label: 'Termination date', kind: 'date' },
  { name: 'termination_reason', label: 'Termination reason', kind: 'select', options: TerminationReason.options },
  { name: 'notes', label: 'Notes', kind: 'multiline' },
];

export const companyFields = (adminSystems: ReadonlyArray<{ value: string; label: string }>): FieldsOf<typeof createCompany> => [
  { name: 'name', label: 'Name', required: true },
  { name: 'organization_benefit_admin_system_id', label: 'Benefit admin system', kind: 'select', options: adminSystems },
  { name: 'first_demo_date', label: 'First demo', kind: 'date' },
  { name: 'activation_date', label: 'Activation', kind: 'date' },
  { name: 'primary_organization_contact_user_id', label: 'Primary contact', kind: 'person', people: COMPANY_CONTACTS.primary_organization_contact_user_id },
  { name: 'secondary_organization_contact_user_id', label: 'Secondary contact', kind: 'person', people: COMPANY_CONTACTS.secondary_organization_contact_user_id },
  { name: 'renewal_contact_user_id', label: 'Renewal contact', kind: 'person', people: COMPANY_CONTACTS.renewal_contact_user_id },
  { name: 'termination_date', label: 'Termination date', kind: 'date' },
  { name: 'termination_reason', label: 'Termination reason', kind: 'select', options: TerminationReason.options },
  { name: 'notes', label: 'Notes', kind: 'multiline' },
];

export const companyCarrierFields = (carriers: ReadonlyArray<{ value: string; label: string }>): FieldsOf<typeof createCompanyCarrier> => [
  { name: 'carrier_id', label: 'Carrier', kind: 'select', options: carriers, required: true },
  { name: 'group_number', label: 'Group number' },
  { name: 'renewal_month', label: 'Renewal month', kind: 'select', options: Month.options },
  { name: 'renewal_kickoff_days_in_advance', label: 'Renewal kickoff days in advance', kind: 'select', options: RENEWAL_KICKOFF_DAYS_OPTIONS },
  { name: 'carrier_invoice_day_of_month', label: 'Carrier invoice day of month', kind: 'select', options: CALENDAR_DAY_OPTIONS },
  { name: 'credit_window_days', label: 'Credit window, days after the invoice date (empty: 60)', kind: 'number' },
  { name: 'eligibility_management_type', label: 'Eligibility management', kind: 'select', options: EligibilityManagementType.options },
  { name: 'inception_date', label: 'Inception date', kind: 'date' },
  { name: 'end_date', label: 'End date', kind: 'date' },
  { name: 'audit_service', label: 'Audit service', kind: 'checkbox' },
  { name: 'disable_renewals', label: 'Disable renewals', kind: 'checkbox' },
  { name: 'contact_name', label: 'Contact name' },
  { name: 'contact_email', label: 'Contact e-mail', kind: 'email' },
  { name: 'contact_phone', label: 'Contact phone', kind: 'phone' },
  { name: 'secondary_contact_name', label: 'Secondary contact name' },
  { name: 'secondary_contact_email', label: 'Secondary contact e-mail', kind: 'email' },
  { name: 'secondary_contact_phone', label: 'Secondary contact phone', kind: 'phone' },
  { name: 'eligibility_contact_user_id', label: 'Eligibility contact', kind: 'person', people: COMPANY_CARRIER_CONTACTS.eligibility_contact_user_id },
  { name: 'audit_contact_user_id', label: 'Audit contact', kind: 'person', people: COMPANY_CARRIER_CONTACTS.audit_contact_user_id },
  { name: 'ga_eligibility_contact_user_id', label: 'GA eligibility contact', kind: 'person', people: COMPANY_CARRIER_CONTACTS.ga_eligibility_contact_user_id },
  { name: 'ga_audit_contact_user_id', label: 'GA audit contact', kind: 'person', people: COMPANY_CARRIER_CONTACTS.ga_audit_contact_user_id },
  { name: 'notes', label: 'Notes', kind: 'multiline' },
];

export const planFields: FieldsOf<typeof createCompanyCarrierPlan> = [
  { name: 'name', label: 'Plan name', required: true },
  { name: 'benefit_type', label: 'Benefit type', kind: 'select', options: BenefitType.options, required: true },
  { name: 'group_number', label: 'Group number' },
  { name: 'eligibility_management_type', label: 'Eligibility management', kind: 'select', options: EligibilityManagementType.options },
  { name: 'number_of_eligible', label: 'Eligible', kind: 'number' },
  { name: 'number_of_enrolled', label: 'Enrolled', kind: 'number' },
  { name: 'disable_renewals', label: 'Disable renewals', kind: 'checkbox' },
  { name: 'ga_eligibility_contact_user_id', label: 'GA eligibility contact', kind: 'person', people: COMPANY_CARRIER_PLAN_CONTACTS.ga_eligibility_contact_user_id },
  { name: 'ga_audit_contact_user_id', label: 'GA audit contact', kind: 'person', people: COMPANY_CARRIER_PLAN_CONTACTS.ga_audit_contact_user_id },
  { name: 'notes', label: 'Notes', kind: 'multiline' },
];

export const serviceTypeFields: FieldsOf<typeof createServiceType> = [
  { name: 'service_type', label: 'Service type', kind: 'select', options: ServiceType.options, required: true },
  { name: 'cost', label: 'Cost', kind: 'number' },
  { name: 'billing_frequency', label: 'Billing frequency', kind: 'select', options: BillingFrequency.options },
  { name: 'notes', label: 'Notes', kind: 'multiline' },
];

export const benefitAdminSystemFields: FieldsOf<typeof createBenefitAdminSystem> = [
  { name: 'benefit_admin_system', label: 'Benefit admin system', kind: 'select', options: BenefitAdminSystem.options, required: true },
  { name: 'notes', label: 'Notes', kind: 'multiline' },
];

const agencyManagementTypeField = {
  name: 'agency_management_type',
  label: 'Management type',
  kind: 'select',
  options: AgencyManagementType.options,
  required: true,
} satisfies FieldSpec<'agency_management_type'>;

export const organizationAgencyFields = (agencies: ReadonlyArray<{ value: string; label: string }>): FieldsOf<typeof linkOrganizationAgency> => [
  { name: 'agency_id', label: 'Agency', kind: 'select', options: agencies, required: true },
  agencyManagementTypeField,
];

/** An agency link's edit: its agency is its key, only the management type changes. */
export const organizationAgencyEditFields: FieldsOf<typeof updateOrganizationAgency> = [agencyManagementTypeField];
