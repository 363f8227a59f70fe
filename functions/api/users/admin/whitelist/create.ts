import { createUserWhitelist as endpoint } from '../../../../../shared/api/users';
import { isCompanyUser, isOrganizationUser } from '../../../../../shared/roles';
import { forgetCaller } from '../../../../lib/tenancy/caller';
import { db } from '../../../../lib/db/service';
import { badRequest } from '../../../../lib/errors';
import { ok, serve } from '../../../../lib/http';
import { usersContext } from '../../../../lib/users/context';
import { loadUser } from '../../../../lib/users/manage';
import { whitelistRows } from '../../../../lib/users/read';

/**
 * POST /api/admin/users/{user_id}/whitelist: share an organization (organization_id alone) or one
 * company (with company_id) with an organization or company user (201). Sharing the same thing
 * twice answers the row that already exists (200).
 */
export const handler = serve(endpoint, async ({ caller, params, body }) => {
  const user = await loadUser(await usersContext(caller, 'admin', {}), params.user_id);
  if (!isOrganizationUser(user) && !isCompanyUser(user)) {
    throw badRequest('Only organization and company users can be whitelisted.', { user_id: 'Only organization and company users can be whitelisted.' });
  }
  const { data: organization } = await db().entities.organization.get({ id: body.organization_id }).go();
  if (!organization) throw badRequest('This organization does not exist.', { organization_id: 'This organization does not exist.' });
  if (body.company_id) {
    const { data } = await db().entities.company.query.byId({ id: body.company_id }).go();
    if (!data[0] || data[0].organization_id !== organization.id) {
      throw badRequest('Choose a company of this organization.', { company_id: 'Choose a company of this organization.' });
    }
  } else if (isCompanyUser(user)) {
    // Company users never open organization pages, so a whole-organization row would share nothing they can open.
    throw badRequest('Company users can only be whitelisted onto a company.', { company_id: 'This field is required' });
  }
  const existing = (await whitelistRows(user.id)).find(
    (row) => row.organization_id === organization.id && (row.company_id ?? null) === (body.company_id ?? null),
  );
  if (existing) return ok(existing);
  const { data } = await db()
    .entities.usersWhitelist.create({
      user_id: user.id,
      organization_id: organization.id,
      ...(body.company_id ? { company_id: body.company_id } : {}),
      created_by_user_id: caller.user.id,
    })
    .go();
  forgetCaller(user.id);
  return data;
});
