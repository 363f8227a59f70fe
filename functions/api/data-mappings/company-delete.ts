import { z } from 'zod';
import { deleteCompanyMapping } from '../../lib/comparisons/mappings';
import { companyContext } from '../../lib/comparisons/context';
import { noContent, route } from '../../lib/http';

/** DELETE /api/companies/{company_id}/data_mappings/{data_mapping_id} → 204. */
export const handler = route({ params: z.object({ company_id: z.string().min(1), data_mapping_id: z.string().min(1) }) }, async ({ caller, params }) => {
  await deleteCompanyMapping(await companyContext(caller, params.company_id), params.data_mapping_id);
  return noContent();
});
