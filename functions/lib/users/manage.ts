import { assignableRoles, can } from '../../../shared/permissions/actions';
import { patchIfUnchanged } from '../db/optimistic-lock';
import { isAdminUser, Role } from '../../../shared/roles';
import {
  FIELD_NOT_SETTABLE_MESSAGE,
  OWN_ROLE_MESSAGE,
  OWN_TENANT_MESSAGE,
  ROLE_NOT_ASSIGNABLE_MESSAGE,
  tenantErrors,
  tenantForRole,
  tenantKindOfRole,
  USER_EXISTS_MESSAGE,
  type TenantKind,
  type CreatedUserResponse,
  type UserCreate,
  type UserTenant,
  type UserUpdate,
} from '../../../shared/schemas/user';
import { recordAudit } from '../audit/record';
import { forgetCaller } from '../tenancy/caller';
import { db } from '../db/service';
import { transactWrite } from '../db/transactions';
import { badRequest, conflict, HttpError, notFound } from '../errors';
import { logger } from '../observability/logger';
import { belongsTo, contextOrganizationId, type UsersContext } from './context';
import {
  deleteIdentity,
  getIdentity,
  mirrorIdentity,
  resetMfa,
  setIdentityEnabled,
  setTemporaryPassword,
  temporaryPassword,
  type IdentitySummary,
} from './identity';
import { sendInvitation } from './invitation';
import { provisionUser } from './provision';
import { claimComparerSeat, SEAT_TAKEN_MESSAGE, seatWrite, type SeatClaim } from './comparer-seats';

/**
 * User management: the domain functions behind every user route. Each takes the resolved context
 * (admin area, organization, company or agency), so the rules are written once whichever path
 * they are reached through.
 */

type UserEntityApi = ReturnType<typeof db>['entities']['user'];
export type UserRecord = NonNullable<Awaited<ReturnType<ReturnType<UserEntityApi['get']>['go']>>['data']>;

/** The user record with this id, if it belongs to the context; otherwise 404. */
export async function loadUser(ctx: UsersContext, userId: string): Promise<UserRecord> {
  const { data } = await db().entities.user.get({ id: userId }).go();
  if (!data || !belongsTo(ctx, data)) throw notFound();
  return data;
}

/** A user the caller manages (may edit, disable, delete): anyone else's is 404, like a page they cannot open. */
export function assertManages(ctx: UsersContext, user: UserRecord) {
  const target = {
    id: user.id,
    current_role: user.role,
    agency_id: user.agency_id ?? null,
    organization_id: user.organization_id ?? null,
    company_id: user.company_id ?? null,
  };
  if (!can(ctx.caller.user, 'user.update', target, ctx.scope)) throw notFound();
}

export async function userByEmail(email: string): Promise<UserRecord | undefined> {
  const wanted = email.trim().toLowerCase();
  const { data } = await db().entities.user.query.byEmail({ email: wanted }).go({ pages: 'all' });
  return data.find((u) => u.email.toLowerCase() === wanted);
}

// ── Tenant of a created or edited user ───────────────────────────────────────────────────────────

type TenantInput = { [K in keyof UserTenant]?: string | null };

/**
 * Where a user with this role will live, given what the body asked for and the context it came
 * through. Fields the context fixes (the organization of an organization route, the company of a
 * company route) may be repeated but not changed; fields the context does not use are refused.
 */
