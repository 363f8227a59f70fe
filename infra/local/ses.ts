import { createRequire } from 'node:module';
import type * as SesModule from 'aws-ses-v2-local';

// A CommonJS module with its server factory on `exports.default`, as its types say. What a default
// import of it gives differs between Node's loader and bundlers; require gives the exports as typed.
const ses: typeof SesModule = createRequire(import.meta.url)('aws-ses-v2-local');
const sesServer = ses.default;

/** aws-ses-v2-local keeps sent mail in memory; its page lists it and `GET /store` returns it. */
export async function startSes(port: number): Promise<{ endpoint: string; stop: () => Promise<void> }> {
  const server = await sesServer({ host: '127.0.0.1', port });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
