import { z } from 'zod';
import { dataMappingCreateSchema } from '../../../shared/schemas/data-mapping';
import { createCompanyMapping } from '../../lib/comparisons/mappings';
import { companyContext } from '../../lib/comparisons/context';
import { created, route } from '../../lib/http';

/** POST /api/companies/{company_id}/data_mappings → 201. */
export const handler = route({ params: z.object({ company_id: z.string().min(1) }), body: dataMappingCreateSchema }, async ({ caller, params, body }) =>
  created(await createCompanyMapping(await companyContext(caller, params.company_id), body)),
);