async function resolveTenant(ctx: UsersContext, role: Role, requested: TenantInput, current?: UserTenant) {
  const errors: Record<string, string> = {};
  const merged: UserTenant = {
    agency_id: requested.agency_id !== undefined ? requested.agency_id : (current?.agency_id ?? null),
    organization_id: requested.organization_id !== undefined ? requested.organization_id : (current?.organization_id ?? null),
    company_id: requested.company_id !== undefined ? requested.company_id : (current?.company_id ?? null),
  };
  const kind = tenantKindOfRole(role);
  const allowedKinds: Record<UsersContext['family'], TenantKind[]> = {
    admin: ['platform', 'agency', 'organization', 'company'],
    organization: ['organization', 'company'],
    company: ['company'],
    agency: ['agency'],
  };
  if (!allowedKinds[ctx.family].includes(kind)) errors.role = 'This role cannot be given here.';

  const refuse = (field: keyof UserTenant, fixed: string | null) => {
    const value = requested[field];
    if (value !== undefined && value !== null && value !== fixed) errors[field] = FIELD_NOT_SETTABLE_MESSAGE;
  };
  if (ctx.family === 'organization') {
    refuse('agency_id', null);
    refuse('organization_id', ctx.organization!.id);
    merged.organization_id = ctx.organization!.id;
    merged.agency_id = null;
  } else if (ctx.family === 'company') {
    refuse('agency_id', null);
    refuse('organization_id', ctx.company!.organization_id);
    refuse('company_id', ctx.company!.id);
    merged.organization_id = ctx.company!.organization_id;
    merged.company_id = ctx.company!.id;
    merged.agency_id = null;
  } else if (ctx.family === 'agency') {
    refuse('organization_id', null);
    refuse('company_id', null);
    refuse('agency_id', ctx.agencyId!);
    merged.agency_id = ctx.agencyId!;
  }
  if (Object.keys(errors).length) return { errors, tenant: merged };

  Object.assign(errors, tenantErrors(role, merged));
  const tenant = tenantForRole(role, merged);
  // A company decides its organization; the ids must exist (and, below an organization, belong to
  // it). A company the role does not use is dropped, but still checked: a body never names another
  // tenant's company and gets a 200.
  const namedCompany = tenant.company_id ?? (typeof requested.company_id === 'string' && requested.company_id ? requested.company_id : null);
  if (namedCompany && !errors.company_id) {
    const { data } = await db().entities.company.query.byId({ id: namedCompany }).go();
    const company = data[0];
    const orgFixed = contextOrganizationId(ctx);
    if (!company || (orgFixed && company.organization_id !== orgFixed)) {
      errors.company_id = orgFixed ? 'Choose a company of this organization.' : 'This company does not exist.';
    } else if (merged.organization_id && company.organization_id !== merged.organization_id && ctx.family === 'admin' && requested.organization_id) {
      errors.company_id = 'This company is not part of the chosen organization.';
    } else if (tenant.company_id) {
      tenant.organization_id = company.organization_id;
    }
  }
  if (tenant.organization_id && !errors.organization_id && ctx.family === 'admin') {
    const { data } = await db().entities.organization.get({ id: tenant.organization_id }).go();
    if (!data) errors.organization_id = 'This organization does not exist.';
  }
  if (tenant.agency_id && !errors.agency_id && ctx.family === 'admin') {
    const { data } = await db().entities.agency.get({ id: tenant.agency_id }).go();
    if (!data) errors.agency_id = 'This agency does not exist.';
  }
  return { errors, tenant };
}

function refuseWith(errors: Record<string, string>): never {
  const fields = Object.keys(errors);
  const message = fields.length === 1 && fields[0] === 'role' ? errors.role : `Invalid request: check ${fields.join(', ')}`;
  throw badRequest(message, errors);
}

// ── Comparer limit ───────────────────────────────────────────────────────────────────────────────

/**
 * The user's write, with their comparer seat when they take one: in one transaction, so two
 * changes at once cannot hand out more seats than the limit. A stale user (`updatedAt` given) or a
 * seat taken meanwhile is 409 and writes nothing.
 */
