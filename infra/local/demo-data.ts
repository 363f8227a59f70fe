import { Month, monthOfNumber } from '../../shared/carriers';
import type { Role } from '../../shared/roles';

/** The demo tenant seeded on first start, and the one sign-in per role listed in the README. */
export const DEMO_PASSWORD = 'Demo-Passw0rd!';

export const demoAgency = { key: 'agency', name: 'Summit Benefits Agency' };

export const demoOrganizations = [
  { key: 'org1', name: 'Harbor Benefits Group', plan: 'DVP_PLATINUM_ELITE', admin_comparer_limit: 3 },
  { key: 'org2', name: 'Prairie Brokerage Partners', plan: 'DVP_BASE', admin_comparer_limit: 1 },
] as const;

/**
 * `renewal_contact` receives the kickoff e-mail when a renewal of the company starts: the employer
 * where the company has its own users, else the organization's task manager. Cedar Health's
 * organization has no users, so it has no contact.
 */
export const demoCompanies = [
  { key: 'company1', organization: 'org1', name: 'Acme Manufacturing', renewal_contact: 'company-admin@demo.example' },
  { key: 'company2', organization: 'org1', name: 'Bluewater Logistics', renewal_contact: 'org-task-manager@demo.example' },
  { key: 'company3', organization: 'org2', name: 'Cedar Health Clinics', renewal_contact: undefined },
] as const;

/** The GA side's contact on every org1 carrier, who also receives each kickoff e-mail. */
export const DEMO_GA_CONTACT = 'org-admin@demo.example';

export const demoCarriers = ['Aetna', 'Blue Cross Blue Shield', 'Guardian', 'MetLife', 'UnitedHealthcare'];

/** Carriers and plans of the org1 companies (org1 is Platinum Elite, whose plan includes carriers). */
export const demoCompanyCarriers = [
  {
    company: 'company1',
    carrier: 'Aetna',
    group_number: 'AET-10421',
    renewal_month: 'JANUARY',
    renewal_kickoff_days_in_advance: 60,
    carrier_invoice_day_of_month: 1,
    eligibility_management_type: 'BBS_MANAGED_EDI',
    inception_date: '2023-01-01',
    contact_name: 'Dana Reyes',
    contact_email: 'dana.reyes@aetna.example',
    plans: [
      { name: 'Aetna Open Access PPO', benefit_type: 'MEDICAL', number_of_eligible: 120, number_of_enrolled: 104 },
      { name: 'Aetna HSA 3000', benefit_type: 'MEDICAL', number_of_eligible: 120, number_of_enrolled: 12 },
    ],
  },
  {
    company: 'company1',
    carrier: 'Guardian',
    group_number: 'GRD-88310',
    renewal_month: 'JULY',
    renewal_kickoff_days_in_advance: 90,
    carrier_invoice_day_of_month: 31,
    eligibility_management_type: 'ORGANIZATION_MANAGED_DEX',
    inception_date: '2024-07-01',
    plans: [
      { name: 'Guardian Dental PPO', benefit_type: 'DENTAL', number_of_eligible: 120, number_of_enrolled: 96 },
      { name: 'Guardian Vision', benefit_type: 'VISION', number_of_eligible: 120, number_of_enrolled: 71 },
    ],
  },
  {
    company: 'company2',
    carrier: 'MetLife',
    group_number: 'MET-5521',
    // Set on the first start (below), so some renewal's kickoff falls due whatever day that is.
    renewal_month: 'OCTOBER' as Month,
    renewal_kickoff_days_in_advance: 90,
    eligibility_management_type: 'THIRD_PARTY_APPLICATION',
    plans: [{ name: 'MetLife Basic Life & AD&D', benefit_type: 'GROUP_LIFE_ADD', number_of_eligible: 45, number_of_enrolled: 45 }],
  },
] as const;

/**
 * Aetna's and Guardian's kickoff windows leave January to March and October uncovered, and a
 * newcomer starting then would see the first kickoff e-mail nobody. Bluewater's MetLife therefore
 * renews in the month after next from the first start: its first day is 32 to 62 days away, inside
 * its 90-day kickoff window, so the first start's daily job starts it and e-mails its contacts.
 */
export function demoCompanyCarriersOn(today: Date): ReadonlyArray<(typeof demoCompanyCarriers)[number]> {
  const renewalMonth = monthOfNumber(((today.getUTCMonth() + 2) % 12) + 1)!;
  return demoCompanyCarriers.map((c) => (c.carrier === 'MetLife' ? { ...c, renewal_month: renewalMonth } : c));
}

export interface DemoUser {
  email: string;
  role: Role;
  first_name: string;
  last_name: string;
  agency?: boolean;
  organization?: (typeof demoOrganizations)[number]['key'];
  company?: (typeof demoCompanies)[number]['key'];
}

export const demoUsers: DemoUser[] = [
  { email: 'admin@demo.example', role: 'ADMIN', first_name: 'Avery', last_name: 'Admin' },
  { email: 'comparer@demo.example', role: 'ADMIN_COMPARER', first_name: 'Casey', last_name: 'Comparer' },
  { email: 'agency-admin@demo.example', role: 'AGENCY_ADMIN', first_name: 'Alex', last_name: 'Agency', agency: true },
  { email: 'agency-user@demo.example', role: 'AGENCY_USER', first_name: 'Ari', last_name: 'Agent', agency: true },
  { email: 'org-admin@demo.example', role: 'ORGANIZATION_ADMIN', first_name: 'Olivia', last_name: 'Owens', organization: 'org1' },
  { email: 'org-comparer@demo.example', role: 'ORGANIZATION_COMPARER', first_name: 'Omar', last_name: 'Ortiz', organization: 'org1' },
  { email: 'org-task-manager@demo.example', role: 'ORGANIZATION_TASK_MANAGER', first_name: 'Tara', last_name: 'Tasker', organization: 'org1' },
  { email: 'org-user@demo.example', role: 'ORGANIZATION_USER', first_name: 'Uma', last_name: 'Underwood', organization: 'org1' },
  { email: 'company-admin@demo.example', role: 'COMPANY_ADMIN', first_name: 'Carmen', last_name: 'Cruz', organization: 'org1', company: 'company1' },
  { email: 'company-user@demo.example', role: 'COMPANY_USER', first_name: 'Cody', last_name: 'Chen', organization: 'org1', company: 'company1' },
];
