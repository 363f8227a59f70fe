import { conflict } from '../errors';
import { isConditionFailure } from './conditions';

/**
 * The one optimistic-lock write of the API: a write that lands only if the record still carries
 * the `updated_at` its writer read. A stale write changes nothing and is a 409 (or what `onStale`
 * says); the refusal is told from the SDK's condition error, so no other failure becomes a 409.
 *
 *   await patchIfUnchanged(body.updated_at, (unchanged) => entity.patch(key).set(set).where(unchanged).go({ response: 'all_new' }))
 */
export type Unchanged = <A extends { updated_at: unknown }>(attributes: A, op: { eq(attribute: A['updated_at'], value: string): string }) => string;

export async function patchIfUnchanged<R>(updatedAt: string, write: (unchanged: Unchanged) => Promise<{ data: R }>, onStale: () => Error = () => conflict()): Promise<R> {
  const unchanged: Unchanged = (attributes, op) => op.eq(attributes.updated_at, updatedAt);
  try {
    return (await write(unchanged)).data;
  } catch (error) {
    if (isConditionFailure(error)) throw onStale();
    throw error;
  }
}
