import { z } from 'zod';
import { organizationServiceTypeCreateSchema } from '../../../shared/schemas/organization-service-type';
import { created, route } from '../../lib/http';
import { createServiceType } from '../../lib/hierarchy/organization-settings';

/** POST /api/organizations/{organization_id}/service_types: 201 with the new record. */
export const handler = route({ body: organizationServiceTypeCreateSchema, params: z.object({ organization_id: z.string().min(1) }) }, async ({ body, params, caller }) =>
  created(await createServiceType(caller, params.organization_id, body)),
);
