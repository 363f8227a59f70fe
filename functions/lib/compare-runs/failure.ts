import { redact } from '../observability/redact';
import { INVOICE_INPUT, NOT_RUNNABLE, TIME_LIMIT, type CaughtError } from './types';

/**
 * A readable reason from a caught pipeline error. Errors the pipeline raises on purpose carry a
 * message meant for the user; timeouts get their own words; anything else is named, not dumped.
 * In AWS the Cause of a Lambda error is JSON (`{ errorMessage, errorType, trace }`); locally it is
 * the message itself.
 */
const USER_FACING = new Set([NOT_RUNNABLE, TIME_LIMIT, INVOICE_INPUT, 'ParsedRowsFormatError', 'ComparisonConfigError']);

function causeMessage(cause: string | undefined): string {
  if (!cause) return '';
  try {
    const parsed = JSON.parse(cause) as { errorMessage?: unknown };
    if (parsed && typeof parsed.errorMessage === 'string') return parsed.errorMessage;
  } catch {
    /* not JSON: the message itself */
  }
  return cause;
}

export function failureReason(error: CaughtError | undefined): string {
  const name = error?.Error ?? 'Error';
  const message = String(redact(causeMessage(error?.Cause))).replace(/^\w+: /, '').trim();
  if (USER_FACING.has(name) && message) return message;
  if (name === 'States.Timeout' || name === 'Sandbox.Timedout' || /timed? ?out/i.test(message)) {
    return 'The comparison took longer than the time limit and was stopped. Try again; if it happens again, split the files and compare each part.';
  }
  // A Distributed Map (a split comparison's ranges or shards) fails as a whole when one of its tasks fails.
  if (name === 'States.ExceedToleratedFailureThreshold') {
    return 'One of the parts this large comparison was split into failed, so the comparison stopped. Nothing of this run was kept. Try again; if it fails again, contact support.';
  }
  // Lambda's own words when the function itself stopped (out of memory, the process exited).
  if (/^Runtime\./.test(name)) {
    return 'The comparison stopped unexpectedly while it was working. Nothing of this run was kept. Try again; if it happens again, contact support.';
  }
  if (/column/i.test(message) && /not found|no column|missing|is not in the/i.test(message)) {
    return `${message.slice(0, 300).replace(/\.?$/, '.')} Choose the data points again, then compare.`;
  }
  return `The comparison failed unexpectedly (${name}). Try again; if it fails again, contact support.`;
}
