import { z } from 'zod';
import { listCompanyMappings } from '../../lib/comparisons/mappings';
import { companyContext } from '../../lib/comparisons/context';
import { route } from '../../lib/http';

/** GET /api/companies/{company_id}/data_mappings. */
export const handler = route({ params: z.object({ company_id: z.string().min(1) }) }, async ({ caller, params }) => listCompanyMappings(await companyContext(caller, params.company_id)));
