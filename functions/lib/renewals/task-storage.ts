import { DeleteObjectCommand, HeadObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { s3 } from '../aws';
import { config } from '../config';
import { presignDownload } from '../storage/objects';

/**
 * Task attachments in S3, under the tenant's folder. The browser PUTs the bytes itself with a
 * presigned URL signed for the declared type and length, so storage refuses another body; the
 * verify step then reads what arrived before the file is listed.
 */
export const TASK_FILE_URL_SECONDS = 300;

export function taskFileKey(ids: { organizationId: string; companyId: string; taskId: string; fileId: string }, extension: string) {
  return `task-files/${ids.organizationId}/${ids.companyId}/${ids.taskId}/${ids.fileId}${extension}`;
}

export async function presignTaskFileUpload(key: string, contentType: string, size: number): Promise<string> {
  return getSignedUrl(s3(), new PutObjectCommand({ Bucket: config.uploadsBucket, Key: key, ContentType: contentType, ContentLength: size }), {
    expiresIn: TASK_FILE_URL_SECONDS,
    signableHeaders: new Set(['content-type', 'content-length']),
  });
}

/** A presigned GET of an attachment, downloaded under its own name. */
export const presignTaskFileDownload = (key: string, fileName: string) => presignDownload(key, fileName, TASK_FILE_URL_SECONDS);

/** What arrived at `key`, or null when nothing did. */
export async function storedObject(key: string): Promise<{ size: number; contentType: string } | null> {
  try {
    const head = await s3().send(new HeadObjectCommand({ Bucket: config.uploadsBucket, Key: key }));
    return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? '' };
  } catch (error) {
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    if ((error as { name?: string }).name === 'NotFound' || status === 404) return null;
    throw error;
  }
}

export async function deleteTaskFileObject(key: string): Promise<void> {
  await s3().send(new DeleteObjectCommand({ Bucket: config.uploadsBucket, Key: key }));
}
