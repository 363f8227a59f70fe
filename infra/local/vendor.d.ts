// s3rver ships no type declarations; we use its constructor, run() and close(), and its Koa
// middleware list (infra/local/s3.ts puts the multipart abort it lacks in front).
declare module 's3rver' {
  interface S3rverOptions {
    /** A port, or a bound server whose socket it serves on (Node's `server.listen(handle)`). */
    port?: number | import('node:net').Server;
    address?: string;
    directory?: string;
    silent?: boolean;
    configureBuckets?: Array<{ name: string; configs: Array<string | Buffer> }>;
  }
  export default class S3rver {
    constructor(options: S3rverOptions);
    run(): Promise<unknown>;
    close(): Promise<void>;
    middleware: Array<(ctx: S3rverContext, next: () => Promise<unknown>) => unknown>;
  }
  interface S3rverContext {
    method: string;
    path: string;
    query: Record<string, string | string[] | undefined>;
    status: number;
    type: string;
    body: unknown;
  }
}
