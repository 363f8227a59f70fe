import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
// API Gateway's payload limit, which the handlers also apply to a gzipped body once inflated.
import { MAX_BODY_BYTES } from '../../functions/lib/http';
import { startRequestTiming, timePhase, withRequestTiming } from './request-timing';
import { admission } from './admission';
import { LocalStackError } from './errors';
import { listen, listenError } from './ports';
import { withWorkContext } from './process-guard';
import { buildEvent, invoke, matchRoute, tokenVerifier, type JwtSettings } from './api-gateway';
import { localSecurityHeaders } from '../constructs/security-headers';

/**
 * The one local origin, doing what CloudFront does in AWS: the SPA from web/dist, the runtime
 * `/config.json`, and `/api/*` through the local API Gateway.
 */
export interface ServerOptions {
  webDist: string;
  runtimeConfig: Record<string, unknown>;
  jwt: JwtSettings;
}

/**
 * Handlers admitted at once (admission.ts): enough to keep the server and DynamoDB Local both
 * busy on two cores, few enough that requests are served about in the order they came.
 */
const HANDLERS_AT_ONCE = 8;
/** A handler running longer than this (exports, reports) no longer holds a place. */
const LONG_HANDLER_MS = 250;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.csv': 'text/csv',
};

function sendJson(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

function readBody(req: http.IncomingMessage): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > MAX_BODY_BYTES ? 'too-large' : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function serveStatic(res: http.ServerResponse, webDist: string, pathname: string, security: Record<string, string>) {
  const index = path.join(webDist, 'index.html');
  if (!fs.existsSync(index)) {
    res.writeHead(503, { 'content-type': 'text/plain' });
    res.end('The web app is not built. Run: npm run build:web');
    return;
  }
  const file = path.normalize(path.join(webDist, decodeURIComponent(pathname)));
  const inside = file.startsWith(webDist + path.sep);
  const target = inside && fs.existsSync(file) && fs.statSync(file).isFile() ? file : index;
  const type = CONTENT_TYPES[path.extname(target)] ?? 'application/octet-stream';
  // Hashed assets can be cached for good; index.html must always be fresh.
  const cache = target.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache';
  res.writeHead(200, { 'content-type': type, 'cache-control': cache, ...security });
  fs.createReadStream(target).pipe(res);
}

/**
 * The origin's port, bound before anything else starts so that the port the stack prints is the
 * one it holds: a taken `PORT` stops the start at once (0: any port the OS picks). It answers 503
 * until startServer gives it the platform.
 */
export async function openOrigin(port: number): Promise<http.Server> {
  const server = http.createServer((_req, res) => sendJson(res, 503, { message: 'The platform is starting. Try again in a moment.' }));
  try {
    await listen(server, port);
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    if (e.code === 'EADDRINUSE') {
      throw new LocalStackError(`Port ${port} is already in use. Stop whatever is using it, or start on another port: PORT=${port + 1} npm start`);
    }
    throw listenError('The local server', port, e);
  }
  return server;
}

/** Serves the platform on the origin opened by openOrigin. */
export function startServer(server: http.Server, options: ServerOptions): void {
  const verify = tokenVerifier(options.jwt);
  const handlers = admission({ limit: HANDLERS_AT_ONCE, longAfterMs: LONG_HANDLER_MS });
  startRequestTiming();
  // The deployed Content-Security-Policy, with the local user pool and s3rver in place of AWS's hosts.
  const userPoolEndpoint = typeof options.runtimeConfig.userPoolEndpoint === 'string' ? options.runtimeConfig.userPoolEndpoint : '';
  const localSources = [userPoolEndpoint, process.env.AWS_ENDPOINT_URL_S3 ?? ''].filter(Boolean).map((u) => new URL(u).origin);
  const security = localSecurityHeaders(localSources);
  const serve = async (req: http.IncomingMessage, res: http.ServerResponse) => {
    try {
      const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
      if (url.pathname === '/config.json') return sendJson(res, 200, options.runtimeConfig);
      if (!url.pathname.startsWith('/api/') && url.pathname !== '/api') {
        return serveStatic(res, options.webDist, url.pathname, security);
      }
      const method = (req.method ?? 'GET').toUpperCase();
      const match = matchRoute(method, url.pathname);
      if (!match || match === 'method-not-allowed') return sendJson(res, 404, { message: 'Not found' });
      const body = await readBody(req);
      if (body === 'too-large') return sendJson(res, 413, { message: 'The request is too large.' });
      const result = await withRequestTiming(
        `${match.route.method} ${match.route.path}`,
        async () => {
          const claims = await timePhase('token', () => verify(req.headers.authorization));
          if (match.route.access !== 'public' && !claims) return { statusCode: 401, headers: { 'content-type': 'application/json', 'cache-control': 'no-store' }, body: JSON.stringify({ message: 'Unauthorized' }) };
          const event = buildEvent(req, url, body, match.route, match.pathParameters, claims);
          const what = `${match.route.method} ${match.route.path}`;
          return handlers.run(() => withWorkContext({ id: event.requestContext.requestId, what }, () => invoke(match.route, event)));
        },
        (r) => r.statusCode ?? 200,
      );
      const headers = { ...(result.headers as Record<string, string> | undefined) };
      res.writeHead(result.statusCode ?? 200, headers);
      res.end(result.body ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8') : undefined);
    } catch (error) {
      process.stderr.write(`local server error: ${(error as Error).message}\n`);
      if (!res.headersSent) sendJson(res, 500, { message: 'An error occurred' });
      else res.end();
    }
  };
  server.removeAllListeners('request');
  server.on('request', serve);
}
