import type { Role } from '../roles';
import type { UserLike } from '../roles';
import { ACTION_ROLES } from './actions';
import { hasKnownRole, isActiveUser } from './scope';
import { ORGANIZATION_PAGE_ROLES, PAGE_ROLES, VERIFY_ONLY_ROLES } from './pages-access';

/**
 * Who may call an endpoint, before its handler runs: every endpoint of shared/api names the
 * resource it reads or writes (its gate) and the method says which; the tenant (is this
 * organization yours?) is then checked at data level, where the ids are loaded. Refusals are 404,
 * as for pages, so a route one may not use cannot be told from one that does not exist.
 */
type Rule = (role: Role, read: boolean) => boolean;

const verifyOnly = (role: Role) => VERIFY_ONLY_ROLES.includes(role);
const ORGANIZATION_USERS_PAGE_ROLES = PAGE_ROLES['organization.users'] as readonly Role[];
const ORGANIZATION_RENEWAL_REPORT_ROLES = PAGE_ROLES['organization.reports.renewals'] as readonly Role[];
const AUDIT_TRAIL_ROLES = PAGE_ROLES['organization.audit'] as readonly Role[];

const RULES = {
  /** The platform's own administration: DMS Admin only. */
  'platform.admin': (role) => role === 'ADMIN',
  /** Agencies and their people: DMS Admin and agency admins. */
  agencies: (role) => role === 'ADMIN' || role === 'AGENCY_ADMIN',
  /** Platform lists everyone reads (carriers, platform e-mail templates); DMS Admin writes them. */
  'platform.lists': (role, read) => read || role === 'ADMIN',
  /** The organization list: read by those with organization pages; created by DMS Admin. */
  'organizations.list': (role, read) => (read ? ORGANIZATION_PAGE_ROLES.includes(role) : role === 'ADMIN'),
  /** An organization's people (e-mails, phones): the roles that have its users pages. */
  'organization.users': (role) => ORGANIZATION_USERS_PAGE_ROLES.includes(role),
  /** An organization's renewals report: the same readers as the report page. */
  'organization.renewal-report': (role) => ORGANIZATION_RENEWAL_REPORT_ROLES.includes(role),
  /** Who did what in an organization: the roles of its audit trail page (the handler checks it is their own). */
  'organization.audit': (role) => AUDIT_TRAIL_ROLES.includes(role),
  /** Anything else of an organization: its page's roles read, all but verify-only users write. */
  organization: (role, read) => ORGANIZATION_PAGE_ROLES.includes(role) && (read || !verifyOnly(role)),
  /** Companies are listed and created beneath an organization; the bare list is DMS Admin's. */
  'companies.list': (role) => role === 'ADMIN',
  /** Converting carrier files builds comparison input: not for verify-only users, reads included. */
  'carrier-files.convert': (role) => ACTION_ROLES['carrier-files.convert'].includes(role),
  /** The uploaded rows and values a comparison is set up from: the roles that build comparisons, reads included. */
  'comparison.setup': (role) => ACTION_ROLES['comparison.create'].includes(role),
  /** A company's records: everyone in scope reads, all but verify-only users write. */
  company: (role, read) => read || !verifyOnly(role),
  /** Verifying: the only writes a verify-only user makes (resolutions, decisions, the hand-back). */
  'company.verify': () => true,
} satisfies Record<string, Rule>;

/** The resource an endpoint reads or writes; `public` needs no one, `self` any signed-in user. */
export type RouteGate = keyof typeof RULES | 'public' | 'self';

export type ApiAccess = 'allow' | 'not-found';

/** Whether `user` may call an endpoint with this gate and method. */
export function gateAccess(user: UserLike | null | undefined, gate: RouteGate, method: string): ApiAccess {
  if (gate === 'public') return 'allow';
  if (!isActiveUser(user)) return 'not-found';
  if (gate === 'self') return 'allow';
  if (!hasKnownRole(user)) return 'not-found';
  const read = method.toUpperCase() === 'GET' || method.toUpperCase() === 'HEAD';
  return RULES[gate](user.role as Role, read) ? 'allow' : 'not-found';
}
