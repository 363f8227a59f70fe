import { z } from 'zod';
import { dataMappingUpdateSchema } from '../../../shared/schemas/data-mapping';
import { updateAdminMapping } from '../../lib/comparisons/mappings';
import { route } from '../../lib/http';

/** PATCH /api/admin/data_mappings/{data_mapping_id} (updated_at; stale → 409). */
export const handler = route({ params: z.object({ data_mapping_id: z.string().min(1) }), body: dataMappingUpdateSchema }, async ({ caller, params, body }) =>
  updateAdminMapping(caller, params.data_mapping_id, body),
);
