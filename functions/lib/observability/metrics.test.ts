import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError, publicRoute, type ApiEvent } from '../http';
import { instrumented } from './instrumented';
import { METRIC, MetricUnit, recordMetric } from './metrics';

interface Emf {
  _aws: { CloudWatchMetrics: { Namespace: string; Dimensions: string[][]; Metrics: { Name: string; Unit: string }[] }[] };
  [key: string]: unknown;
}

/** The embedded-metric-format lines written while `work` runs. */
async function emfOf(work: () => unknown): Promise<Emf[]> {
  const written: string[] = [];
  const keep = (chunk: unknown) => {
    written.push(String(chunk));
    return true;
  };
  vi.spyOn(process.stdout, 'write').mockImplementation(keep);
  vi.spyOn(process.stderr, 'write').mockImplementation(keep);
  await work();
  vi.restoreAllMocks();
  return written
    .join('')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Emf)
    .filter((line) => line._aws);
}

afterEach(() => vi.restoreAllMocks());

const event = (routeKey: string) =>
  ({ routeKey, headers: {}, requestContext: { requestId: 'req-1', http: { method: 'GET' } } }) as unknown as ApiEvent;

describe('metrics', () => {
  it('flushes what a handler recorded once, when it ends, in the stage namespace', async () => {
    vi.stubEnv('STAGE', 'prod');
    const handler = instrumented('test/compare', async () => {
      recordMetric(METRIC.rowsCompared, MetricUnit.Count, 1200);
      recordMetric(METRIC.comparisonRunDuration, MetricUnit.Milliseconds, 35);
    });
    const lines = await emfOf(() => handler({}));
    vi.unstubAllEnvs();
    expect(lines).toHaveLength(1);
    const [emf] = lines;
    expect(emf._aws.CloudWatchMetrics[0].Namespace).toBe('DataValidationPlatform/prod');
    expect(emf).toMatchObject({ RowsCompared: 1200, ComparisonRunDuration: 35, service: 'dvp' });
  });

  it('flushes even when the handler throws', async () => {
    const handler = instrumented('test/fails', async () => {
      recordMetric(METRIC.rowsCompared, MetricUnit.Count, 5);
      throw new Error('failed');
    });
    const lines = await emfOf(() => handler({}).catch(() => undefined));
    expect(lines.map((l) => l.RowsCompared)).toEqual([5]);
  });

  it('keeps the metrics of invocations running at once on their own lines', async () => {
    const tick = () => new Promise((resolve) => setImmediate(resolve));
    const handler = instrumented('test/concurrent', async (rows: number) => {
      await tick();
      recordMetric(METRIC.rowsCompared, MetricUnit.Count, rows);
      await tick();
      recordMetric(METRIC.comparisonRunDuration, MetricUnit.Milliseconds, rows * 2);
    });
    const lines = await emfOf(() => Promise.all([handler(1), handler(2), handler(3)]));
    expect(lines.map((l) => [l.RowsCompared, l.ComparisonRunDuration])).toEqual([
      [1, 2],
      [2, 4],
      [3, 6],
    ]);
  });

  it('counts every API request, and its errors by status class', async () => {
    const okRoute = publicRoute({}, async () => ({ ok: true }));
    const refused = publicRoute({}, async () => {
      throw new HttpError(409, 'Already running');
    });
    const broken = publicRoute({}, async () => {
      throw new Error('bug');
    });
    const lines = await emfOf(async () => {
      await okRoute(event('GET /api/ok'));
      await refused(event('POST /api/refused'));
      await broken(event('POST /api/broken'));
    });
    expect(lines.map((l) => ({ class: l.status_class, requests: l.Requests, errors: l.Errors }))).toEqual([
      { class: '2xx', requests: 1, errors: undefined },
      { class: '4xx', requests: 1, errors: 1 },
      { class: '5xx', requests: 1, errors: 1 },
    ]);
    expect(lines[0]._aws.CloudWatchMetrics[0].Dimensions[0]).toEqual(expect.arrayContaining(['service', 'status_class']));
    expect(typeof lines[0].RequestDuration).toBe('number');
  });
});
