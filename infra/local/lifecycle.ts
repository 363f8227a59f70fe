import { DeleteObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { LocalExpiration } from '../synth-local';

/**
 * The uploads bucket's expiration rules, applied locally: s3rver has no lifecycle, and export
 * workbooks (copies of SSNs and birth dates) would otherwise pile up in $DATA_DIR for good. The
 * rules come from the synthesized stack, so the local retention is the deployed one.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** S3 applies lifecycle rules about once a day; hourly keeps a long-running local stack close to that. */
export const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

export function localS3Client(endpoint: string): S3Client {
  return new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    // s3rver accepts only its own documented key pair.
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** Deletes the objects older than their rule's days at `now`; resolves with the keys deleted. */
export async function sweepExpired(client: S3Client, bucket: string, rules: LocalExpiration[], now = Date.now()): Promise<string[]> {
  const deleted: string[] = [];
  for (const rule of rules) {
    const cutoff = now - rule.days * DAY_MS;
    let token: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: rule.prefix, ContinuationToken: token }));
      const expired = (page.Contents ?? []).filter((o) => o.Key && o.LastModified && o.LastModified.getTime() <= cutoff).map((o) => o.Key!);
      for (const Key of expired) await client.send(new DeleteObjectCommand({ Bucket: bucket, Key }));
      deleted.push(...expired);
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
  return deleted;
}

/** Sweeps now and then every SWEEP_INTERVAL_MS until stopped; a failed sweep is reported and retried next time. */
export function startLifecycle(options: {
  endpoint: string;
  bucket: string;
  rules: LocalExpiration[];
  log: (line: string) => void;
}): { stop: () => Promise<void> } {
  if (!options.rules.length) return { stop: async () => {} };
  const client = localS3Client(options.endpoint);
  let running: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    running = sweepExpired(client, options.bucket, options.rules)
      .then((keys) => keys.length && options.log(`Deleted ${keys.length} expired object(s) (${options.rules.map((r) => `${r.prefix} after ${r.days} days`).join(', ')}).`))
      .catch((error: Error) => options.log(`Expiring old objects failed: ${error.message}`));
  };
  sweep();
  const timer = setInterval(sweep, SWEEP_INTERVAL_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
      client.destroy();
    },
  };
}
