import { getDataPointSuggestions as endpoint } from '../../../shared/api/comparisons';
import { dataPointSuggestions } from '../../lib/comparisons/data-points';
import { companyContext } from '../../lib/tenancy/company-context';
import { serve } from '../../lib/http';

/** GET …/data_points/suggestions: suggested pairs and detected date formats with previews. */
export const handler = serve(endpoint, async ({ caller, params }) => dataPointSuggestions(await companyContext(caller, params.company_id), params.comparison_id));
