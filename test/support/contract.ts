import { routes, type RouteDef } from '../../functions/routes';
import { errorResponse } from '../../shared/schemas/errors';

/**
 * The contract check of the integration suite: every answer the API gives a test is held against
 * the response schema its route declares (success) or the one error shape (4xx/5xx). A handler that
 * drifts from its schema, or a schema that drifts from the handler, fails whichever test met it.
 */
interface Matcher {
  route: RouteDef;
  pattern: RegExp;
  literalSegments: number;
}

const matchers: Matcher[] = routes.map((route) => ({
  route,
  pattern: new RegExp(`^${route.path.replace(/[.]/g, '\\.').replace(/\{\w+\}/g, '[^/]+')}$`),
  literalSegments: route.path.split('/').filter((s) => s && !s.startsWith('{')).length,
}));

/** The route a request reaches: among the patterns that match, the one with the most literal segments. */
export function routeFor(method: string, url: string): RouteDef | undefined {
  const path = url.split('?')[0];
  let best: Matcher | undefined;
  for (const m of matchers) {
    if (m.route.method !== method.toUpperCase() || !m.pattern.test(path)) continue;
    if (!best || m.literalSegments > best.literalSegments) best = m;
  }
  return best?.route;
}

/** Routes whose success answer a test met and checked, for the contract test's coverage line. */
export const checkedRoutes = new Set<string>();

export class ContractError extends Error {}

/** Throws a ContractError naming the route and the fields when `body` is not what the route promises. */
export function checkAnswer(method: string, url: string, status: number, body: unknown): void {
  const route = routeFor(method, url);
  if (!route?.endpoint) return;
  const endpoint = route.endpoint;
  const where = `${route.method} ${route.path} → ${status}`;
  if (status >= 400) {
    // Failures before our code runs (the gateway's 413 for a huge body) are not JSON of ours.
    if (body === undefined || typeof body === 'string') return;
    const declared = endpoint.errorBodies?.[status as keyof NonNullable<typeof endpoint.errorBodies>];
    const parsed = (declared ?? errorResponse).safeParse(body);
    if (!parsed.success) throw new ContractError(`${where}: the error is not ${declared ? 'the body the endpoint declares' : '{ message, errors? }'}: ${parsed.error.message}`);
    return;
  }
  const allowed = [endpoint.status ?? 200, ...(endpoint.alsoAnswers ?? [])];
  if (!allowed.includes(status as never)) throw new ContractError(`${where}: expected status ${allowed.join(' or ')}`);
  if (endpoint.contentType || !endpoint.response) return;
  const parsed = endpoint.response.safeParse(body);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new ContractError(`${where}: the answer does not match its schema: ${issues.join('; ')}`);
  }
  checkedRoutes.add(`${route.method} ${route.path}`);
}
