import type { Tracer } from '@aws-lambda-powertools/tracer';
import { SERVICE_NAME } from './logger';

/**
 * Tracing is on where Powertools' Tracer turns it on: in Lambda (not the SAM or Amplify mocks)
 * unless POWERTOOLS_TRACE_ENABLED=false.
 */
export function tracingEnabled(env: NodeJS.ProcessEnv = process.env): boolean {
  if ((env.POWERTOOLS_TRACE_ENABLED ?? '').toLowerCase() === 'false') return false;
  const execution = env.AWS_EXECUTION_ENV ?? '';
  return execution !== '' && execution !== 'AWS_Lambda_amplify-mock' && !env.AWS_SAM_LOCAL;
}

/**
 * X-Ray tracing of every function and of its AWS SDK calls, undefined where tracing is off. The
 * Tracer is imported only when tracing is on: importing it loads aws-xray-sdk-core, whose
 * cls-hooked async hook registers a destroy hook on every promise, about 7% of the local server's
 * busy time and part of every cold start, even with tracing off. Responses and error messages stay
 * out of traces (POWERTOOLS_TRACER_CAPTURE_RESPONSE/_ERROR=false in the stack's environment): both
 * may carry enrollment data.
 */
export const tracer: Tracer | undefined = tracingEnabled()
  ? new (await import('@aws-lambda-powertools/tracer')).Tracer({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? SERVICE_NAME })
  : undefined;

/** The client traced when tracing is on, as it is otherwise. */
export const traced = <T>(client: T): T => (tracer ? tracer.captureAWSv3Client(client) : client);
