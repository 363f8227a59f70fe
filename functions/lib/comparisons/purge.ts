import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws';
import { writeAll } from '../compare-runs/results-store';
import { config } from '../config';
import { db } from '../db/service';
import type { ComparisonIds } from '../storage/object-keys';
import { comparisonPrefixes, deletePrefix } from '../storage/objects';

/**
 * Everything a comparison owns apart from its own record: the objects under its prefixes
 * (uploads, parsed rows, run snapshots, export workbooks) and the items of its table partition
 * (files, data points, discrepancies, missing rows, merges, export columns).
 */

/** Empties every prefix of the comparison; resolves with how many objects were deleted. */
export async function deleteComparisonObjects(ids: ComparisonIds): Promise<number> {
  const counts = await Promise.all(comparisonPrefixes(ids).map((prefix) => deletePrefix(prefix)));
  return counts.reduce((a, b) => a + b, 0);
}

/**
 * The partition key shared by every entity keyed by (company_id, comparison_id): ElectroDB builds
 * it from the service and those two attributes only, so one partition holds them all.
 */
function comparisonPartition(ids: Pick<ComparisonIds, 'companyId' | 'comparisonId'>): string {
  const params = db().entities.file.query.byComparison({ company_id: ids.companyId, comparison_id: ids.comparisonId }).params() as {
    ExpressionAttributeValues: Record<string, string>;
  };
  return params.ExpressionAttributeValues[':pk'];
}

/**
 * Deletes every item of the comparison's partition, a query page at a time. Reading the partition
 * rather than a list of entities also removes the items of an entity added there later.
 */
export async function deleteComparisonRecords(ids: Pick<ComparisonIds, 'companyId' | 'comparisonId'>): Promise<number> {
  const pk = comparisonPartition(ids);
  let deleted = 0;
  let start: Record<string, unknown> | undefined;
  do {
    const page = await dynamo().send(
      new QueryCommand({
        TableName: config.tableName,
        KeyConditionExpression: '#pk = :pk',
        ExpressionAttributeNames: { '#pk': 'pk', '#sk': 'sk' },
        ExpressionAttributeValues: { ':pk': pk },
        ProjectionExpression: '#pk, #sk',
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    );
    const items = page.Items ?? [];
    await writeAll(items.map((item) => ({ DeleteRequest: { Key: { pk: item.pk, sk: item.sk } } })));
    deleted += items.length;
    start = page.LastEvaluatedKey;
  } while (start);
  return deleted;
}

/**
 * Objects first, then records: the file records name what was uploaded and parsed, and the
 * comparison's ids name the prefixes, so while any object remains the records that lead to it
 * still exist and a repeated delete finds it. The caller deletes the comparison record last.
 */
export async function deleteComparisonData(ids: ComparisonIds): Promise<{ objects: number; records: number }> {
  const objects = await deleteComparisonObjects(ids);
  const records = await deleteComparisonRecords(ids);
  return { objects, records };
}