async function writeUser(user: UserRecord, seat: SeatClaim | null, set: UserPatch, remove: UserRemove, updatedAt?: string): Promise<UserRecord> {
  if (!seat) {
    const op = remove.length ? db().entities.user.patch({ id: user.id }).set(set).remove(remove) : db().entities.user.patch({ id: user.id }).set(set);
    if (!updatedAt) return (await op.go({ response: 'all_new' })).data as UserRecord;
    return patchIfUnchanged(updatedAt, (unchanged) => op.where(unchanged).go({ response: 'all_new' })) as Promise<UserRecord>;
  }
  const { failedConditions } = await transactWrite((entities) => {
    let op = entities.user.patch({ id: user.id }).set(set);
    if (remove.length) op = op.remove(remove);
    return [(updatedAt ? op.where((a, o) => o.eq(a.updated_at, updatedAt)) : op).commit(), seatWrite(entities, seat, user.id)];
  });
  if (failedConditions.includes(0)) throw conflict();
  if (failedConditions.length) throw new HttpError(409, SEAT_TAKEN_MESSAGE, { role: SEAT_TAKEN_MESSAGE });
  return (await db().entities.user.get({ id: user.id }).go({ consistent: true })).data as UserRecord;
}

type UserPatch = Parameters<ReturnType<UserEntityApi['patch']>['set']>[0];
type UserRemove = Parameters<ReturnType<ReturnType<UserEntityApi['patch']>['set']>['remove']>[0];

// ── Create ───────────────────────────────────────────────────────────────────────────────────────

export async function createUser(ctx: UsersContext, body: UserCreate): Promise<CreatedUserResponse> {
  const actor = ctx.caller.user;
  if (assignableRoles(actor).length === 0) throw notFound();
  const { errors, tenant } = await resolveTenant(ctx, body.role, body);
  if (!errors.role && !assignableRoles(actor).includes(body.role)) errors.role = ROLE_NOT_ASSIGNABLE_MESSAGE;
  if (Object.keys(errors).length) refuseWith(errors);
  if (!can(actor, 'user.create', { role: body.role, ...tenant }, ctx.scope)) throw notFound();
  const seat = await claimComparerSeat(body.role, tenant.organization_id);
  if (await userByEmail(body.email)) throw new HttpError(409, USER_EXISTS_MESSAGE, { email: USER_EXISTS_MESSAGE });

  const created = await provisionUser(
    {
      email: body.email,
      role: body.role,
      tenant,
      first_name: body.first_name,
      last_name: body.last_name,
      phone: body.phone,
      job_title: body.job_title,
      billing_contact: body.billing_contact,
    },
    { id: actor.id, name: nameOf(actor) },
    seat,
  );
  logger.info('user created', { user: created.id, role: body.role, by: actor.id });
  return created;
}

const nameOf = (u: { first_name?: string | null; last_name?: string | null }) =>
  [u.first_name, u.last_name].filter(Boolean).join(' ') || null;

function definedOnly<T extends object>(values: T): Partial<{ [K in keyof T]: NonNullable<T[K]> }> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null && v !== undefined)) as Partial<{
    [K in keyof T]: NonNullable<T[K]>;
  }>;
}

// ── Update ───────────────────────────────────────────────────────────────────────────────────────

