import { z } from 'zod';
import { comparisonCreateSchema } from '../../../shared/schemas/comparison';
import { createComparison } from '../../lib/comparisons/comparisons';
import { companyContext } from '../../lib/comparisons/context';
import { created, route } from '../../lib/http';

/** POST /api/companies/{company_id}/comparisons → 201, step IMPORT_DATA. */
export const handler = route({ params: z.object({ company_id: z.string().min(1) }), body: comparisonCreateSchema }, async ({ caller, params, body }) =>
  created(await createComparison(await companyContext(caller, params.company_id), body)),
);
