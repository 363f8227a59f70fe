import { updateCompanyDataMapping as endpoint } from '../../../shared/api/data-mappings';
import { updateCompanyMapping } from '../../lib/comparisons/mappings';
import { companyContext } from '../../lib/tenancy/company-context';
import { serve } from '../../lib/http';

/** PATCH /api/companies/{company_id}/data_mappings/{data_mapping_id} (updated_at; stale → 409). */
export const handler = serve(endpoint, async ({ caller, params, body }) =>
  updateCompanyMapping(await companyContext(caller, params.company_id), params.data_mapping_id, body),
);
