import { agencyCreateSchema } from '../../../shared/schemas/agency';
import { created, route } from '../../lib/http';
import { createAgency } from '../../lib/hierarchy/agencies';

/** POST /api/admin/agencies: 201 with the new agency. */
export const handler = route({ body: agencyCreateSchema }, async ({ body, caller }) => created(await createAgency(caller, body)));
