import type { Role } from '../roles';
import { GA_ROLES } from '../renewal-workflow';
import { organizationContactRoles } from './actions';

/**
 * Who may be named in a contact field (SPEC §6 contact lists). The pickers offer these people and
 * the API accepts no one else, so a contact is always someone who works on the client:
 * - `agency-contacts`: the users of the agencies linked to the organization;
 * - `organization-contacts`: the organization's admins, comparers and task managers;
 * - `company-people`: everyone who works on the company (its eligible assignees);
 * - `ga-contacts`: of those, the GA side (platform admin, agency, organization admin and task manager).
 */
export type PeopleSource = 'agency-contacts' | 'organization-contacts' | 'company-people' | 'ga-contacts';

/** The roles a source keeps of the people it starts from; undefined keeps everyone. */
export function rolesOfSource(source: PeopleSource): readonly Role[] | undefined {
  switch (source) {
    case 'organization-contacts':
      return organizationContactRoles();
    case 'ga-contacts':
      return GA_ROLES;
    default:
      return undefined;
  }
}

export const COMPANY_CONTACTS = {
  primary_organization_contact_user_id: 'organization-contacts',
  secondary_organization_contact_user_id: 'organization-contacts',
  // The kickoff e-mail goes to whoever runs the renewal on the client's side, often the employer.
  renewal_contact_user_id: 'company-people',
} as const satisfies Record<string, PeopleSource>;

export const COMPANY_CARRIER_CONTACTS = {
  eligibility_contact_user_id: 'company-people',
  audit_contact_user_id: 'company-people',
  ga_eligibility_contact_user_id: 'ga-contacts',
  ga_audit_contact_user_id: 'ga-contacts',
} as const satisfies Record<string, PeopleSource>;

export const COMPANY_CARRIER_PLAN_CONTACTS = {
  ga_eligibility_contact_user_id: 'ga-contacts',
  ga_audit_contact_user_id: 'ga-contacts',
} as const satisfies Record<string, PeopleSource>;

export const NOT_A_CONTACT = 'Choose someone who works on this client';
