/**
 * The second line of defence against PII in logs: request bodies and rows are never logged, and
 * whatever reaches a log line anyway has values that look like an SSN or a date masked and fields
 * named like one dropped. Errors keep their stack, masked the same way, since the message an
 * error carries (and so its stack's first line) may quote a cell.
 */
const SENSITIVE_KEY = /(ssn|social|dob|birth|password|token|authorization|secret)/i;
const SSN_LIKE = /\b\d{3}-?\d{2}-?\d{4}\b/g;
const DATE_LIKE = /\b(\d{1,2}[/-]\d{1,2}[/-]\d{2,4}|\d{4}[/-]\d{1,2}[/-]\d{1,2}|(19|20)\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01]))\b/g;

const MAX_DEPTH = 6;

export const redactText = (text: string) => text.replace(SSN_LIKE, '***-**-****').replace(DATE_LIKE, '[date]');

/** An error as a plain object: name, message, stack and cause (each redacted by the caller). */
export function errorFields(error: Error): Record<string, unknown> {
  const { name, message, stack, cause, ...rest } = error as Error & { cause?: unknown };
  return { name, message, stack, ...(cause === undefined ? {} : { cause }), ...rest };
}

export function redact(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH) return '[deep]';
  if (typeof value === 'string') return redactText(value);
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  if (value instanceof Error) return redact(errorFields(value), depth);
  // A Date in a log field may well be a date of birth.
  if (value instanceof Date) return '[date]';
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = SENSITIVE_KEY.test(k) ? '[redacted]' : redact(v, depth + 1);
    return out;
  }
  return value;
}
