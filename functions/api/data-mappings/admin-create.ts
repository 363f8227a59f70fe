import { dataMappingCreateSchema } from '../../../shared/schemas/data-mapping';
import { createAdminMapping } from '../../lib/comparisons/mappings';
import { created, route } from '../../lib/http';

/** POST /api/admin/data_mappings → 201. */
export const handler = route({ body: dataMappingCreateSchema }, async ({ caller, body }) => created(await createAdminMapping(caller, body)));
