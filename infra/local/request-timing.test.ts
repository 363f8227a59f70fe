import { afterEach, describe, expect, it, vi } from 'vitest';

// The benchmark reads these lines (test/bench/load.ts); Lambda never writes them.
describe('request timing', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
    vi.resetModules();
  });

  async function oneRequest() {
    const lines: string[] = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => (lines.push(String(chunk)), true));
    const { startRequestTiming, withRequestTiming } = await import('./request-timing');
    const { timePhase } = await import('../../functions/lib/request-phases');
    startRequestTiming();
    const answer = await withRequestTiming('GET /api/things/{id}', () => timePhase('handler', async () => ({ statusCode: 200 })), (r) => r.statusCode);
    return { answer, lines: lines.filter((l) => l.startsWith('request-timing ')) };
  }

  it('with DVP_REQUEST_TIMING=1, writes one line per request with the route template and the wrapper phases', async () => {
    vi.stubEnv('DVP_REQUEST_TIMING', '1');
    const { answer, lines } = await oneRequest();
    expect(answer).toEqual({ statusCode: 200 });
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!.slice('request-timing '.length));
    expect(line).toMatchObject({ route: 'GET /api/things/{id}', status: 200, db_calls: 0 });
    expect(line).toHaveProperty('handler');
  });

  it('writes nothing when timing is off, and the phases still run', async () => {
    vi.stubEnv('DVP_REQUEST_TIMING', '');
    const { answer, lines } = await oneRequest();
    expect(answer).toEqual({ statusCode: 200 });
    expect(lines).toEqual([]);
  });
});
