import { beforeAll, describe, expect, it } from 'vitest';

/**
 * What a presigned URL lets its holder do: an upload URL is bound to the declared length (and a
 * whole file's PUT to its type), so S3 refuses any other body; every URL lives minutes, not hours.
 * Signing is offline, so these read the URLs the SDK builds without any storage behind them.
 */
beforeAll(() => {
  Object.assign(process.env, { UPLOADS_BUCKET: 'uploads-test', AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'test', AWS_SECRET_ACCESS_KEY: 'test' });
});

const query = (url: string) => new URL(url).searchParams;
const signedHeaders = (url: string) => (query(url).get('X-Amz-SignedHeaders') ?? '').split(';');
const lifetime = (url: string) => Number(query(url).get('X-Amz-Expires'));

describe('presigned URLs', () => {
  it('binds a whole-file PUT to its declared length and type, for 15 minutes at most', async () => {
    const { presignUpload } = await import('./objects');

    const url = await presignUpload('uploads/o/c/x/f.csv', 'text/csv', 1234);

    expect(signedHeaders(url)).toEqual(expect.arrayContaining(['content-length', 'content-type']));
    expect(lifetime(url)).toBeLessThanOrEqual(15 * 60);
  });

  it('binds each part URL of a multipart upload to that part’s length', async () => {
    const { signParts } = await import('./multipart');

    const [first, last] = await signParts('uploads/o/c/x/f.csv', 'upload-1', [
      { part_number: 1, offset: 0, size: 16 * 1024 * 1024 },
      { part_number: 2, offset: 16 * 1024 * 1024, size: 10 },
    ]);

    expect(first).toMatchObject({ part_number: 1, size: 16 * 1024 * 1024 });
    expect(last).toMatchObject({ part_number: 2, size: 10 });
    for (const part of [first, last]) {
      expect(signedHeaders(part.url)).toContain('content-length');
      expect(query(part.url).get('uploadId')).toBe('upload-1');
      expect(lifetime(part.url)).toBeLessThanOrEqual(15 * 60);
    }
    expect(query(last.url).get('partNumber')).toBe('2');
  });

  it('lets a download link (an export, a converted file) live 15 minutes at most', async () => {
    const { presignDownload, DOWNLOAD_URL_EXPIRES_SECONDS } = await import('./objects');

    const url = await presignDownload('exports/o/c/x/report.xlsx', 'report.xlsx');

    expect(DOWNLOAD_URL_EXPIRES_SECONDS).toBeLessThanOrEqual(15 * 60);
    expect(lifetime(url)).toBe(DOWNLOAD_URL_EXPIRES_SECONDS);
  });
});
