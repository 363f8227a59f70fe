import { once } from 'node:events';
import { text } from 'node:stream/consumers';
import { createGunzip, createGzip, gzipSync, type Gzip } from 'node:zlib';
import type { ComparisonResult, Row } from '../../../shared/compare';
import type { ShardSamples } from '../../../shared/compare-shards/shard-key';
import type { StoredPart } from '../../../shared/compare-shards/shard-plan';
import { openParsedRows, PARSED_ROWS_FORMAT, PARSED_ROWS_VERSION, type ParsedRowsHeader } from '../files';
import { deletePrefix, openObject, parsedPartsKey, putObject, runKey, uploadStream } from '../storage/objects';
import { PipelineError, type RunInput } from './types';

/**
 * A sharded run's objects in S3, beside its config snapshot: each side's rows cut into shards, one
 * part per shard from each split task's range of the file (in the stored parsed-rows format, each
 * row followed by its row number in the whole file), the samples and headers of the whole files
 * every shard is compared with, and each shard's findings. Step Functions carries only shard
 * numbers and byte ranges; everything else is read from here.
 */
export type Side = 'baseline' | 'secondary';

const pad = (n: number) => String(n).padStart(4, '0');
const shardsPrefix = (run: RunInput) => runKey(run, 'shards/');
export const shardRowsKey = (run: RunInput, side: Side, range: number, shard: number) => runKey(run, `shards/${side}-${pad(shard)}-r${pad(range)}.jsonl.gz`);
const shardResultKey = (run: RunInput, shard: number) => runKey(run, `shards/result-${pad(shard)}.json.gz`);
const wholeFilesKey = (run: RunInput) => runKey(run, 'shards/whole-files.json.gz');

/** What every shard needs of the whole files: their columns and first rows. */
export interface WholeFiles {
  columns: { baseline: string[]; secondary: string[] };
  samples: ShardSamples;
}

const GZIP_LEVEL = 1;
/** Characters gathered per write to gzip: a write per row costs more in stream overhead. */
const CHUNK_CHARS = 64 * 1024;

/** One shard of one side, streamed to S3 as it is written. */
class ShardWriter {
  private readonly gzip: Gzip = createGzip({ level: GZIP_LEVEL });
  private readonly done: Promise<unknown>;
  private chunk = '';
  rows = 0;

  constructor(key: string, columns: readonly string[]) {
    const upload = uploadStream(key, 'application/x-ndjson');
    this.gzip.pipe(upload.stream);
    this.done = upload.done;
    const header: ParsedRowsHeader = { format: PARSED_ROWS_FORMAT, version: PARSED_ROWS_VERSION, worksheet_name: null, header_row_index: 0, columns: [...columns] };
    this.chunk = `${JSON.stringify(header)}\n`;
  }

  async add(row: Row): Promise<void> {
    this.chunk += `${JSON.stringify(row)}\n`;
    this.rows++;
    if (this.chunk.length >= CHUNK_CHARS) await this.flush();
  }

  private async flush(): Promise<void> {
    const chunk = this.chunk;
    this.chunk = '';
    if (!this.gzip.write(chunk)) await once(this.gzip, 'drain');
  }

  async close(): Promise<void> {
    if (this.chunk) await this.flush();
    this.gzip.end();
    await this.done;
  }

  abort(): void {
    this.gzip.destroy();
  }
}

/** `count` shard writers of one range of one side. */
export function shardWriters(run: RunInput, side: Side, range: number, columns: readonly string[], count: number) {
  const writers = Array.from({ length: count }, (_, i) => new ShardWriter(shardRowsKey(run, side, range, i), columns));
  return {
    add: (shard: number, row: Row) => writers[shard]!.add(row),
    close: () => Promise.all(writers.map((w) => w.close())),
    abort: () => writers.forEach((w) => w.abort()),
    rows: () => writers.map((w) => w.rows),
  };
}

async function putJson(key: string, value: unknown): Promise<void> {
  await putObject(key, gzipSync(JSON.stringify(value), { level: GZIP_LEVEL }), 'application/json', 'gzip');
}

async function readJson<T>(key: string, what: string): Promise<T> {
  const object = await openObject(key);
  if (!object) throw new PipelineError('ShardMissing', `The ${what} of this sharded run are missing from storage. Run the comparison again.`);
  return JSON.parse(await text(object.body.pipe(createGunzip()))) as T;
}

export const storeWholeFiles = (run: RunInput, whole: WholeFiles) => putJson(wholeFilesKey(run), whole);
export const readWholeFiles = (run: RunInput) => readJson<WholeFiles>(wholeFilesKey(run), 'file samples');
export const storeShardResult = (run: RunInput, shard: number, result: ComparisonResult) => putJson(shardResultKey(run, shard), result);
export const readShardResult = (run: RunInput, shard: number) => readJson<ComparisonResult>(shardResultKey(run, shard), 'shard results');

/**
 * A shard's rows of one side as stored (each with its row number in the whole file after the
 * columns): its part from each of the side's `ranges` split tasks, in file order.
 */
export async function* shardRows(run: RunInput, side: Side, ranges: number, shard: number): AsyncGenerator<Row, void, undefined> {
  for (let range = 0; range < ranges; range++) {
    const object = await openObject(shardRowsKey(run, side, range, shard));
    if (!object) throw new PipelineError('ShardMissing', 'The rows of a shard of this run are missing from storage. Run the comparison again.');
    yield* (await openParsedRows(object.body)).rows;
  }
}

/** Where each part of a file's parsed rows is; null for rows stored before they were stored in parts. */
export async function readStoredParts(parsedRowsKey: string): Promise<StoredPart[] | null> {
  const object = await openObject(parsedPartsKey(parsedRowsKey));
  return object ? (JSON.parse(await text(object.body)) as StoredPart[]) : null;
}

/**
 * Every object of the run's shards: they go once the run's results are merged, or it failed. A
 * pass that fails leaves what the next one lists again (the local S3 fails some of a hundred
 * deletes at once in one folder).
 */
export async function deleteShards(run: RunInput): Promise<void> {
  for (let pass = 1; ; pass++) {
    try {
      await deletePrefix(shardsPrefix(run));
      return;
    } catch (error) {
      if (pass === 3) throw error;
    }
  }
}
