/**
 * Contact fields name people who work on the client: the API takes from a body only someone its
 * picker would offer (shared/permissions/contacts.ts), so a contact can never be a user of another
 * tenant, who would then receive the client's renewal and audit e-mails.
 */
import { NOT_A_CONTACT, rolesOfSource, type PeopleSource } from '../../../shared/permissions/contacts';
import { db } from '../db/service';
import { badRequest } from '../errors';
import { eligibleAssignees, organizationAgencyUsers } from '../users/read';

interface ContactScope {
  organizationId: string;
  /** The company the contacts work on; absent while the company is being created. */
  company?: { id: string; organization_id: string };
}

async function peopleOf(source: PeopleSource, scope: ContactScope): Promise<{ id: string; role: string }[]> {
  if (source === 'agency-contacts') return (await organizationAgencyUsers(scope.organizationId)).items.filter((u) => !u.disabled);
  if (scope.company) return (await eligibleAssignees(scope.company)).items;
  const { data } = await db().entities.user.query.byOrganization({ organization_id: scope.organizationId }).go({ pages: 'all' });
  return data.filter((u) => !u.disabled && !u.company_id);
}

/**
 * Every contact field of `fields` set to someone new must name a person its source offers; a value
 * the record already holds is kept as it is (a contact who has since left does not block other edits).
 */
export async function checkContacts(
  fields: Record<string, unknown>,
  sources: Readonly<Record<string, PeopleSource>>,
  scope: ContactScope,
  current: Record<string, unknown> = {},
): Promise<void> {
  const eligible = new Map<PeopleSource, Promise<Set<string>>>();
  const idsOf = (source: PeopleSource) => {
    if (!eligible.has(source)) {
      const roles: readonly string[] | undefined = rolesOfSource(source);
      eligible.set(source, peopleOf(source, scope).then((people) => new Set(people.filter((p) => !roles || roles.includes(p.role)).map((p) => p.id))));
    }
    return eligible.get(source)!;
  };
  const errors: Record<string, string> = {};
  for (const [field, source] of Object.entries(sources)) {
    const id = fields[field];
    if (typeof id !== 'string' || !id || id === current[field]) continue;
    if (!(await idsOf(source)).has(id)) errors[field] = NOT_A_CONTACT;
  }
  if (Object.keys(errors).length) throw badRequest(`Invalid request: check ${Object.keys(errors).join(', ')}`, errors);
}