export async function updateUser(ctx: UsersContext, userId: string, body: UserUpdate): Promise<UserRecord> {
  const actor = ctx.caller.user;
  const user = await loadUser(ctx, userId);
  const self = user.id === actor.id;
  const { updated_at, role: requestedRole, agency_id, organization_id, company_id, ...profile } = body;
  const role = (requestedRole ?? user.role) as Role;
  const roleChanges = requestedRole !== undefined && requestedRole !== user.role;
  const current: UserTenant = {
    agency_id: user.agency_id ?? null,
    organization_id: user.organization_id ?? null,
    company_id: user.company_id ?? null,
  };

  if (self) {
    // Nobody raises (or otherwise changes) their own role, or moves themselves to another tenant.
    const errors: Record<string, string> = {};
    if (roleChanges) errors.role = OWN_ROLE_MESSAGE;
    for (const [field, value] of Object.entries({ agency_id, organization_id, company_id }) as [keyof UserTenant, string | null | undefined][]) {
      if (value !== undefined && (value ?? null) !== current[field]) errors[field] = OWN_TENANT_MESSAGE;
    }
    if (Object.keys(errors).length) refuseWith(errors);
  } else {
    assertManages(ctx, user);
  }

  let tenant = current;
  const tenantRequested = agency_id !== undefined || organization_id !== undefined || company_id !== undefined;
  if (!self && (roleChanges || tenantRequested)) {
    const resolved = await resolveTenant(ctx, role, { agency_id, organization_id, company_id }, current);
    if (roleChanges && !resolved.errors.role && !assignableRoles(actor).includes(role)) resolved.errors.role = ROLE_NOT_ASSIGNABLE_MESSAGE;
    if (Object.keys(resolved.errors).length) refuseWith(resolved.errors);
    tenant = resolved.tenant;
    // The current role was checked against the current tenant (assertManages); the new one against the new tenant.
    if (!can(actor, 'user.update', { id: user.id, role, ...tenant }, ctx.scope)) throw notFound();
  }

  const movesIntoComparerSeat =
    role === 'ORGANIZATION_COMPARER' && !user.disabled && (user.role !== role || tenant.organization_id !== current.organization_id);
  const seat = movesIntoComparerSeat ? await claimComparerSeat(role, tenant.organization_id, user.id) : null;

  const set = {
    ...definedOnly({ first_name: profile.first_name, last_name: profile.last_name, billing_contact: profile.billing_contact }),
    ...definedOnly({ phone: profile.phone, job_title: profile.job_title }),
    ...definedOnly(tenant),
    role,
    updated_by_user_id: actor.id,
  };
  const remove = [
    ...(profile.phone === null ? ['phone' as const] : []),
    ...(profile.job_title === null ? ['job_title' as const] : []),
    ...(Object.entries(tenant) as [keyof UserTenant, string | null][]).filter(([k, v]) => !v && current[k]).map(([k]) => k),
  ];
  const updated = await writeUser(user, seat, set, remove, updated_at);
  forgetCaller(user.id);

  const mirrorChanged =
    updated.role !== user.role ||
    (['agency_id', 'organization_id', 'company_id', 'first_name', 'last_name'] as const).some((k) => (updated[k] ?? null) !== (user[k] ?? null));
  if (mirrorChanged) {
    try {
      await mirrorIdentity(updated.id, updated);
    } catch (error) {
      // The record is the authority (the API reads it on every request); the mirror catches up on the next edit.
      logger.error('could not mirror the user record into the identity service', { user: updated.id, error });
    }
  }
  if (updated.role !== user.role) logger.info('user role changed', { user: updated.id, from: user.role, to: updated.role, by: actor.id });
  await recordAudit(ctx.caller, {
    action: 'USER_ROLE_CHANGED',
    organization_id: updated.organization_id ?? user.organization_id,
    company_id: updated.company_id ?? user.company_id,
    target_type: 'USER',
    target_id: updated.id,
    target_name: [updated.first_name, updated.last_name].filter(Boolean).join(' '),
    fields: (['role', 'agency_id', 'organization_id', 'company_id'] as const).filter((k) => (updated[k] ?? null) !== (user[k] ?? null)),
    detail: updated.role !== user.role ? `${user.role} → ${updated.role}` : null,
  });
  return updated;
}

// ── Disable, enable, delete ──────────────────────────────────────────────────────────────────────

export async function setUserDisabled(ctx: UsersContext, userId: string, disabled: boolean): Promise<UserRecord> {
  const user = await loadUser(ctx, userId);
  if (user.id === ctx.caller.user.id) throw badRequest(disabled ? 'You cannot disable yourself.' : 'You cannot enable yourself.');
  assertManages(ctx, user);
  const seat = !disabled && user.disabled ? await claimComparerSeat(user.role, user.organization_id ?? null, user.id) : null;
  // Disable the record first (the API refuses the user at once), then the account; enable the other way round.
  const write = async () => {
    const data = await writeUser(user, seat, { disabled, updated_by_user_id: ctx.caller.user.id }, []);
    forgetCaller(user.id);
    return data;
  };
  let updated: UserRecord;
  if (disabled) {
    updated = await write();
    await setIdentityEnabled(user.id, false);
  } else {
    await setIdentityEnabled(user.id, true);
    // A seat taken meanwhile leaves the record disabled: the account goes back with it.
    updated = await write().catch(async (error: unknown) => {
      await setIdentityEnabled(user.id, false);
      throw error;
    });
  }
  logger.info(disabled ? 'user disabled' : 'user enabled', { user: user.id, by: ctx.caller.user.id });
  await recordAudit(ctx.caller, {
    action: disabled ? 'USER_DISABLED' : 'USER_ENABLED',
    organization_id: user.organization_id,
    company_id: user.company_id,
    target_type: 'USER',
    target_id: user.id,
    target_name: [user.first_name, user.last_name].filter(Boolean).join(' '),
  });
  return updated;
}

