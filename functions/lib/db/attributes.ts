/** Attribute helpers shared by every entity: ids, audit timestamps used for optimistic locking. */
import { randomUUID } from 'node:crypto';

export const now = () => new Date().toISOString();
export const newId = () => randomUUID();

export const idAttribute = { type: 'string', required: true, readOnly: true, default: () => newId() } as const;
export const createdAt = { type: 'string', readOnly: true, required: true, default: () => now(), set: () => now() } as const;
/** Rewritten on every write; PATCHes are conditional on the value the caller read (stale → 409). */
export const updatedAt = { type: 'string', required: true, default: () => now(), watch: '*', set: () => now() } as const;
export const optionalString = { type: 'string' } as const;
export const optionalNumber = { type: 'number' } as const;
export const flag = { type: 'boolean', default: false } as const;
