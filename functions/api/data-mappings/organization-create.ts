import { z } from 'zod';
import { dataMappingCreateSchema } from '../../../shared/schemas/data-mapping';
import { createOrganizationMapping } from '../../lib/comparisons/mappings';
import { created, route } from '../../lib/http';

/** POST /api/organizations/{organization_id}/data_mappings → 201. */
export const handler = route({ params: z.object({ organization_id: z.string().min(1) }), body: dataMappingCreateSchema }, async ({ caller, params, body }) =>
  created(await createOrganizationMapping(caller, params.organization_id, body)),
);
