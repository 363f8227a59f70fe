import type { Ref } from 'react';
import { useParams } from 'react-router';
import { listCompanyEligibleAssignees, listOrganizationAgencyUsers, organizationUsers } from '../../../../shared/api/users';
import { rolesOfSource, type PeopleSource } from '../../../../shared/permissions/contacts';
import { PeoplePicker } from '../../components/PeoplePicker';

export type { PeopleSource };

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

const contactRoles: readonly string[] = rolesOfSource('organization-contacts')!;
const gaRoles: readonly string[] = rolesOfSource('ga-contacts')!;

/** A contact field of a hierarchy form: the people its source offers (shared/permissions/contacts.ts), picked by name. */
export function PersonField({ source, scope, value, ...rest }: Props) {
  const params = useParams();
  const organizationId = scope?.organizationId ?? params.organization_id ?? null;
  const companyId = scope?.companyId ?? params.company_id ?? null;
  const common = { ...rest, value: typeof value === 'string' ? value : '' };
  const assignees = { endpoint: listCompanyEligibleAssignees, params: companyId ? { company_id: companyId } : null };

  switch (source) {
    case 'agency-contacts':
      return (
        <PeoplePicker
          {...common}
          endpoint={listOrganizationAgencyUsers}
          params={organizationId ? { organization_id: organizationId } : null}
          noOptionsText={organizationId ? 'No agency users: link an agency to the organization first' : 'Save the organization and link an agency first'}
        />
      );
    case 'organization-contacts':
      // Anyone who reaches the company may read its eligible assignees; a company that does not
      // exist yet has none, so a new one picks from the organization's users by role.
      return assignees.params ? (
        <PeoplePicker {...common} {...assignees} filter={(p) => contactRoles.includes(p.role)} />
      ) : (
        <PeoplePicker
          {...common}
          endpoint={organizationUsers.list}
          params={organizationId ? { organization_id: organizationId } : null}
          query={{ roles: contactRoles.join(',') }}
          filter={(p) => !p.disabled}
        />
      );
    case 'company-people':
      return <PeoplePicker {...common} {...assignees} />;
    case 'ga-contacts':
      return <PeoplePicker {...common} {...assignees} filter={(p) => gaRoles.includes(p.role)} />;
  }
}
