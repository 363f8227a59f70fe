import { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { PassThrough, type Readable } from 'node:stream';
import { Upload } from '@aws-sdk/lib-storage';
import { s3 as awsS3 } from '../aws';
import { config } from '../config';
import { attachmentDisposition } from '../../../shared/file-names';

// Locally the stack's credentials are s3rver's own key pair (infra/local/stack.ts), so the shared client works.
const s3 = awsS3;

/** S3 keys and objects of comparison files. Bytes never pass through the API: the browser PUTs them. */
export const UPLOAD_URL_EXPIRES_SECONDS = 900;

export { comparisonPrefixes, exportKey, parsedColumnsKey, parsedKey, parsedObjectKeys, parsedPartsKey, runKey, uploadKey } from './object-keys';

/**
 * A presigned PUT of `key` bound to what was declared: Content-Length and Content-Type are signed
 * headers, so S3 refuses a body of any other length. s3rver (the local stack) does not check V4
 * signatures, so locally the parse job's check of the stored size against the declared one is what
 * refuses a longer body (functions/lib/comparisons/parse-job.ts).
 */
export async function presignUpload(key: string, contentType: string, contentLength: number): Promise<string> {
  return getSignedUrl(s3(), new PutObjectCommand({ Bucket: config.uploadsBucket, Key: key, ContentType: contentType, ContentLength: contentLength }), {
    expiresIn: UPLOAD_URL_EXPIRES_SECONDS,
    signableHeaders: new Set(['content-type', 'content-length']),
  });
}

/**
 * The object as a stream, or null when it does not exist (not uploaded yet); with `range`, its
 * bytes [start, end) only.
 */
export async function openObject(key: string, range?: { start: number; end: number }): Promise<{ body: Readable; size: number } | null> {
  try {
    const Range = range ? `bytes=${range.start}-${range.end - 1}` : undefined;
    const res = await s3().send(new GetObjectCommand({ Bucket: config.uploadsBucket, Key: key, Range }));
    if (!res.Body) return null;
    return { body: res.Body as Readable, size: res.ContentLength ?? 0 };
  } catch (error) {
    const name = (error as { name?: string }).name;
    if (name === 'NoSuchKey' || name === 'NotFound' || (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) {
      return null;
    }
    throw error;
  }
}

/** Whether the object exists (an upload that was declared but never finished has none). */
export async function objectExists(key: string): Promise<boolean> {
  try {
    await s3().send(new HeadObjectCommand({ Bucket: config.uploadsBucket, Key: key }));
    return true;
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if ((error as { name?: string }).name === 'NotFound' || status === 404) return false;
    throw error;
  }
}

export async function putObject(key: string, body: Buffer, contentType: string, contentEncoding?: string): Promise<void> {
  await s3().send(
    new PutObjectCommand({ Bucket: config.uploadsBucket, Key: key, Body: body, ContentType: contentType, ContentEncoding: contentEncoding }),
  );
}

/**
 * Rewrites an object onto itself (same bytes, content type and encryption), so it counts as new:
 * a lifecycle rule's days start again from now. False when there is no such object.
 */
export async function touchObject(key: string): Promise<boolean> {
  const head = await s3()
    .send(new HeadObjectCommand({ Bucket: config.uploadsBucket, Key: key }))
    .catch((error: { name?: string; $metadata?: { httpStatusCode?: number } }) => {
      if (error.name === 'NotFound' || error.$metadata?.httpStatusCode === 404) return null;
      throw error;
    });
  if (!head) return false;
  await s3().send(
    new CopyObjectCommand({
      Bucket: config.uploadsBucket,
      Key: key,
      CopySource: `${config.uploadsBucket}/${key.split('/').map(encodeURIComponent).join('/')}`,
      MetadataDirective: 'REPLACE',
      ContentType: head.ContentType,
      Metadata: { ...head.Metadata, 'touched-at': new Date().toISOString() },
    }),
  );
  return true;
}

export async function deleteObjects(keys: Array<string | null | undefined>): Promise<void> {
  const wanted = keys.filter((k): k is string => !!k);
  // One call per key: DeleteObjects needs a body checksum that s3rver does not accept from SDK v3.
  await Promise.all(wanted.map((Key) => s3().send(new DeleteObjectCommand({ Bucket: config.uploadsBucket, Key }))));
}

/**
 * Deletes every object whose key starts with `prefix`, one listing page (up to 1,000 keys) at a
 * time, so a comparison of any size is emptied without holding all its keys; resolves with how
 * many were deleted.
 */
export async function deletePrefix(prefix: string): Promise<number> {
  let deleted = 0;
  let token: string | undefined;
  do {
    const page = await s3().send(new ListObjectsV2Command({ Bucket: config.uploadsBucket, Prefix: prefix, ContinuationToken: token }));
    const keys = (page.Contents ?? []).map((o) => o.Key);
    await deleteObjects(keys);
    deleted += keys.length;
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
  return deleted;
}

/** How long a download link of an export stays valid. */
export const DOWNLOAD_URL_EXPIRES_SECONDS = 900;

/** A presigned GET of an object, downloaded under `fileName` (Content-Disposition attachment). */
export async function presignDownload(key: string, fileName: string, expiresIn = DOWNLOAD_URL_EXPIRES_SECONDS): Promise<string> {
  return getSignedUrl(
    s3(),
    new GetObjectCommand({
      Bucket: config.uploadsBucket,
      Key: key,
      // The stored name's base name again, so a name stored before names were cleaned is offered safely too.
      ResponseContentDisposition: attachmentDisposition(fileName),
    }),
    { expiresIn },
  );
}

/**
 * A stream whose bytes are uploaded to `key` by S3 multipart upload as they are written (an export
 * of unknown size never sits in memory whole); `done` resolves once the object is stored.
 */
export function uploadStream(key: string, contentType: string): { stream: PassThrough; done: Promise<unknown> } {
  const stream = new PassThrough();
  const upload = new Upload({ client: s3(), params: { Bucket: config.uploadsBucket, Key: key, Body: stream, ContentType: contentType } });
  return { stream, done: upload.done() };
}
