/**
 * The route table: the single source of truth for the API. The CDK stack makes one Lambda and one
 * HTTP API route per entry; the local server mounts the very same handler modules in-process.
 * Each area keeps its routes in its own file under routes/.
 */
import { auditRoutes } from './routes/audit';
import { carrierFileConversionsRoutes } from './routes/carrier-file-conversions';
import { compareRunsRoutes } from './routes/compare-runs';
import { comparisonsRoutes } from './routes/comparisons';
import { completionRoutes } from './routes/completion';
import { hierarchyRoutes } from './routes/hierarchy';
import { invoicesRoutes } from './routes/invoices';
import { matchCandidatesRoutes } from './routes/match-candidates';
import { platformRoutes } from './routes/platform';
import { renewalsRoutes } from './routes/renewals';
import type { RouteDef } from './routes/types';
import { usersRoutes } from './routes/users';
import { verificationRoutes } from './routes/verification';

export type { HttpMethod, RouteDef } from './routes/types';

export const routes: RouteDef[] = [
  ...platformRoutes, ...usersRoutes, ...hierarchyRoutes, ...comparisonsRoutes,
  ...compareRunsRoutes,
  ...matchCandidatesRoutes,
  ...verificationRoutes,
  ...completionRoutes,
  ...renewalsRoutes,
  ...carrierFileConversionsRoutes,
  ...invoicesRoutes,
  ...auditRoutes,
];

/** The API area a route belongs to (first path segment after /api), used to split nested stacks. */
export function routeArea(route: Pick<RouteDef, 'path'>): string {
  return route.path.split('/')[2] ?? 'root';
}

/** A stable, readable id for a route, e.g. `GET /api/me` → `GetApiMe`. */
export function routeId(route: Pick<RouteDef, 'method' | 'path'>): string {
  const words = [route.method.toLowerCase(), ...route.path.split(/[^A-Za-z0-9]+/)].filter(Boolean);
  return words.map((w) => w[0].toUpperCase() + w.slice(1)).join('');
}
