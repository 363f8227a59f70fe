import * as api from '../../shared/api/users';
import { routeOf, type RouteDef } from './types';

/**
 * Users (SPEC §7): the same operations under the admin area, an organization, a company and an
 * agency; the tenant of the path is checked before anything else (404 outside it). Handlers are
 * one-line modules over functions/lib/users/handlers.ts.
 */
export const usersRoutes: RouteDef[] = [
  routeOf(api.adminUsers.list, 'api/users/admin/list'),
  routeOf(api.adminUsers.create, 'api/users/admin/create'),
  routeOf(api.adminUsers.get, 'api/users/admin/get'),
  routeOf(api.adminUsers.update, 'api/users/admin/update'),
  routeOf(api.adminUsers.remove, 'api/users/admin/delete'),
  routeOf(api.adminUsers.identity, 'api/users/admin/identity'),
  routeOf(api.adminUsers.disable, 'api/users/admin/disable'),
  routeOf(api.adminUsers.enable, 'api/users/admin/enable'),
  routeOf(api.adminUsers.resendInvitation, 'api/users/admin/resend-invitation'),
  routeOf(api.adminUsers.resetMfa, 'api/users/admin/reset-mfa'),
  routeOf(api.adminUsers.clearEmailSuppression, 'api/users/admin/clear-email-suppression'),

  routeOf(api.organizationUsers.list, 'api/users/organization/list'),
  routeOf(api.organizationUsers.create, 'api/users/organization/create'),
  routeOf(api.organizationUsers.get, 'api/users/organization/get'),
  routeOf(api.organizationUsers.update, 'api/users/organization/update'),
  routeOf(api.organizationUsers.remove, 'api/users/organization/delete'),
  routeOf(api.organizationUsers.identity, 'api/users/organization/identity'),
  routeOf(api.organizationUsers.disable, 'api/users/organization/disable'),
  routeOf(api.organizationUsers.enable, 'api/users/organization/enable'),
  routeOf(api.organizationUsers.resendInvitation, 'api/users/organization/resend-invitation'),
  routeOf(api.organizationUsers.resetMfa, 'api/users/organization/reset-mfa'),
  routeOf(api.organizationUsers.clearEmailSuppression, 'api/users/organization/clear-email-suppression'),

  routeOf(api.companyUsers.list, 'api/users/company/list'),
  routeOf(api.companyUsers.create, 'api/users/company/create'),
  routeOf(api.companyUsers.get, 'api/users/company/get'),
  routeOf(api.companyUsers.update, 'api/users/company/update'),
  routeOf(api.companyUsers.remove, 'api/users/company/delete'),
  routeOf(api.companyUsers.identity, 'api/users/company/identity'),
  routeOf(api.companyUsers.disable, 'api/users/company/disable'),
  routeOf(api.companyUsers.enable, 'api/users/company/enable'),
  routeOf(api.companyUsers.resendInvitation, 'api/users/company/resend-invitation'),
  routeOf(api.companyUsers.resetMfa, 'api/users/company/reset-mfa'),
  routeOf(api.companyUsers.clearEmailSuppression, 'api/users/company/clear-email-suppression'),

  routeOf(api.agencyUsers.list, 'api/users/agency/list'),
  routeOf(api.agencyUsers.create, 'api/users/agency/create'),
  routeOf(api.agencyUsers.get, 'api/users/agency/get'),
  routeOf(api.agencyUsers.update, 'api/users/agency/update'),
  routeOf(api.agencyUsers.remove, 'api/users/agency/delete'),
  routeOf(api.agencyUsers.identity, 'api/users/agency/identity'),
  routeOf(api.agencyUsers.disable, 'api/users/agency/disable'),
  routeOf(api.agencyUsers.enable, 'api/users/agency/enable'),
  routeOf(api.agencyUsers.resendInvitation, 'api/users/agency/resend-invitation'),
  routeOf(api.agencyUsers.resetMfa, 'api/users/agency/reset-mfa'),
  routeOf(api.agencyUsers.clearEmailSuppression, 'api/users/agency/clear-email-suppression'),
  routeOf(api.listOrganizationAgencyUsers, 'api/users/organization/agency-users'),
  routeOf(api.listCompanyEligibleAssignees, 'api/users/company/eligible-assignees'),
  routeOf(api.listUserWhitelist, 'api/users/admin/whitelist/list'),
  routeOf(api.createUserWhitelist, 'api/users/admin/whitelist/create'),
  routeOf(api.deleteUserWhitelist, 'api/users/admin/whitelist/delete'),
];
