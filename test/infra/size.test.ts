import { describe, expect, it } from 'vitest';
import type { HttpMethod, RouteDef } from '../../functions/routes';
import { FIXTURE_HANDLER, synth } from './support';

const LIMIT = 450;

function resourceCounts(templates: Record<string, { Resources: Record<string, unknown> }>) {
  return Object.fromEntries(Object.entries(templates).map(([file, t]) => [file, Object.keys(t.Resources).length]));
}

/** ~150 routes shaped like the real API: a few big areas (one far past a nested stack's share). */
function syntheticRoutes(): RouteDef[] {
  const methods: HttpMethod[] = ['GET', 'POST', 'PATCH', 'DELETE', 'PUT'];
  const areas: Array<[string, number]> = [['organizations', 95], ['companies', 30], ['admin', 15], ['agencies', 8], ['health', 2]];
  return areas.flatMap(([area, count]) =>
    Array.from({ length: count }, (_, i) => ({
      method: methods[i % methods.length],
      path: `/api/${area}/{id}/thing${Math.floor(i / methods.length)}`,
      handler: `api/${area}/thing${i}`,
      access: area === 'health' ? ('public' as const) : ('signed-in' as const),
    })),
  );
}

describe('CloudFormation resource limit', () => {
  it(`keeps every template (parent and nested) at or under ${LIMIT} resources with today's routes`, () => {
    const { templates } = synth('dev');

    const counts = resourceCounts(templates);

    for (const [file, count] of Object.entries(counts)) expect(count, file).toBeLessThanOrEqual(LIMIT);
  });

  it(`stays under ${LIMIT} per template with a synthetic table of ~150 routes`, () => {
    const routes = syntheticRoutes();
    expect(routes).toHaveLength(150);

    const { stack, templates } = synth('dev', { routes, resolveEntry: () => FIXTURE_HANDLER });

    const counts = resourceCounts(templates);
    for (const [file, count] of Object.entries(counts)) expect(count, file).toBeLessThanOrEqual(LIMIT);
    const functions = stack.api.areaStacks.reduce((n, s) => n + Object.keys(s.functions).length, 0);
    expect(functions).toBe(150);
    // The 95-route area is split in two stacks; areas still share one role each.
    expect(stack.api.areaStacks.map((s) => s.node.id)).toContain('ApiOrganizations2');
    expect(Object.keys(stack.api.roles).sort()).toEqual(['admin', 'agencies', 'companies', 'health', 'organizations']);
  });
});