export async function deleteUser(ctx: UsersContext, userId: string): Promise<void> {
  const user = await loadUser(ctx, userId);
  if (user.id === ctx.caller.user.id) throw badRequest('You cannot delete yourself.');
  const target = {
    id: user.id,
    role: user.role,
    current_role: user.role,
    agency_id: user.agency_id ?? null,
    organization_id: user.organization_id ?? null,
    company_id: user.company_id ?? null,
  };
  if (!can(ctx.caller.user, 'user.delete', target, ctx.scope)) throw notFound();
  // The account goes first: a record without an account cannot sign in, an account without a record could.
  await deleteIdentity(user.id);
  const { data: rows } = await db().entities.usersWhitelist.query.byUser({ user_id: user.id }).go({ pages: 'all' });
  for (const row of rows) await db().entities.usersWhitelist.delete({ user_id: row.user_id, id: row.id }).go();
  await db().entities.user.delete({ id: user.id }).go();
  forgetCaller(user.id);
  logger.info('user deleted', { user: user.id, by: ctx.caller.user.id });
}

// ── The Cognito side: identity, invitation, MFA ──────────────────────────────────────────────────

export async function userIdentity(ctx: UsersContext, userId: string): Promise<IdentitySummary> {
  const user = await loadUser(ctx, userId);
  if (user.id !== ctx.caller.user.id) assertManages(ctx, user);
  const identity = await getIdentity(user.id);
  if (!identity) throw notFound('This user has no sign-in account.');
  return identity;
}

export const ALREADY_SIGNED_IN_MESSAGE =
  'This user has already signed in and chosen a password; they can use "Forgot password" on the sign-in page.';

export async function resendInvitation(ctx: UsersContext, userId: string): Promise<IdentitySummary> {
  const user = await loadUser(ctx, userId);
  assertManages(ctx, user);
  if (user.disabled) throw badRequest('This user is disabled. Enable them before resending the invitation.');
  const identity = await getIdentity(user.id);
  if (!identity) throw notFound('This user has no sign-in account.');
  if (identity.status !== 'FORCE_CHANGE_PASSWORD') throw badRequest(ALREADY_SIGNED_IN_MESSAGE);
  const password = temporaryPassword();
  await setTemporaryPassword(user.id, password);
  await sendInvitation({ email: user.email, firstName: user.first_name, temporaryPassword: password, invitedBy: nameOf(ctx.caller.user) });
  logger.info('invitation resent', { user: user.id, by: ctx.caller.user.id });
  return (await getIdentity(user.id)) ?? identity;
}

export async function resetUserMfa(ctx: UsersContext, userId: string): Promise<IdentitySummary> {
  const user = await loadUser(ctx, userId);
  if (user.id === ctx.caller.user.id && !isAdminUser(ctx.caller.user)) throw notFound();
  if (user.id !== ctx.caller.user.id) assertManages(ctx, user);
  const identity = await getIdentity(user.id);
  if (!identity) throw notFound('This user has no sign-in account.');
  // Nothing to reset is not an error: the outcome the administrator wanted already holds.
  if (!identity.mfa_enabled) return identity;
  await resetMfa(user.id);
  // An administrator whose MFA is reset is held to set it up again from their next request on.
  forgetCaller(user.id);
  logger.info('user MFA reset', { user: user.id, by: ctx.caller.user.id });
  return (await getIdentity(user.id)) ?? identity;
}
