import type { RouteDef } from './types';

const COMPANY = '/api/companies/{company_id}';
const ORG = '/api/organizations/{organization_id}';
const COMPARISON = `${COMPANY}/comparisons/{comparison_id}`;

/**
 * Comparison set-up (issue 5, steps 1–5): comparisons, their files (presigned upload, parse), data
 * points with suggestions and templates, and data mappings at company, organization and admin
 * level. Reading a whole parsed file (identifier check, distinct values) gets a longer timeout and
 * more memory; reading an upload is a background job (functions/pipeline.ts, FileParse). Handlers are thin modules over functions/lib/comparisons/.
 */
const heavy = { timeoutSeconds: 300, memoryMb: 3008 };

export const comparisonsRoutes: RouteDef[] = [
  { method: 'GET', path: `${COMPANY}/comparisons`, handler: 'api/comparisons/list', access: 'signed-in' },
  { method: 'POST', path: `${COMPANY}/comparisons`, handler: 'api/comparisons/create', access: 'signed-in' },
  { method: 'GET', path: `${ORG}/comparisons`, handler: 'api/comparisons/list-organization', access: 'signed-in' },
  { method: 'GET', path: COMPARISON, handler: 'api/comparisons/get', access: 'signed-in' },
  { method: 'PATCH', path: COMPARISON, handler: 'api/comparisons/update', access: 'signed-in' },
  // Emptying a big comparison (every object, every result item) may outlast API Gateway's 30 s; the
  // function carries on after the gateway gives up, and the comparison stays listed until it is done.
  { method: 'DELETE', path: COMPARISON, handler: 'api/comparisons/delete', access: 'signed-in', timeoutSeconds: 300 },

  { method: 'POST', path: `${COMPARISON}/files`, handler: 'api/files/create', access: 'signed-in' },
  { method: 'GET', path: `${COMPARISON}/files/{file_id}`, handler: 'api/files/get', access: 'signed-in' },
  // Starts the FileParse state machine and waits at most 25 s for it (config.parseWaitSeconds).
  { method: 'POST', path: `${COMPARISON}/files/{file_id}/parse`, handler: 'api/files/parse', access: 'signed-in' },
  { method: 'GET', path: `${COMPARISON}/files/{file_id}/rows`, handler: 'api/files/rows', access: 'signed-in' },

  { method: 'GET', path: `${COMPARISON}/data_points`, handler: 'api/data-points/list', access: 'signed-in' },
  { method: 'PUT', path: `${COMPARISON}/data_points`, handler: 'api/data-points/put', access: 'signed-in', ...heavy },
  { method: 'GET', path: `${COMPARISON}/data_points/suggestions`, handler: 'api/data-points/suggestions', access: 'signed-in' },
  { method: 'POST', path: `${COMPARISON}/data_points/apply_template`, handler: 'api/data-points/apply-template', access: 'signed-in', ...heavy },
  { method: 'PATCH', path: `${COMPARISON}/data_points/{data_point_id}`, handler: 'api/data-points/update', access: 'signed-in' },
  { method: 'GET', path: `${COMPARISON}/data_points/{data_point_id}/values`, handler: 'api/data-points/values', access: 'signed-in', ...heavy },

  { method: 'GET', path: `${COMPANY}/data_points_templates`, handler: 'api/templates/company-list', access: 'signed-in' },
  { method: 'POST', path: `${COMPANY}/data_points_templates`, handler: 'api/templates/company-create', access: 'signed-in' },
  { method: 'GET', path: `${COMPANY}/data_points_templates/{data_points_template_id}`, handler: 'api/templates/company-get', access: 'signed-in' },
  { method: 'PATCH', path: `${COMPANY}/data_points_templates/{data_points_template_id}`, handler: 'api/templates/company-update', access: 'signed-in' },
  { method: 'DELETE', path: `${COMPANY}/data_points_templates/{data_points_template_id}`, handler: 'api/templates/company-delete', access: 'signed-in' },
  { method: 'GET', path: `${ORG}/data_points_templates`, handler: 'api/templates/organization-list', access: 'signed-in' },
  { method: 'POST', path: `${ORG}/data_points_templates`, handler: 'api/templates/organization-create', access: 'signed-in' },
  { method: 'GET', path: `${ORG}/data_points_templates/{data_points_template_id}`, handler: 'api/templates/organization-get', access: 'signed-in' },
  { method: 'PATCH', path: `${ORG}/data_points_templates/{data_points_template_id}`, handler: 'api/templates/organization-update', access: 'signed-in' },
  { method: 'DELETE', path: `${ORG}/data_points_templates/{data_points_template_id}`, handler: 'api/templates/organization-delete', access: 'signed-in' },

  { method: 'GET', path: `${COMPANY}/data_mappings`, handler: 'api/data-mappings/company-list', access: 'signed-in' },
  { method: 'POST', path: `${COMPANY}/data_mappings`, handler: 'api/data-mappings/company-create', access: 'signed-in' },
  { method: 'GET', path: `${COMPANY}/data_mappings/{data_mapping_id}`, handler: 'api/data-mappings/company-get', access: 'signed-in' },
  { method: 'PATCH', path: `${COMPANY}/data_mappings/{data_mapping_id}`, handler: 'api/data-mappings/company-update', access: 'signed-in' },
  { method: 'DELETE', path: `${COMPANY}/data_mappings/{data_mapping_id}`, handler: 'api/data-mappings/company-delete', access: 'signed-in' },
  { method: 'GET', path: `${ORG}/data_mappings`, handler: 'api/data-mappings/organization-list', access: 'signed-in' },
  { method: 'POST', path: `${ORG}/data_mappings`, handler: 'api/data-mappings/organization-create', access: 'signed-in' },
  { method: 'GET', path: `${ORG}/data_mappings/{data_mapping_id}`, handler: 'api/data-mappings/organization-get', access: 'signed-in' },
  { method: 'PATCH', path: `${ORG}/data_mappings/{data_mapping_id}`, handler: 'api/data-mappings/organization-update', access: 'signed-in' },
  { method: 'DELETE', path: `${ORG}/data_mappings/{data_mapping_id}`, handler: 'api/data-mappings/organization-delete', access: 'signed-in' },
  { method: 'GET', path: '/api/admin/data_mappings', handler: 'api/data-mappings/admin-list', access: 'signed-in' },
  { method: 'POST', path: '/api/admin/data_mappings', handler: 'api/data-mappings/admin-create', access: 'signed-in' },
  { method: 'GET', path: '/api/admin/data_mappings/{data_mapping_id}', handler: 'api/data-mappings/admin-get', access: 'signed-in' },
  { method: 'PATCH', path: '/api/admin/data_mappings/{data_mapping_id}', handler: 'api/data-mappings/admin-update', access: 'signed-in' },
  { method: 'DELETE', path: '/api/admin/data_mappings/{data_mapping_id}', handler: 'api/data-mappings/admin-delete', access: 'signed-in' },
  { method: 'GET', path: '/api/admin/data_mappings/{data_mapping_id}/whitelist', handler: 'api/data-mappings/whitelist-list', access: 'signed-in' },
  { method: 'POST', path: '/api/admin/data_mappings/{data_mapping_id}/whitelist', handler: 'api/data-mappings/whitelist-create', access: 'signed-in' },
  {
    method: 'DELETE',
    path: '/api/admin/data_mappings/{data_mapping_id}/whitelist/{organization_id}',
    handler: 'api/data-mappings/whitelist-delete',
    access: 'signed-in',
  },
];
