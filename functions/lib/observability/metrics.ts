import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { currentInvocation } from './invocation';
import { logger, SERVICE_NAME } from './logger';

/**
 * CloudWatch metrics in the embedded metric format: one JSON line per invocation on stdout, which
 * CloudWatch Logs turns into metrics of the stage's namespace. The local stack prints the same
 * lines. Every invocation gets its own Metrics instance (see invocation.ts), flushed when it ends.
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

type Unit = (typeof MetricUnit)[keyof typeof MetricUnit];

/** Adds data points to the current invocation's metrics; outside one they are flushed at once. */
export function recordMetrics(points: Array<[MetricName, Unit, number]>, dimensions: Record<string, string> = {}) {
  const inInvocation = currentInvocation()?.metrics;
  const metrics = inInvocation ?? createMetrics();
  for (const [key, dimension] of Object.entries(dimensions)) metrics.addDimension(key, dimension);
  for (const [name, unit, value] of points) metrics.addMetric(name, unit, value);
  if (!inInvocation) metrics.publishStoredMetrics();
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
