import type { Context } from 'aws-lambda';
import { runInvocation } from './invocation';
import { logger } from './logger';
import { emptyMetricsBuffer, flushMetrics } from './metrics';
import { tracer } from './tracer';

/**
 * Wraps a Lambda handler the way Powertools' captureLambdaHandler, injectLambdaContext and
 * logMetrics middlewares do, without middy: a trace subsegment named after the handler, the
 * Lambda context on every log line, the invocation's own keys and metrics (invocation.ts), and the
 * metrics flushed when it ends, whether it answered or threw. Locally there is no Lambda context
 * and no trace; the keys and metrics work the same.
 */
export function instrumented<E, R>(
  name: string,
  handle: (event: E, context?: Context) => Promise<R>,
  keysOf: (event: E) => Record<string, unknown> = correlationKeys,
): (event: E, context?: Context) => Promise<R> {
  return async (event, context) => {
    if (context) logger.addContext(context);
    const metrics = emptyMetricsBuffer();
    const segment = tracer?.getSegment();
    const subsegment = segment?.addNewSubsegment(`## ${name}`);
    if (subsegment) tracer?.setSegment(subsegment);
    tracer?.annotateColdStart();
    tracer?.addServiceNameAnnotation();
    try {
      return await runInvocation({ keys: { handler: name, ...keysOf(event) }, metrics }, () => handle(event, context));
    } catch (error) {
      subsegment?.addErrorFlag();
      throw error;
    } finally {
      subsegment?.close();
      if (segment) tracer?.setSegment(segment);
      flushMetrics(metrics);
    }
  };
}

/** A pipeline task's log lines carry the run or parse they belong to, so one run reads as one story. */
function correlationKeys(event: unknown): Record<string, unknown> {
  if (!event || typeof event !== 'object') return {};
  const e = event as { run_id?: unknown; parse_id?: unknown };
  const id = typeof e.run_id === 'string' ? e.run_id : typeof e.parse_id === 'string' ? e.parse_id : undefined;
  return id ? { correlation_id: id } : {};
}
