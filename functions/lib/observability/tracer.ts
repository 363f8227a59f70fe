import { Tracer } from '@aws-lambda-powertools/tracer';
import { SERVICE_NAME } from './logger';

/**
 * X-Ray tracing of every function and of its AWS SDK calls. Off outside Lambda (and wherever
 * POWERTOOLS_TRACE_ENABLED=false), where the tracer hands clients back untouched. Responses and
 * error messages stay out of traces (POWERTOOLS_TRACER_CAPTURE_RESPONSE/_ERROR=false in the
 * stack's environment): both may carry enrollment data.
 */
export const tracer = new Tracer({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? SERVICE_NAME });
