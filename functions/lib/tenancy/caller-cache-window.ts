/**
 * How stale what the API knows about a caller may be in a warm container: their user record, MFA
 * status and tenant scope. A disable, a role change or a lost share reaches every container within
 * this.
 */
export const CALLER_CACHE_MS = 5_000;

/** A caller still active this long after their record was read has it read again in the background. */
export const CALLER_REFRESH_AFTER_MS = 4_000;
