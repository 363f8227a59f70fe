import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { currentInvocation, type MetricsBuffer } from './invocation';
import { logger, SERVICE_NAME } from './logger';

/**
 * CloudWatch metrics in the embedded metric format: one JSON line per invocation on stdout, which
 * CloudWatch Logs turns into metrics of the stage's namespace. The local stack prints the same
 * lines. Every invocation buffers what it records (see invocation.ts) and flushes it when it ends
 * through the container's one Metrics instance: a Metrics instance reads the environment and makes
 * a Console of its own when it is created, 2–3% of the local server's CPU when that was done per
 * request. The flush is synchronous, so invocations running at once locally never mix lines.
 */
export { MetricUnit };

/** The names a dashboard or alarm refers to. */
export const METRIC = {
  requests: 'Requests',
  errors: 'Errors',
  requestDuration: 'RequestDuration',
  comparisonRunDuration: 'ComparisonRunDuration',
  rowsCompared: 'RowsCompared',
} as const;
export type MetricName = (typeof METRIC)[keyof typeof METRIC];

export const metricsNamespace = () => process.env.POWERTOOLS_METRICS_NAMESPACE ?? `DataValidationPlatform/${process.env.STAGE ?? 'local'}`;

export function createMetrics() {
  return new Metrics({
    namespace: metricsNamespace(),
    serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? SERVICE_NAME,
    logger,
  });
}

let containerMetrics: { namespace: string; metrics: Metrics } | undefined;

/** The container's Metrics instance (a new one if the namespace's environment changed, as in tests). */
function metricsOfContainer(): Metrics {
  const namespace = metricsNamespace();
  if (containerMetrics?.namespace !== namespace) containerMetrics = { namespace, metrics: createMetrics() };
  return containerMetrics.metrics;
}

export const emptyMetricsBuffer = (): MetricsBuffer => ({ dimensions: [], points: [] });

/** Writes what an invocation recorded as one line, if it recorded anything. */
export function flushMetrics(buffer: MetricsBuffer) {
  if (buffer.points.length === 0) return;
  const metrics = metricsOfContainer();
  for (const [key, dimension] of buffer.dimensions) metrics.addDimension(key, dimension);
  for (const [name, unit, value] of buffer.points) metrics.addMetric(name, unit as Unit, value);
  metrics.publishStoredMetrics();
}

type Unit = (typeof MetricUnit)[keyof typeof MetricUnit];

/** Adds data points to the current invocation's metrics; outside one they are flushed at once. */
export function recordMetrics(points: Array<[MetricName, Unit, number]>, dimensions: Record<string, string> = {}) {
  const inInvocation = currentInvocation()?.metrics;
  const buffer = inInvocation ?? emptyMetricsBuffer();
  buffer.dimensions.push(...Object.entries(dimensions));
  buffer.points.push(...points);
  if (!inInvocation) flushMetrics(buffer);
}

export const recordMetric = (name: MetricName, unit: Unit, value: number) => recordMetrics([[name, unit, value]]);

/** `2xx`, `4xx`, `5xx`…: errors are counted by class so a dashboard tells refusals from failures. */
export const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;

/** The request's metrics: one count, its duration, and one error when it did not succeed. */
export function recordRequest(status: number, ms: number) {
  recordMetrics(
    [
      [METRIC.requests, MetricUnit.Count, 1],
      [METRIC.requestDuration, MetricUnit.Milliseconds, ms],
      ...(status >= 400 ? [[METRIC.errors, MetricUnit.Count, 1] as [MetricName, Unit, number]] : []),
    ],
    { status_class: statusClass(status) },
  );
}
