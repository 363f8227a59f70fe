import { z } from 'zod';
import { dataMappingUpdateSchema } from '../../../shared/schemas/data-mapping';
import { updateCompanyMapping } from '../../lib/comparisons/mappings';
import { companyContext } from '../../lib/comparisons/context';
import { route } from '../../lib/http';

/** PATCH /api/companies/{company_id}/data_mappings/{data_mapping_id} (updated_at; stale → 409). */
export const handler = route({ params: z.object({ company_id: z.string().min(1), data_mapping_id: z.string().min(1) }), body: dataMappingUpdateSchema }, async ({ caller, params, body }) =>
  updateCompanyMapping(await companyContext(caller, params.company_id), params.data_mapping_id, body),
);
