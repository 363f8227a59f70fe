import type { Ref } from 'react';
import { useParams } from 'react-router';
import { listCompanyEligibleAssignees, listOrganizationAgencyUsers, organizationUsers } from '../../../../shared/api/users';
import { organizationContactRoles } from '../../../../shared/permissions/actions';
import { GA_ROLES } from '../../../../shared/renewal-workflow';
import { PeoplePicker } from '../../components/PeoplePicker';
import { enc } from '../../data/hierarchy';

/**
 * Which people a contact field offers (SPEC §6 contact lists):
 * - `agency-contacts`: the users of the agencies linked to the organization (its agency contacts);
 * - `organization-contacts`: the organization's admins, comparers and task managers;
 * - `company-people`: everyone who works on the company (its eligible assignees);
 * - `ga-contacts`: of those, the GA side (platform admin, agency, organization admin and task manager).
 */
export type PeopleSource = 'agency-contacts' | 'organization-contacts' | 'company-people' | 'ga-contacts';

/** The organization and company a form is about; taken from the route when the page does not say. */
export interface PeopleScope {
  organizationId?: string | null;
  companyId?: string | null;
}

interface Props {
  source: PeopleSource;
  scope?: PeopleScope;
  value: unknown;
  onChange: (userId: string) => void;
  onBlur: () => void;
  inputRef: Ref<HTMLInputElement>;
  name: string;
  label: string;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: string;
}

const contactRoles: readonly string[] = organizationContactRoles();
const gaRoles: readonly string[] = GA_ROLES;

/** A contact field of a hierarchy form: the right people list for its source, picked by name. */
export function PersonField({ source, scope, value, ...rest }: Props) {
  const params = useParams();
  const organizationId = scope?.organizationId ?? params.organization_id ?? null;
  const companyId = scope?.companyId ?? params.company_id ?? null;
  const common = { ...rest, value: typeof value === 'string' ? value : '' };
  const assigneesPath = companyId ? `/api/companies/${enc(companyId)}/eligible_assignees` : null;

  switch (source) {
    case 'agency-contacts':
      return (
        <PeoplePicker
          {...common}
          endpoint={listOrganizationAgencyUsers}
          path={organizationId ? `/api/organizations/${enc(organizationId)}/agency_users` : null}
          noOptionsText={organizationId ? 'No agency users: link an agency to the organization first' : 'Save the organization and link an agency first'}
        />
      );
    case 'organization-contacts':
      // Anyone who reaches the company may read its eligible assignees; a company that does not
      // exist yet has none, so a new one picks from the organization's users by role.
      return assigneesPath ? (
        <PeoplePicker {...common} endpoint={listCompanyEligibleAssignees} path={assigneesPath} filter={(p) => contactRoles.includes(p.role)} />
      ) : (
        <PeoplePicker
          {...common}
          endpoint={organizationUsers.list}
          path={organizationId ? `/api/organizations/${enc(organizationId)}/users` : null}
          query={{ roles: contactRoles.join(',') }}
          filter={(p) => !p.disabled}
        />
      );
    case 'company-people':
      return <PeoplePicker {...common} endpoint={listCompanyEligibleAssignees} path={assigneesPath} />;
    case 'ga-contacts':
      return <PeoplePicker {...common} endpoint={listCompanyEligibleAssignees} path={assigneesPath} filter={(p) => gaRoles.includes(p.role)} />;
  }
}
