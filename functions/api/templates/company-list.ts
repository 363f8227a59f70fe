import { z } from 'zod';
import { listCompanyTemplates } from '../../lib/comparisons/templates';
import { companyContext } from '../../lib/comparisons/context';
import { route } from '../../lib/http';

/** GET /api/companies/{company_id}/data_points_templates. */
export const handler = route({ params: z.object({ company_id: z.string().min(1) }) }, async ({ caller, params }) => listCompanyTemplates(await companyContext(caller, params.company_id)));
