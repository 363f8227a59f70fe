import { z } from 'zod';
import { organizationServiceTypeUpdateSchema } from '../../../shared/schemas/organization-service-type';
import { route } from '../../lib/http';
import { updateServiceType } from '../../lib/hierarchy/organization-settings';

/** PATCH /api/organizations/{organization_id}/service_types/{service_type_id}: conditional on updated_at (stale → 409). */
export const handler = route({ body: organizationServiceTypeUpdateSchema, params: z.object({ organization_id: z.string().min(1), service_type_id: z.string().min(1) }) }, async ({ body, params, caller }) =>
  updateServiceType(caller, params.organization_id, params.service_type_id, body),
);
