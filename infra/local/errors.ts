/** A start-up problem the user can fix; printed as a plain message, never a stack trace. */
export class LocalStackError extends Error {}
