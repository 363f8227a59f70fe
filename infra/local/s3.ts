import fs from 'node:fs';
import path from 'node:path';
import S3rver from 's3rver';

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

export async function startS3(dataDir: string, port: number, buckets: string[]): Promise<{ endpoint: string; stop: () => Promise<void> }> {
  const directory = path.join(dataDir, 's3');
  fs.mkdirSync(directory, { recursive: true });
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    directory,
    silent: true,
    configureBuckets: buckets.map((name) => ({ name, configs: [CORS] })),
  });
  await server.run();
  return { endpoint: `http://127.0.0.1:${port}`, stop: () => server.close() };
}
