import { z } from 'zod';
import { dataMappingUpdateSchema } from '../../../shared/schemas/data-mapping';
import { updateOrganizationMapping } from '../../lib/comparisons/mappings';
import { route } from '../../lib/http';

/** PATCH /api/organizations/{organization_id}/data_mappings/{data_mapping_id} (updated_at; stale → 409). */
export const handler = route({ params: z.object({ organization_id: z.string().min(1), data_mapping_id: z.string().min(1) }), body: dataMappingUpdateSchema }, async ({ caller, params, body }) =>
  updateOrganizationMapping(caller, params.organization_id, params.data_mapping_id, body),
);
