import { listOrganizationAuditEvents as endpoint } from '../../../shared/api/audit';
import { listOrganizationAuditEvents } from '../../lib/audit/list';
import { serve } from '../../lib/http';

export const handler = serve(endpoint, async ({ caller, params, query }) => listOrganizationAuditEvents(caller, params.organization_id, query));
