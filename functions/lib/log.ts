/**
 * The one observability module: structured JSON log lines. Request bodies and rows are never
 * logged; as a second line of defence, values that look like an SSN or a date are masked and
 * fields named like one are dropped, so a careless call cannot leak PII into CloudWatch.
 */
type Level = 'debug' | 'info' | 'warn' | 'error';

const SENSITIVE_KEY = /(ssn|social|dob|birth|password|token|authorization|secret)/i;
const SSN_LIKE = /\b\d{3}-?\d{2}-?\d{4}\b/g;
const DATE_LIKE = /\b(\d{1,2}[/-]\d{1,2}[/-]\d{2,4}|\d{4}[/-]\d{1,2}[/-]\d{1,2}|(19|20)\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01]))\b/g;

export function redact(value: unknown, depth = 0): unknown {
  if (depth > 6) return '[deep]';
  if (typeof value === 'string') return value.replace(SSN_LIKE, '***-**-****').replace(DATE_LIKE, '[date]');
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1));
  if (value instanceof Error) return { name: value.name, message: redact(value.message, depth + 1) };
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = SENSITIVE_KEY.test(k) ? '[redacted]' : redact(v, depth + 1);
    return out;
  }
  return value;
}

const threshold: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

function write(level: Level, message: string, fields: Record<string, unknown> = {}) {
  const min = (process.env.LOG_LEVEL as Level | undefined) ?? 'info';
  if (threshold[level] < (threshold[min] ?? 20)) return;
  if (process.env.DVP_LOG_SILENT === '1') return;
  const line = JSON.stringify({ level, time: new Date().toISOString(), message, ...(redact(fields) as object) });
  (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(line + '\n');
}

export const log = {
  debug: (message: string, fields?: Record<string, unknown>) => write('debug', message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write('info', message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write('warn', message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write('error', message, fields),
};
