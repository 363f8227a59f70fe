import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { decodeBody, HttpError, MAX_BODY_BYTES, publicRoute, type ApiEvent } from './http';
import { NOT_THROUGH_CLOUDFRONT_MESSAGE, ORIGIN_VERIFY_HEADER, ORIGIN_VERIFY_VARIABLE } from './origin-verify';

const MB = 1024 * 1024;

/**
 * `megabytes` of zeros as gzip without ever holding them: one compressed megabyte repeated as
 * concatenated gzip members, which gunzip inflates one after the other (about 1 KB per MB).
 */
function gzipBomb(megabytes: number): Buffer {
  const member = gzipSync(Buffer.alloc(MB));
  return Buffer.concat(Array.from({ length: megabytes }, () => member));
}

const gzipped = (bytes: Buffer, form: 'binary' | 'base64-text' = 'binary'): ApiEvent =>
  ({
    // API Gateway hands binary bodies over base64-encoded; the web's compress option sends base64 text.
    body: bytes.toString('base64'),
    isBase64Encoded: form === 'binary',
    headers: { 'content-encoding': 'gzip', 'content-type': form === 'binary' ? 'application/json' : 'application/octet-stream' },
    routeKey: 'POST /api/echo',
    requestContext: { requestId: 'test' },
  }) as unknown as ApiEvent;

function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('expected a throw');
}

describe('decodeBody with a gzipped body', () => {
  it('refuses a 200 MB gzip bomb with 413 quickly, without inflating it', () => {
    const bomb = gzipBomb(200);
    expect(bomb.length).toBeLessThan(MB);
    for (const form of ['binary', 'base64-text'] as const) {
      const started = performance.now();
      const error = thrown(() => decodeBody(gzipped(bomb, form)));
      const ms = performance.now() - started;
      expect(error).toBeInstanceOf(HttpError);
      expect(error).toMatchObject({ status: 413, message: 'The request body is too large once decompressed.' });
      // Inflating all 200 MB takes seconds; stopping at the limit takes a few tens of milliseconds.
      expect(ms).toBeLessThan(1000);
    }
  });

  it('answers the 413 with its message through the request wrapper', async () => {
    const handler = publicRoute({ body: z.unknown() }, async () => ({ ok: true }));
    const res = (await handler(gzipped(gzipBomb(200)))) as { statusCode: number; body: string };
    expect(res.statusCode).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ message: 'The request body is too large once decompressed.' });
  });

  it('decodes a normal gzipped JSON body, sent as binary or as the web sends it', () => {
    const value = { name: 'Renewal 2025', rows: [{ ssn: '***-**-1234', amount: 12.5 }] };
    const bytes = gzipSync(Buffer.from(JSON.stringify(value)));
    expect(decodeBody(gzipped(bytes))).toEqual(value);
    expect(decodeBody(gzipped(bytes, 'base64-text'))).toEqual(value);
  });

  it('takes a body that inflates to exactly the limit and refuses one byte more', () => {
    const atLimit = `"${'a'.repeat(MAX_BODY_BYTES - 2)}"`;
    expect((decodeBody(gzipped(gzipSync(Buffer.from(atLimit)))) as string).length).toBe(MAX_BODY_BYTES - 2);
    const over = `"${'a'.repeat(MAX_BODY_BYTES - 1)}"`;
    expect(thrown(() => decodeBody(gzipped(gzipSync(Buffer.from(over)))))).toMatchObject({ status: 413 });
  });

  it('still answers 400 for bytes that are not gzip', () => {
    expect(thrown(() => decodeBody(gzipped(Buffer.from([0x1f, 0x8b, 1, 2, 3]))))).toMatchObject({
      status: 400,
      message: 'The request body could not be decompressed.',
    });
  });
});

describe('requests that did not come through CloudFront', () => {
  const event = (headers: Record<string, string>): ApiEvent =>
    ({ headers, routeKey: 'GET /api/echo', requestContext: { requestId: 'test', http: { method: 'GET' } } }) as unknown as ApiEvent;
  const handler = publicRoute({}, async () => ({ ok: true }));

  it('are refused with 403 when the stage has an origin secret, and the secret header lets a request in', async () => {
    const before = process.env[ORIGIN_VERIFY_VARIABLE];
    process.env[ORIGIN_VERIFY_VARIABLE] = 's'.repeat(48);
    try {
      const direct = (await handler(event({}))) as { statusCode: number; body: string };
      expect(direct.statusCode).toBe(403);
      expect(JSON.parse(direct.body)).toEqual({ message: NOT_THROUGH_CLOUDFRONT_MESSAGE });
      const through = (await handler(event({ [ORIGIN_VERIFY_HEADER]: 's'.repeat(48) }))) as { statusCode: number };
      expect(through.statusCode).toBe(200);
    } finally {
      if (before === undefined) delete process.env[ORIGIN_VERIFY_VARIABLE];
      else process.env[ORIGIN_VERIFY_VARIABLE] = before;
    }
  });
});
