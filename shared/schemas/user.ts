import { z } from 'zod';
import { REQUIRED } from '../messages';
import { Role, ROLES_BY_USER_TYPE } from '../roles';
import { emailSchema, optionalTrimmedString, phoneSchema, requiredString } from '../validation';
import { pageOf } from './paging';
import { audit, id, instant, maybe } from './records';

/**
 * Bodies of the user-management API (SPEC §3 User, §5), shared by the handlers and the web forms.
 * Every schema is strict: a field the caller may not send is named in the 400 ('This field cannot
 * be set here') instead of being silently dropped. Which role and tenant a caller may give is
 * decided by the handler (shared/permissions), since it depends on who is asking and where.
 */

const roleSchema = z.enum(Role.values as [Role, ...Role[]], { error: REQUIRED });
/** A tenant id; '' or null from a cleared select means "none". */
const tenantId = () =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null));
const optionalPhone = () =>
  z
    .string()
    .nullish()
    .transform((v) => (v ? v : ''))
    .pipe(phoneSchema())
    .transform((v) => (v ? v : null));

export const userCreateSchema = z
  .object({
    email: emailSchema().transform((v) => v.toLowerCase()),
    first_name: requiredString(),
    last_name: requiredString(),
    role: roleSchema,
    agency_id: tenantId(),
    organization_id: tenantId(),
    company_id: tenantId(),
    phone: optionalPhone(),
    job_title: optionalTrimmedString(),
    billing_contact: z.boolean().optional(),
  })
  .strict();
export type UserCreate = z.infer<typeof userCreateSchema>;

/** PATCH …/users/{user_id}: any subset of the editable fields, plus the updated_at that was read. */
export const userUpdateSchema = z
  .object({
    first_name: requiredString().optional(),
    last_name: requiredString().optional(),
    role: roleSchema.optional(),
    agency_id: tenantId().optional(),
    organization_id: tenantId().optional(),
    company_id: tenantId().optional(),
    phone: optionalPhone().optional(),
    job_title: optionalTrimmedString().optional(),
    billing_contact: z.boolean().optional(),
    updated_at: z.string({ error: REQUIRED }).min(1, REQUIRED),
  })
  .strict();
export type UserUpdate = z.infer<typeof userUpdateSchema>;

/** POST …/disable and …/enable take no fields; an optional empty object is accepted. */
export const userStateChangeSchema = z.object({}).strict().optional();

/** POST /api/admin/users/{user_id}/whitelist: share an organization, or one company of it. */
export const usersWhitelistCreateSchema = z
  .object({
    organization_id: requiredString(),
    company_id: tenantId(),
  })
  .strict();

/** List queries: `?limit=&cursor=` plus the filters of SPEC §7 (`company_id`, `roles` as a comma list). */
export const userListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1, 'limit must be between 1 and 1000').max(1000, 'limit must be between 1 and 1000').optional(),
  cursor: z.string().optional(),
  company_id: z.string().optional(),
  roles: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',').map((r) => r.trim()).filter(Boolean) : undefined))
    .pipe(z.array(roleSchema).optional()),
});
export type UserListQuery = z.infer<typeof userListQuerySchema>;

// ── Role ↔ tenant shape ─────────────────────────────────────────────────────────────────────────

export type TenantKind = 'platform' | 'agency' | 'organization' | 'company';

/** Which tenant a role lives in: platform staff none, agency roles an agency, and so on. */
export function tenantKindOfRole(role: Role): TenantKind {
  if (role === 'AGENCY_ADMIN' || role === 'AGENCY_USER') return 'agency';
  if (ROLES_BY_USER_TYPE.organization.includes(role)) return 'organization';
  if (ROLES_BY_USER_TYPE.company.includes(role)) return 'company';
  return 'platform';
}

export interface UserTenant {
  agency_id: string | null;
  organization_id: string | null;
  company_id: string | null;
}

/**
 * The tenant fields a role requires, as field errors: an agency role needs agency_id, an
 * organization role organization_id, a company role company_id (its organization is the
 * company's). Fields a role does not use are cleared by `tenantForRole`, not refused.
 */
export function tenantErrors(role: Role, tenant: Partial<UserTenant>): Record<string, string> {
  const kind = tenantKindOfRole(role);
  if (kind === 'agency' && !tenant.agency_id) return { agency_id: REQUIRED };
  if (kind === 'organization' && !tenant.organization_id) return { organization_id: REQUIRED };
  if (kind === 'company' && !tenant.company_id) return { company_id: REQUIRED };
  return {};
}

