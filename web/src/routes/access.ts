import useSWR from 'swr';
import { canViewPage, PAGES_BY_ID, roleMayViewPage, type PageId, type RouteParams } from '../../../shared/permissions';
import type { UserLike } from '../../../shared/roles';
import { apiPath } from '../api/endpoints';
import { isNotFoundError, type ApiError } from '../api/errors';
import { getCompany, getOrganization } from '../../../shared/api/hierarchy';

export type Access = { status: 'loading' } | { status: 'allowed' } | { status: 'denied' } | { status: 'error'; error: unknown };

/**
 * The tenant record to ask the API about when the user record alone cannot settle access (an agency
 * user on a linked organization, a whitelisted company…). Null when the rules already decided.
 */
export function tenantCheckPath(user: UserLike, pageId: PageId, params: RouteParams): string | null {
  if (canViewPage(user, pageId, params) || !roleMayViewPage(user, pageId)) return null;
  const page = PAGES_BY_ID[pageId];
  if (page.area === 'organization' && params.organization_id) return apiPath(getOrganization, { organization_id: params.organization_id });
  if (page.area === 'company' && params.company_id) return apiPath(getCompany, { company_id: params.company_id });
  return null;
}

export function decideAccess(
  user: UserLike,
  pageId: PageId,
  params: RouteParams,
  tenant: { data?: unknown; error?: unknown },
): Access {
  if (canViewPage(user, pageId, params)) return { status: 'allowed' };
  if (!tenantCheckPath(user, pageId, params)) return { status: 'denied' };
  if (tenant.error) return isNotFoundError(tenant.error) ? { status: 'denied' } : { status: 'error', error: tenant.error };
  if (tenant.data === undefined) return { status: 'loading' };
  // The API answers 404 for every tenant outside the caller's scope, so a record coming back is
  // the scope check the role layer could not make.
  return { status: 'allowed' };
}

export function usePageAccess(user: UserLike, pageId: PageId, params: RouteParams): Access {
  const tenant = useSWR<unknown, ApiError>(tenantCheckPath(user, pageId, params));
  return decideAccess(user, pageId, params, tenant);
}
