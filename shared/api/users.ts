import { z } from 'zod';
import { assigneeResponse } from '../schemas/completion';
import { pageOf } from '../schemas/paging';
import {
  createdUserResponse,
  userCreateSchema,
  userIdentityResponse,
  userListQuerySchema,
  userResponse,
  userStateChangeSchema,
  userUpdateSchema,
  usersPageResponse,
  usersWhitelistCreateSchema,
  usersWhitelistResponse,
} from '../schemas/user';
import type { RouteGate } from '../permissions/route-gates';
import { endpoint } from './endpoint';

/**
 * Users (SPEC §3 User, §7): the same operations under four tenants, the admin area (every user),
 * an organization, a company and an agency. The tenant of the path is checked before anything
 * else, so a user of another tenant is a 404 whichever path it was asked through. A user the caller
 * may see but not manage is a 404 too on the writes, like a page they cannot open.
 */
const userId = { user_id: z.string().min(1) };

/** The eleven operations on users below one tenant path (`where` names the tenant in the summaries). */
function usersUnder<S extends z.ZodRawShape>(base: string, tenantShape: S, where: string, gate: RouteGate) {
  const USERS = `${base}/users`;
  const USER = `${USERS}/{user_id}`;
  const tenant = z.object(tenantShape);
  const userParams = z.object({ ...tenantShape, ...userId });
  return {
    list: endpoint({
      method: 'GET',
      path: USERS,
      gate,
      summary: `${where}, by e-mail, narrowed by company_id and roles (a comma list)`,
      params: tenant,
      query: userListQuerySchema,
      response: usersPageResponse,
    }),
    create: endpoint({
      method: 'POST',
      path: USERS,
      gate,
      summary: `Creates a user of ${where.toLowerCase()} with a sign-in account and e-mails the invitation; 409 when the e-mail is taken`,
      params: tenant,
      body: userCreateSchema,
      status: 201,
      response: createdUserResponse,
      errors: [409],
    }),
    get: endpoint({ method: 'GET', path: USER, gate, summary: 'A user', params: userParams, response: userResponse }),
    update: endpoint({
      method: 'PATCH',
      path: USER,
      gate,
      summary: 'Edits profile, role and tenant with the updated_at that was read (stale: 409); nobody changes their own role or tenant',
      params: userParams,
      body: userUpdateSchema,
      response: userResponse,
      errors: [409],
    }),
    remove: endpoint({
      method: 'DELETE',
      path: USER,
      gate,
      summary: 'Deletes the user, their sign-in account and what was shared with them',
      params: userParams,
      status: 204,
      response: null,
    }),
    identity: endpoint({
      method: 'GET',
      path: `${USER}/identity`,
      gate,
      summary: "The user's sign-in account: status, enabled, MFA",
      params: userParams,
      response: userIdentityResponse,
    }),
    disable: endpoint({
      method: 'POST',
      path: `${USER}/disable`,
      gate,
      summary: 'Disables the user and their sign-in account',
      params: userParams,
      body: userStateChangeSchema,
      response: userResponse,
    }),
    enable: endpoint({
      method: 'POST',
      path: `${USER}/enable`,
      gate,
      summary: 'Enables the user and their sign-in account (within the organization comparer limit)',
      params: userParams,
      body: userStateChangeSchema,
      response: userResponse,
    }),
    resendInvitation: endpoint({
      method: 'POST',
      path: `${USER}/resend_invitation`,
      gate,
      summary: 'A new temporary password e-mailed to a user who has not signed in yet',
      params: userParams,
      body: userStateChangeSchema,
      response: userIdentityResponse,
    }),
    resetMfa: endpoint({
      method: 'POST',
      path: `${USER}/reset_mfa`,
      gate,
      summary: "Turns off the user's MFA methods so they set one up at next sign-in",
      params: userParams,
      body: userStateChangeSchema,
      response: userIdentityResponse,
    }),
    clearEmailSuppression: endpoint({
      method: 'POST',
      path: `${USER}/clear_email_suppression`,
      gate,
      summary: "E-mails the user's address again after it bounced or complained (once the address is fixed)",
      params: userParams,
      body: userStateChangeSchema,
      response: userIdentityResponse,
    }),
  };
}

const organizationId = { organization_id: z.string().min(1) };
const companyId = { company_id: z.string().min(1) };

export const adminUsers = usersUnder('/api/admin', {}, 'Every user of the platform', 'platform.admin');
export const organizationUsers = usersUnder('/api/organizations/{organization_id}', organizationId, "An organization's users", 'organization.users');
export const companyUsers = usersUnder('/api/companies/{company_id}', companyId, "A company's users", 'company');
export const agencyUsers = usersUnder('/api/agencies/{agency_id}', { agency_id: z.string().min(1) }, "An agency's users", 'agencies');

export const listOrganizationAgencyUsers = endpoint({
  method: 'GET',
  path: '/api/organizations/{organization_id}/agency_users',
  gate: 'organization',
  summary: 'The users of the agencies linked to an organization (its agency contacts), all in one page by name',
  params: z.object(organizationId),
  response: usersPageResponse,
});

export const listCompanyEligibleAssignees = endpoint({
  method: 'GET',
  path: '/api/companies/{company_id}/eligible_assignees',
  gate: 'company',
  summary: "Who may audit or verify the company's comparisons or take part in its renewals, all in one page by name",
  params: z.object(companyId),
  response: pageOf(assigneeResponse),
});

// ── Sharing an organization or company with a user (admin area) ─────────────────────────────────

const whitelistParams = z.object(userId);

export const listUserWhitelist = endpoint({
  method: 'GET',
  path: '/api/admin/users/{user_id}/whitelist',
  gate: 'platform.admin',
  summary: 'The organizations and companies shared with a user, beyond their own tenant',
  params: whitelistParams,
  response: pageOf(usersWhitelistResponse),
});

export const createUserWhitelist = endpoint({
  method: 'POST',
  path: '/api/admin/users/{user_id}/whitelist',
  gate: 'platform.admin',
  summary: 'Shares an organization (organization_id alone) or one company of it with an organization or company user; sharing it again answers 200 with the row that exists',
  params: whitelistParams,
  body: usersWhitelistCreateSchema,
  status: 201,
  alsoAnswers: [200],
  response: usersWhitelistResponse,
});

export const deleteUserWhitelist = endpoint({
  method: 'DELETE',
  path: '/api/admin/users/{user_id}/whitelist/{whitelist_id}',
  gate: 'platform.admin',
  summary: 'Stops sharing that organization or company',
  params: whitelistParams.extend({ whitelist_id: z.string().min(1) }),
  status: 204,
  response: null,
});