/** Keeps only the tenant fields the role uses. */
export function tenantForRole(role: Role, tenant: Partial<UserTenant>): UserTenant {
  const kind = tenantKindOfRole(role);
  return {
    agency_id: kind === 'agency' ? (tenant.agency_id ?? null) : null,
    organization_id: kind === 'organization' || kind === 'company' ? (tenant.organization_id ?? null) : null,
    company_id: kind === 'company' ? (tenant.company_id ?? null) : null,
  };
}

/** The display name of a user: first and last name, or the e-mail when there is none. */
export function userDisplayName(user: { first_name?: string | null; last_name?: string | null; email?: string | null }): string {
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ').trim();
  return name || user.email || '';
}

export const USER_EXISTS_MESSAGE = 'A user with this email already exists.';
export const OWN_ROLE_MESSAGE = 'You cannot change your own role.';
export const ROLE_NOT_ASSIGNABLE_MESSAGE = 'You cannot give this role.';
export const FIELD_NOT_SETTABLE_MESSAGE = 'This field cannot be set here';
export const OWN_TENANT_MESSAGE = 'You cannot move yourself to another organization, company or agency.';

// ── Responses ────────────────────────────────────────────────────────────────────────────────────

/** A user as the API shows it (SPEC §3 User). */
export const userResponse = z.strictObject({
  id: id(),
  username: z.string(),
  email: z.string(),
  role: z.string(),
  agency_id: maybe(z.string()),
  organization_id: maybe(z.string()),
  company_id: maybe(z.string()),
  disabled: maybe(z.boolean()),
  first_name: maybe(z.string()),
  last_name: maybe(z.string()),
  phone: maybe(z.string()),
  job_title: maybe(z.string()),
  billing_contact: maybe(z.boolean()),
  last_active_at: maybe(z.string()),
  ...audit,
});

/** A page of users (the lists of each tenant, an organization's agency contacts). */
export const usersPageResponse = pageOf(userResponse);

/** The role flags GET /api/me adds, so the web need not re-derive them. */
export const userFlagsResponse = z.strictObject({
  isAdminUser: z.boolean(),
  isAdminComparerUser: z.boolean(),
  isAgencyUser: z.boolean(),
  isOrganizationUser: z.boolean(),
  isCompanyUser: z.boolean(),
  isAdminOrAgencyOrganizationUser: z.boolean(),
  isAdminOrAgencyAdminUser: z.boolean(),
  isVerifyOnlyUser: z.boolean(),
});

/** GET /api/me: the caller's own record with their role flags. */
export const meResponse = z.strictObject({ ...userResponse.shape, ...userFlagsResponse.shape });

/** POST …/users: the new user, and whether the invitation e-mail went out (the account exists either way). */
export const createdUserResponse = z.strictObject({ ...userResponse.shape, invitation_sent: z.boolean() });
export type CreatedUserResponse = z.infer<typeof createdUserResponse>;

/**
 * GET …/users/{user_id}/identity, and the answer of resend_invitation and reset_mfa: the sign-in
 * account as the identity service reports it. Never a password, secret or token.
 */
export const userIdentityResponse = z.strictObject({
  username: z.string(),
  /** Cognito's account status: FORCE_CHANGE_PASSWORD until the invitation is used, then CONFIRMED. */
  status: z.string().nullable(),
  enabled: z.boolean(),
  email_verified: z.boolean(),
  mfa_enabled: z.boolean(),
  mfa_methods: z.array(z.string()),
  preferred_mfa: z.string().nullable(),
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
  /** Set when SES reported the address bounced or complained: the platform no longer e-mails it. */
  email_suppression: z
    .strictObject({
      reason: z.enum(['BOUNCE', 'COMPLAINT']),
      /** SES's bounce type/subtype or complaint feedback type. */
      detail: z.string().nullable(),
      suppressed_at: z.string(),
    })
    .nullable(),
});
export type UserIdentityResponse = z.infer<typeof userIdentityResponse>;

/** An organization (no company_id) or one company of it shared with an organization or company user. */
export const usersWhitelistResponse = z.strictObject({
  id: id(),
  user_id: id(),
  organization_id: id(),
  company_id: maybe(z.string()),
  created_by_user_id: maybe(z.string()),
  updated_at: instant(),
});
export type UsersWhitelistResponse = z.infer<typeof usersWhitelistResponse>;
