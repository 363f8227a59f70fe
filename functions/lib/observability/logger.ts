import { LogFormatter, LogItem, Logger } from '@aws-lambda-powertools/logger';
import type { LogAttributes, UnformattedAttributes } from '@aws-lambda-powertools/logger/types';
import { currentInvocation } from './invocation';
import { redact, redactText } from './redact';

/**
 * The one logger of every function: Powertools' structured JSON lines (level, message, timestamp,
 * service, Lambda context, X-Ray trace id, as its default formatter writes them) plus the current
 * invocation's keys, with the message and every attribute passed through `redact` so no SSN or
 * date of birth reaches CloudWatch. Errors keep their stack.
 */
export class RedactingLogFormatter extends LogFormatter {
  formatAttributes(attributes: UnformattedAttributes, additional: LogAttributes): LogItem {
    const context = attributes.lambdaContext;
    const base: LogAttributes = {
      level: attributes.logLevel,
      message: redactText(attributes.message ?? ''),
      timestamp: this.formatTimestamp(attributes.timestamp),
      service: attributes.serviceName,
      cold_start: context?.coldStart,
      function_name: context?.functionName,
      function_request_id: context?.awsRequestId,
      xray_trace_id: attributes.xRayTraceId,
      sampling_rate: attributes.sampleRateValue || undefined,
    };
    // Errors become plain objects first so `redact` reaches their message and stack.
    const fields = redact({ ...currentInvocation()?.keys, ...additional }) as LogAttributes;
    return new LogItem({ attributes: base }).addAttributes(fields);
  }
}

export const SERVICE_NAME = 'dvp';

function logLevel() {
  if (process.env.DVP_LOG_SILENT === '1') return 'SILENT' as const;
  const level = (process.env.POWERTOOLS_LOG_LEVEL ?? process.env.LOG_LEVEL ?? 'INFO').toUpperCase();
  return (['TRACE', 'DEBUG', 'INFO', 'WARN', 'ERROR', 'CRITICAL', 'SILENT'].includes(level) ? level : 'INFO') as 'INFO';
}

export function createLogger() {
  return new Logger({ serviceName: process.env.POWERTOOLS_SERVICE_NAME ?? SERVICE_NAME, logLevel: logLevel(), logFormatter: new RedactingLogFormatter() });
}

export const logger = createLogger();
