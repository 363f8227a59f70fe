import * as api from '../../shared/api/comparisons';
import * as mappings from '../../shared/api/data-mappings';
import { routeOf, type RouteDef } from './types';

/**
 * Comparison set-up (steps 1–5): comparisons, their files (presigned upload, parse), data
 * points with suggestions and templates, and data mappings at company, organization and admin
 * level. Reading a whole parsed file (identifier check, distinct values) gets a longer timeout and
 * more memory; reading an upload is a background job (functions/pipeline.ts, FileParse). Handlers are thin modules over functions/lib/comparisons/.
 */
const heavy = { timeoutSeconds: 300, memoryMb: 3008 };

export const comparisonsRoutes: RouteDef[] = [
  routeOf(api.listComparisons, 'api/comparisons/list'),
  routeOf(api.createComparison, 'api/comparisons/create'),
  routeOf(api.listOrganizationComparisons, 'api/comparisons/list-organization'),
  routeOf(api.getComparison, 'api/comparisons/get'),
  routeOf(api.updateComparison, 'api/comparisons/update'),
  // Emptying a big comparison (every object, every result item) may outlast API Gateway's 30 s; the
  // function carries on after the gateway gives up, and the comparison stays listed until it is done.
  routeOf(api.deleteComparison, 'api/comparisons/delete', { timeoutSeconds: 300 }),

  routeOf(api.createFileUpload, 'api/files/create'),
  routeOf(api.signFileUploadParts, 'api/files/upload-parts'),
  routeOf(api.completeFileUpload, 'api/files/upload-complete'),
  routeOf(api.abortFileUpload, 'api/files/upload-abort'),
  routeOf(api.getFile, 'api/files/get'),
  // Starts the FileParse state machine and waits at most 25 s for it (config.parseWaitSeconds).
  routeOf(api.parseFile, 'api/files/parse'),
  routeOf(api.getFileRows, 'api/files/rows'),

  routeOf(api.listDataPoints, 'api/data-points/list'),
  routeOf(api.putDataPoints, 'api/data-points/put', heavy),
  routeOf(api.getDataPointSuggestions, 'api/data-points/suggestions'),
  routeOf(api.applyDataPointsTemplate, 'api/data-points/apply-template', heavy),
  routeOf(api.updateDataPoint, 'api/data-points/update'),
  routeOf(api.getDataPointValues, 'api/data-points/values', heavy),

  routeOf(api.listCompanyDataPointsTemplates, 'api/templates/company-list'),
  routeOf(api.createCompanyDataPointsTemplate, 'api/templates/company-create'),
  routeOf(api.getCompanyDataPointsTemplate, 'api/templates/company-get'),
  routeOf(api.updateCompanyDataPointsTemplate, 'api/templates/company-update'),
  routeOf(api.deleteCompanyDataPointsTemplate, 'api/templates/company-delete'),
  routeOf(api.listOrganizationDataPointsTemplates, 'api/templates/organization-list'),
  routeOf(api.createOrganizationDataPointsTemplate, 'api/templates/organization-create'),
  routeOf(api.getOrganizationDataPointsTemplate, 'api/templates/organization-get'),
  routeOf(api.updateOrganizationDataPointsTemplate, 'api/templates/organization-update'),
  routeOf(api.deleteOrganizationDataPointsTemplate, 'api/templates/organization-delete'),

  routeOf(mappings.listCompanyDataMappings, 'api/data-mappings/company-list'),
  routeOf(mappings.createCompanyDataMapping, 'api/data-mappings/company-create'),
  routeOf(mappings.getCompanyDataMapping, 'api/data-mappings/company-get'),
  routeOf(mappings.updateCompanyDataMapping, 'api/data-mappings/company-update'),
  routeOf(mappings.deleteCompanyDataMapping, 'api/data-mappings/company-delete'),
  routeOf(mappings.listOrganizationDataMappings, 'api/data-mappings/organization-list'),
  routeOf(mappings.createOrganizationDataMapping, 'api/data-mappings/organization-create'),
  routeOf(mappings.getOrganizationDataMapping, 'api/data-mappings/organization-get'),
  routeOf(mappings.updateOrganizationDataMapping, 'api/data-mappings/organization-update'),
  routeOf(mappings.deleteOrganizationDataMapping, 'api/data-mappings/organization-delete'),
  routeOf(mappings.listAdminDataMappings, 'api/data-mappings/admin-list'),
  routeOf(mappings.createAdminDataMapping, 'api/data-mappings/admin-create'),
  routeOf(mappings.getAdminDataMapping, 'api/data-mappings/admin-get'),
  routeOf(mappings.updateAdminDataMapping, 'api/data-mappings/admin-update'),
  routeOf(mappings.deleteAdminDataMapping, 'api/data-mappings/admin-delete'),
  routeOf(mappings.listDataMappingWhitelist, 'api/data-mappings/whitelist-list'),
  routeOf(mappings.shareDataMapping, 'api/data-mappings/whitelist-create'),
  routeOf(mappings.unshareDataMapping, 'api/data-mappings/whitelist-delete'),
];
