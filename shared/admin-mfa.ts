import type { UserLike } from './roles';

/**
 * Two-step verification for administrators. Cognito sets MFA for the whole user pool and cannot
 * require it for a group, so the API holds the administrator roles to it: in deployed stages such
 * a user without an MFA method is refused every route but those needed to set it up (their own
 * record, which the profile page reads and edits) until they have one.
 *
 * The roles: the platform's DMS Admin, DMS Compare Access (reaches every organization's
 * comparisons and exports their full SSNs), the agency admin (manages the users of an agency and
 * reaches every organization it manages) and the organization admin. Company admins and the other
 * roles may still choose, but an export holding full SSNs asks every role for MFA (below).
 */
export const ADMIN_MFA_ROLES: readonly string[] = ['ADMIN', 'ADMIN_COMPARER', 'AGENCY_ADMIN', 'ORGANIZATION_ADMIN'];

/** The `code` of the 403 answer, which the web turns into a visit to the profile's set-up. */
export const MFA_REQUIRED_CODE = 'mfa_required';

export const MFA_REQUIRED_MESSAGE =
  'Set up two-step verification to continue. Administrators must sign in with an authenticator app: open your profile and set one up.';

/** Said, with MFA_REQUIRED_CODE, to anyone without MFA who asks for a file holding full SSNs. */
export const FULL_SSN_MFA_MESSAGE =
  'This file holds full Social Security numbers: set up two-step verification to download it. Open your profile and set up an authenticator app.';

/**
 * Whether a file holding full SSNs (a comparison export, a converted carrier file) may be handed
 * to the caller: where the stage requires MFA, only to a session signed in with it, whatever the
 * role. (Once an account has MFA, Cognito challenges every sign-in, so "has MFA" is "signed in with it".)
 */
export const fullSsnFileGate = (options: { required: boolean; hasMfa: boolean }): 'allow' | 'mfa_required' =>
  !options.required || options.hasMfa ? 'allow' : 'mfa_required';

/** The routes (method and path template, as API Gateway names them) an administrator without MFA may still call. */
export const MFA_SETUP_ROUTES: readonly string[] = ['GET /api/me', 'PATCH /api/me'];

export const mfaRequiredFor = (user: UserLike) => !!user.role && ADMIN_MFA_ROLES.includes(user.role);

/**
 * Whether a request goes on: `required` is the stage's setting, `hasMfa` whether the caller's
 * sign-in account has an MFA method, `routeKey` the route called.
 */
export function adminMfaGate(options: { required: boolean; user: UserLike; hasMfa: boolean; routeKey: string }): 'allow' | 'mfa_required' {
  const { required, user, hasMfa, routeKey } = options;
  if (!required || !mfaRequiredFor(user) || hasMfa) return 'allow';
  return MFA_SETUP_ROUTES.includes(routeKey) ? 'allow' : 'mfa_required';
}
