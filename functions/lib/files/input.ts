import { Readable } from 'node:stream';
import { FileParseError } from './errors';
import { messages } from './messages';

/** What the routes and the pipeline hand us: the object body from S3, or bytes already in memory. */
export type FileInput = Buffer | Uint8Array | Readable | AsyncIterable<Uint8Array>;

/**
 * The start of a file plus a stream that still yields every byte (head included), with the size
 * ceiling enforced while it flows. Libraries downstream (unzipper, saxes) tend to wrap or
 * swallow errors from their source, so the size error is also kept in `limitError` for the caller
 * to rethrow whatever the library turned it into.
 */
export interface PeekedInput {
  head: Buffer;
  stream: Readable;
  limitError(): FileParseError | undefined;
}

async function* chunksOf(input: FileInput): AsyncGenerator<Buffer> {
  if (input instanceof Uint8Array) {
    yield Buffer.isBuffer(input) ? input : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
    return;
  }
  for await (const chunk of input as AsyncIterable<Uint8Array | string>) {
    yield typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
  }
}

/** The first chunks of a stream, taken until they hold at least `bytes` or the stream ends. */
export interface ChunksAhead {
  chunks: Buffer[];
  length: number;
  /** The stream ended within them: nothing is left to read. */
  ended: boolean;
}

export async function readAhead(iterator: AsyncIterator<Buffer>, bytes: number): Promise<ChunksAhead> {
  const chunks: Buffer[] = [];
  let length = 0;
  while (length < bytes) {
    const next = await iterator.next();
    if (next.done) return { chunks, length, ended: true };
    chunks.push(next.value);
    length += next.value.length;
  }
  return { chunks, length, ended: false };
}

export async function peekInput(input: FileInput, headBytes: number, maxBytes: number): Promise<PeekedInput> {
  const iterator = chunksOf(input);
  const { chunks: buffered, ended: done } = await readAhead(iterator, headBytes);
  const head = Buffer.concat(buffered).subarray(0, headBytes);

  let limitError: FileParseError | undefined;
  let total = 0;
  const tooLarge = () => {
    limitError = new FileParseError('TOO_LARGE', messages.tooLarge(maxBytes));
    return limitError;
  };
  async function* all(): AsyncGenerator<Buffer> {
    try {
      for (const chunk of buffered) {
        total += chunk.length;
        if (total > maxBytes) throw tooLarge();
        yield chunk;
      }
      buffered.length = 0;
      if (done) return;
      for (;;) {
        const next = await iterator.next();
        if (next.done) return;
        total += next.value.length;
        if (total > maxBytes) throw tooLarge();
        yield next.value;
      }
    } finally {
      // Stops an S3 body we no longer need from holding its socket open.
      await iterator.return(undefined);
      if (input instanceof Readable && !input.destroyed && limitError) input.destroy();
    }
  }
  return { head, stream: Readable.from(all(), { objectMode: false }), limitError: () => limitError };
}

/** Reads the whole stream, or returns undefined as soon as it passes `maxBytes`. */
export async function readAtMost(stream: Readable, maxBytes: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of stream) {
    total += (chunk as Buffer).length;
    if (total > maxBytes) {
      stream.destroy();
      return undefined;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
