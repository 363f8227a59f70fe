import fs from 'node:fs';
import path from 'node:path';
import S3rver, { type S3rverContext } from 's3rver';
import { bindPort, portOf } from './ports';

// Browser uploads go straight to the bucket with a presigned PUT, so the local bucket needs the
// same CORS rule as the real one (PUT/GET from the site, ETag readable).
const CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod>
    <AllowedMethod>PUT</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader>
    <MaxAgeSeconds>3000</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

/**
 * AbortMultipartUpload (DELETE …?uploadId=), which s3rver 3 does not implement: drops the parts
 * it keeps for the upload, as S3 does, or answers NoSuchUpload.
 */
function abortMultipartUpload(directory: string) {
  return async (ctx: S3rverContext, next: () => Promise<unknown>) => {
    const uploadId = ctx.query.uploadId;
    if (ctx.method !== 'DELETE' || typeof uploadId !== 'string') return next();
    const bucket = decodeURIComponent(ctx.path.split('/')[1] ?? '');
    // Where s3rver's filesystem store keeps the parts of an upload under way.
    const parts = path.join(directory, bucket, '._S3rver_uploads', path.basename(uploadId));
    if (!bucket || !fs.existsSync(parts)) {
      ctx.status = 404;
      ctx.type = 'application/xml';
      ctx.body = '<?xml version="1.0" encoding="UTF-8"?><Error><Code>NoSuchUpload</Code><Message>The specified upload does not exist.</Message></Error>';
      return;
    }
    await fs.promises.rm(parts, { recursive: true, force: true });
    ctx.status = 204;
    ctx.body = null;
  };
}

/** s3rver on the preferred port, or on one the OS picks when it is taken (ports.ts). */
export async function startS3(dataDir: string, preferredPort: number, buckets: string[]): Promise<{ endpoint: string; stop: () => Promise<void> }> {
  const directory = path.join(dataDir, 's3');
  fs.mkdirSync(directory, { recursive: true });
  const socket = await bindPort('S3 (s3rver)', preferredPort);
  const port = portOf(socket);
  const server = new S3rver({
    port: socket,
    address: '127.0.0.1',
    directory,
    silent: true,
    configureBuckets: buckets.map((name) => ({ name, configs: [CORS] })),
  });
  server.middleware.unshift(abortMultipartUpload(directory));
  await server.run();
  return { endpoint: `http://127.0.0.1:${port}`, stop: () => server.close() };
}
