import { z } from 'zod';
import { dataPointSuggestions } from '../../lib/comparisons/data-points';
import { companyContext } from '../../lib/comparisons/context';
import { route } from '../../lib/http';

/** GET …/data_points/suggestions: suggested pairs and detected date formats with previews. */
export const handler = route({ params: z.object({ company_id: z.string().min(1), comparison_id: z.string().min(1) }) }, async ({ caller, params }) =>
  dataPointSuggestions(await companyContext(caller, params.company_id), params.comparison_id),
);
