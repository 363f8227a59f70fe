import { carrierCreateSchema } from '../../../shared/schemas/carrier';
import { created, route } from '../../lib/http';
import { createCarrier } from '../../lib/hierarchy/carriers';

/** POST /api/carriers: 201 with the new carrier (DMS admin). */
export const handler = route({ body: carrierCreateSchema }, async ({ body, caller }) => created(await createCarrier(caller, body)));
