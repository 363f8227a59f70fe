import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  HeadObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { PlannedPart } from '../../../shared/upload-plan';
import { s3 } from '../aws';
import { config } from '../config';
import { UPLOAD_URL_EXPIRES_SECONDS } from './objects';

export interface PlannedPartUrl {
  part_number: number;
  size: number;
  url: string;
}

/**
 * The S3 side of a file that goes up in parts: the upload is created here, its parts are PUT by
 * the browser to presigned URLs each bound to its part's length, and it is completed or aborted
 * here. Until it is completed there is no object; an upload never completed is aborted by the
 * bucket's lifecycle rule after a day (infra/constructs/storage.ts).
 */
export async function createMultipartUpload(key: string, contentType: string): Promise<string> {
  const res = await s3().send(new CreateMultipartUploadCommand({ Bucket: config.uploadsBucket, Key: key, ContentType: contentType }));
  if (!res.UploadId) throw new Error('S3 answered no UploadId for a new multipart upload');
  return res.UploadId;
}

/**
 * A presigned UploadPart bound to the part's length (Content-Length is a signed header, so S3
 * refuses a body of another length). s3rver does not check V4 signatures: locally, completing the
 * upload compares the stored size with the declared one instead.
 */
export async function presignPart(key: string, uploadId: string, partNumber: number, size: number): Promise<string> {
  return getSignedUrl(
    s3(),
    new UploadPartCommand({ Bucket: config.uploadsBucket, Key: key, UploadId: uploadId, PartNumber: partNumber, ContentLength: size }),
    { expiresIn: UPLOAD_URL_EXPIRES_SECONDS, signableHeaders: new Set(['content-length']) },
  );
}

/** Presigned PUTs of `parts`, each bound to its part's length. */
export async function signParts(key: string, uploadId: string, parts: PlannedPart[]): Promise<Array<PlannedPartUrl>> {
  return Promise.all(parts.map(async (p) => ({ part_number: p.part_number, size: p.size, url: await presignPart(key, uploadId, p.part_number, p.size) })));
}

/** Joins the parts into the object; resolves with the object's stored size. */
export async function completeMultipartUpload(key: string, uploadId: string, parts: Array<{ part_number: number; etag: string }>): Promise<number> {
  const sorted = [...parts].sort((a, b) => a.part_number - b.part_number);
  await s3().send(
    new CompleteMultipartUploadCommand({
      Bucket: config.uploadsBucket,
      Key: key,
      UploadId: uploadId,
      MultipartUpload: { Parts: sorted.map((p) => ({ PartNumber: p.part_number, ETag: quoted(p.etag) })) },
    }),
  );
  const head = await s3().send(new HeadObjectCommand({ Bucket: config.uploadsBucket, Key: key }));
  return head.ContentLength ?? 0;
}

/** Drops the parts uploaded so far; an upload S3 no longer knows is already gone. */
export async function abortMultipartUpload(key: string, uploadId: string): Promise<void> {
  try {
    await s3().send(new AbortMultipartUploadCommand({ Bucket: config.uploadsBucket, Key: key, UploadId: uploadId }));
  } catch (error) {
    if (error instanceof Error && error.name === 'NoSuchUpload') return;
    throw error;
  }
}

/** Whether S3 refused the completion because of the parts named (unknown part, wrong ETag, too small). */
export function isPartsRefusal(error: unknown): boolean {
  return error instanceof Error && ['InvalidPart', 'InvalidPartOrder', 'EntityTooSmall', 'NoSuchUpload'].includes(error.name);
}

// S3 answers ETags in quotes; a browser that could not read the header quotes may send it bare.
const quoted = (etag: string) => (etag.startsWith('"') ? etag : `"${etag}"`);
