import { z } from 'zod';
import { dataMappingWhitelistCreateSchema } from '../../../shared/schemas/data-mapping';
import { addMappingWhitelist } from '../../lib/comparisons/mappings';
import { created, route } from '../../lib/http';

/** POST /api/admin/data_mappings/{data_mapping_id}/whitelist { organization_id } → 201: shares the mapping. */
export const handler = route({ params: z.object({ data_mapping_id: z.string().min(1) }), body: dataMappingWhitelistCreateSchema }, async ({ caller, params, body }) =>
  created(await addMappingWhitelist(caller, params.data_mapping_id, body.organization_id)),
);
