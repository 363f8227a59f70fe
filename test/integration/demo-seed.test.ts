import { describe, expect, it } from 'vitest';
import { comparisonPath, listAll, type Call } from '../../infra/local/api-flow';
import { DEMO_COMPARISON_NAME, seedDemoComparison, type DemoSeedStep } from '../../infra/local/demo-comparison';
import { api, runtimeConfig, stackUrl } from '../support/api';

/**
 * The demo's example comparison is seeded through the API when the local stack starts. A start
 * stopped while it is being prepared must not leave a second, half-made example behind: the next
 * start finishes or replaces it (infra/local/demo-comparison.ts). The test stack does not seed it
 * (DVP_DEMO_COMPARISON=0), so the test runs the seeding itself, interrupting it as a stopped
 * start would.
 */
const ADMIN = 'company-admin@demo.example';
const admin: Call = (method, p, body) => api(method, p, { as: ADMIN, body });

async function examples(companyId: string) {
  return (await listAll(admin, `/api/companies/${companyId}/comparisons`)).filter((c) => c.name === DEMO_COMPARISON_NAME);
}

async function demoMappings(companyId: string) {
  return (await listAll(admin, `/api/companies/${companyId}/data_mappings`)).filter((m) => m.company_id === companyId && /^Demo /.test(m.name));
}

/** Seeds, stopping the seeding at `step` as a stopped start would: the next request is refused. */
async function seedInterrupted(pool: { userPoolEndpoint: string; userPoolClientId: string }, step: DemoSeedStep) {
  const controller = new AbortController();
  return seedDemoComparison(stackUrl(), pool, { signal: controller.signal, onStep: (s) => s === step && controller.abort() }).then(
    () => 'finished',
    () => 'stopped',
  );
}

describe('seeding the example comparison', () => {
  it('finishes or replaces what an interrupted seeding left, and ends with exactly one finished example', async () => {
    const config = await runtimeConfig();
    const pool = { userPoolEndpoint: config.userPoolEndpoint!, userPoolClientId: config.userPoolClientId };
    const companyId = (await api('GET', '/api/me', { as: ADMIN })).body.company_id as string;

    // Stopped as soon as the example exists (at Import Data), then again while its run is under way.
    expect(await seedInterrupted(pool, 'created')).toBe('stopped');
    expect(await seedInterrupted(pool, 'run-started')).toBe('stopped');
    expect((await examples(companyId)).length).toBeGreaterThanOrEqual(1);

    await seedDemoComparison(stackUrl(), pool);
    const [example, ...others] = await examples(companyId);

    expect(others).toHaveLength(0);
    expect(example.status).toBe('SUCCEEDED');
    const base = comparisonPath(companyId, example.id);
    expect((await listAll(admin, `${base}/data_point_discrepancies`)).length).toBeGreaterThan(0);
    expect((await demoMappings(companyId)).length).toBe(5);

    // A later start finds it and changes nothing.
    await seedDemoComparison(stackUrl(), pool);
    const after = await examples(companyId);

    expect(after.map((c) => c.id)).toEqual([example.id]);
    expect((await demoMappings(companyId)).length).toBe(5);

    await admin('DELETE', base);
  });
});
