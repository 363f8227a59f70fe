import { canViewPage, PAGES_BY_ID, roleMayViewPage, type PageId, type RouteParams } from '../../../shared/permissions';
import type { UserLike } from '../../../shared/roles';
import { apiPath, useApi, type ApiSource } from '../api/endpoints';
import { isNotFoundError } from '../api/errors';
import { getCompany, getOrganization } from '../../../shared/api/hierarchy';

export type Access = { status: 'loading' } | { status: 'allowed' } | { status: 'denied' } | { status: 'error'; error: unknown };

/**
 * The tenant record to ask the API about when the user record alone cannot settle access (an agency
 * user on a linked organization, a whitelisted company…). Null when the rules already decided.
 */
export function tenantCheck(user: UserLike, pageId: PageId, params: RouteParams): ApiSource<typeof getOrganization | typeof getCompany> | null {
  if (canViewPage(user, pageId, params) || !roleMayViewPage(user, pageId)) return null;
  const page = PAGES_BY_ID[pageId];
  if (page.area === 'organization' && params.organization_id) return { endpoint: getOrganization, params: { organization_id: params.organization_id } };
  if (page.area === 'company' && params.company_id) return { endpoint: getCompany, params: { company_id: params.company_id } };
  return null;
}

/** The path of that record's read (its SWR key), or null. */
export function tenantCheckPath(user: UserLike, pageId: PageId, params: RouteParams): string | null {
  const check = tenantCheck(user, pageId, params);
  return check && apiPath(check.endpoint, check.params);
}

export function decideAccess(
  user: UserLike,
  pageId: PageId,
  params: RouteParams,
  tenant: { data?: unknown; error?: unknown },
): Access {
  if (canViewPage(user, pageId, params)) return { status: 'allowed' };
  if (!tenantCheck(user, pageId, params)) return { status: 'denied' };
  if (tenant.error) return isNotFoundError(tenant.error) ? { status: 'denied' } : { status: 'error', error: tenant.error };
  if (tenant.data === undefined) return { status: 'loading' };
  // The API answers 404 for every tenant outside the caller's scope, so a record coming back is
  // the scope check the role layer could not make.
  return { status: 'allowed' };
}

export function usePageAccess(user: UserLike, pageId: PageId, params: RouteParams): Access {
  const check = tenantCheck(user, pageId, params);
  const tenant = useApi(check?.endpoint ?? getCompany, check ? check.params : null);
  return decideAccess(user, pageId, params, tenant);
}
