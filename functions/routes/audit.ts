import * as api from '../../shared/api/audit';
import { routeOf, type RouteDef } from './types';

/** The audit trail: read-only views of the append-only events (written by the actions themselves). */
export const auditRoutes: RouteDef[] = [
  routeOf(api.listAllAuditEvents, 'api/audit/list-admin'),
  routeOf(api.listOrganizationAuditEvents, 'api/audit/list-organization'),
  routeOf(api.comparisonHistory, 'api/audit/comparison-history'),
];
