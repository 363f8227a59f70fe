import { organizationCreateSchema } from '../../../shared/schemas/organization';
import { created, route } from '../../lib/http';
import { createOrganization } from '../../lib/hierarchy/organizations';

/** POST /api/admin/organizations: 201 with the new organization. */
export const handler = route({ body: organizationCreateSchema }, async ({ body, caller }) => created(await createOrganization(caller, body)));
