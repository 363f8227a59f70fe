import type { RouteDef } from '../functions/routes';

/**
 * What a route may do to the stage's data (table, uploads bucket, their KMS key), from what the
 * route table declares: a public route reads no tenant data (it answers before sign-in), a GET
 * only reads, and any other method may write. Functions share a role per API area, so an area's
 * role gets the most any of its routes needs; the deploy check holds the synthesized policies to
 * the same rule.
 */
export type DataAccess = 'none' | 'read' | 'read-write';

const RANK: Record<DataAccess, number> = { none: 0, read: 1, 'read-write': 2 };

export function routeDataAccess(route: Pick<RouteDef, 'access' | 'method'>): DataAccess {
  if (route.access === 'public') return 'none';
  return route.method === 'GET' ? 'read' : 'read-write';
}

/** The access a role shared by `routes` needs: the most any of them needs. */
export function dataAccessOf(routes: ReadonlyArray<Pick<RouteDef, 'access' | 'method'>>): DataAccess {
  return routes.map(routeDataAccess).reduce<DataAccess>((most, a) => (RANK[a] > RANK[most] ? a : most), 'none');
}
