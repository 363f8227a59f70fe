import { z } from 'zod';
import { getCompanyMapping } from '../../lib/comparisons/mappings';
import { companyContext } from '../../lib/comparisons/context';
import { route } from '../../lib/http';

/** GET /api/companies/{company_id}/data_mappings/{data_mapping_id}. */
export const handler = route({ params: z.object({ company_id: z.string().min(1), data_mapping_id: z.string().min(1) }) }, async ({ caller, params }) =>
  getCompanyMapping(await companyContext(caller, params.company_id), params.data_mapping_id),
);
