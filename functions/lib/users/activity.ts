import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws';
import { config } from '../config';
import { UserEntity } from '../db/user';
import { logger } from '../observability/logger';

/** last_active_at is written at most this often per user. */
export const ACTIVITY_WRITE_INTERVAL_MS = 5 * 60_000;

/**
 * Records that a user is active, at most every few minutes. Written straight to the item, not
 * through the entity's update, so it leaves updated_at alone: being seen is not an edit, and must
 * not turn an administrator's open edit form stale (409).
 */
export async function touchLastActive(user: { id: string; last_active_at?: string | null }, now = new Date()): Promise<string | null> {
  const last = user.last_active_at ? Date.parse(user.last_active_at) : NaN;
  if (!Number.isNaN(last) && now.getTime() - last < ACTIVITY_WRITE_INTERVAL_MS) return null;
  const at = now.toISOString();
  const { Key } = UserEntity.get({ id: user.id }).params() as { Key: Record<string, string> };
  try {
    await dynamo().send(
      new UpdateCommand({
        TableName: config.tableName,
        Key,
        UpdateExpression: 'SET #at = :at',
        ConditionExpression: 'attribute_exists(#pk)',
        ExpressionAttributeNames: { '#at': 'last_active_at', '#pk': 'pk' },
        ExpressionAttributeValues: { ':at': at },
      }),
    );
    return at;
  } catch (error) {
    logger.warn('could not record user activity', { user: user.id, error });
    return null;
  }
}
