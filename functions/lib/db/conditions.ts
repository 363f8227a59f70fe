import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';

/**
 * True for a DynamoDB write refused by its condition: the SDK's ConditionalCheckFailedException,
 * reached through ElectroDB's error (which keeps it as `cause`), or a transaction cancelled because
 * one of its conditions failed. Told by the error's type and code, never by its message text.
 */
export function isConditionFailure(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof ConditionalCheckFailedException || (e as { name?: unknown }).name === 'ConditionalCheckFailedException') return true;
    if ((e as { name?: unknown }).name === 'TransactionCanceledException') {
      const reasons = (e as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
      return reasons.some((r) => r.Code === 'ConditionalCheckFailed');
    }
  }
  return false;
}
