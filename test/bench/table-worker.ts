/**
 * Reads a data file's table in a worker thread with the upload reader (openSource + openTable:
 * encoding, delimiter, header search, title rows, trimming), so two files are read on two cores
 * while the main thread runs the engine. Rows cross over in batches: one string holding the
 * batch's cells end to end and the offsets where each cell ends, which costs the main thread one
 * slice per cell instead of a structured clone of every row. The engine takes them batch by batch
 * (Table.batches), so it waits once per batch, not once per row.
 *
 * Flow control: the worker stays at most MAX_AHEAD batches ahead of what the main thread has
 * taken, so a file read long before it is needed (the carrier file, while the baseline loads)
 * waits in the worker instead of filling memory. Reading it further ahead was tried: it takes a
 * core from the baseline's reader, which is what the engine waits for then, while the carrier's
 * reader read later runs beside the comparison on the core the engine leaves idle.
 */
import { createReadStream, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MessageChannel, receiveMessageOnPort, Worker, isMainThread, parentPort, workerData, type MessagePort } from 'node:worker_threads';
import type { PackedRows, Row, Table } from '../../shared/compare';
import { openSource } from '../../functions/lib/files/open-source';
import { openTable } from '../../functions/lib/files/table';

const BATCH_ROWS = 4096;
/** Atomics.waitAsync (Node 16+), not yet in the TypeScript library this project targets. */
const waitAsync = (Atomics as unknown as { waitAsync(a: Int32Array, i: number, v: number, t: number): { async: boolean; value: Promise<unknown> | string } }).waitAsync;
const MAX_AHEAD = 64;
/** Shared counters: batches posted by the worker, batches taken by the main thread. */
const POSTED = 0;
const TAKEN = 1;

interface Start {
  file: string;
  port: MessagePort;
  counters: SharedArrayBuffer;
}

type Message =
  | { kind: 'header'; columns: string[]; header_row_index: number }
  | { kind: 'rows'; text: string; ends: Uint32Array; count: number }
  | { kind: 'end' }
  | { kind: 'error'; name: string; code?: string; message: string };

export interface WorkerTable extends Table {
  header_row_index: number;
  rows: AsyncIterable<Row>;
  /** The rows as they cross over from the worker, cut into cells; read one of these, `packed` or `rows`. */
  batches: AsyncIterable<Row[]>;
  /** The batches as they cross over, not cut into cells (the engine cuts out what it reads). */
  packed: AsyncIterable<PackedRows>;
  /** Milliseconds the main thread waited for the worker (reading was then the slower side). */
  waitedMs(): number;
}

let bundle: string | null = null;

/**
 * Bundles this module and the reader into one JavaScript file (esbuild, as the stack bundles its
 * functions), so a worker starts as a deployed function does instead of compiling TypeScript
 * through tsx first: about half a second of each worker's start under tsx. Call it before timing;
 * without it the workers run through tsx.
 */
export async function prepareTableWorker(): Promise<void> {
  const { build } = await import('esbuild');
  const outfile = path.join(tmpdir(), `dvp-table-worker-${process.pid}.mjs`);
  await build({
    entryPoints: [fileURLToPath(import.meta.url)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    logLevel: 'error',
    // CommonJS dependencies inside an ES module bundle still call require.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  });
  process.once('exit', () => rmSync(outfile, { force: true }));
  bundle = outfile;
}

/** Opens `file` (CSV or a workbook, judged by its name and content) in a worker thread. */
export async function openTableInWorker(file: string): Promise<WorkerTable> {
  const counters = new Int32Array(new SharedArrayBuffer(8));
  const { port1, port2 } = new MessageChannel();
  // Node does not pass tsx's loader on to a worker's entry file, so the worker registers it first.
  const entry = bundle ?? `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(import.meta.url)}); })`;
  const worker = new Worker(entry, { eval: bundle === null, workerData: { file, port: port2, counters: counters.buffer } satisfies Start, transferList: [port2] });
  let crashed: Error | undefined;
  worker.on('error', (error) => (crashed = error));
  worker.on('exit', (code) => (crashed ??= code === 0 ? undefined : new Error(`The table worker stopped with code ${code}`)));
  let waited = 0;

  const receive = (): Message | undefined => {
    const received = receiveMessageOnPort(port1);
    if (!received) return undefined;
    const message = received.message as Message;
    if (message.kind === 'rows') {
      Atomics.add(counters, TAKEN, 1);
      Atomics.notify(counters, TAKEN);
    }
    return message;
  };
  const take = async (): Promise<Message> => {
    for (;;) {
      const posted = Atomics.load(counters, POSTED);
      const message = receive();
      if (message) return message;
      if (crashed) throw crashed;
      const t = performance.now();
      const result = waitAsync(counters, POSTED, posted, 1000);
      if (result.async) await result.value;
      waited += performance.now() - t;
    }
  };

  const fail = (message: Extract<Message, { kind: 'error' }>) => Object.assign(new Error(message.message), { name: message.name, code: message.code });
  const first = await take();
  if (first.kind === 'error') {
    await worker.terminate();
    throw fail(first);
  }
  if (first.kind !== 'header') throw new Error('The table worker sent rows before the header');
  const width = first.columns.length;

  async function* packed(): AsyncGenerator<PackedRows> {
    try {
      for (;;) {
        const message = await take();
        if (message.kind === 'end') return;
        if (message.kind === 'error') throw fail(message);
        if (message.kind === 'rows') yield message;
      }
    } finally {
      port1.close();
      await worker.terminate();
    }
  }
  async function* batches(): AsyncGenerator<Row[]> {
    for await (const { text, ends, count } of packed()) {
      const batch = new Array<Row>(count);
      let at = 0;
      let start = 0;
      for (let r = 0; r < count; r++) {
        const row = new Array<string>(width);
        for (let c = 0; c < width; c++) {
          const end = ends[at++]!;
          row[c] = text.slice(start, end);
          start = end;
        }
        batch[r] = row;
      }
      yield batch;
    }
  }
  const batched = batches();
  async function* rows(): AsyncGenerator<Row> {
    for await (const batch of batched) yield* batch;
  }

  return { columns: first.columns, header_row_index: first.header_row_index, batches: batched, packed: packed(), rows: rows(), waitedMs: () => waited };
}

async function work({ file, port, counters: shared }: Start): Promise<void> {
  const counters = new Int32Array(shared);
  const post = (message: Message, transfer: ArrayBuffer[] = []) => {
    port.postMessage(message, transfer);
    Atomics.add(counters, POSTED, 1);
    Atomics.notify(counters, POSTED);
  };
  try {
    // No size ceiling here: benchmark files are larger than an upload may be. The stream's default
    // 64 kB reads: reads of 1 MB were slower (the parser then hands over thousands of rows at once).
    const table = await openTable(await openSource(createReadStream(file), path.basename(file), Number.POSITIVE_INFINITY), {});
    post({ kind: 'header', columns: table.columns, header_row_index: table.header_row_index });
    const width = table.columns.length;
    // Cells are appended to one string (a rope V8 flattens once, when the batch is posted), which
    // costs far less than collecting them in an array and joining it.
    let text = '';
    let ends = new Uint32Array(BATCH_ROWS * width);
    let at = 0;
    let count = 0;
    let sent = 0;
    const flush = () => {
      if (count === 0) return;
      // Waits while the main thread is MAX_AHEAD batches behind.
      for (;;) {
        const taken = Atomics.load(counters, TAKEN);
        if (sent - taken < MAX_AHEAD) break;
        Atomics.wait(counters, TAKEN, taken);
      }
      const used = at === ends.length ? ends : ends.slice(0, at);
      post({ kind: 'rows', text, ends: used, count }, [used.buffer as ArrayBuffer]);
      sent++;
      text = '';
      ends = new Uint32Array(BATCH_ROWS * width);
      at = 0;
      count = 0;
    };
    for await (const row of table.rows) {
      for (let c = 0; c < width; c++) {
        text += row[c]!;
        ends[at++] = text.length;
      }
      if (++count === BATCH_ROWS) flush();
    }
    flush();
    post({ kind: 'end' });
  } catch (error) {
    const e = error as { name?: string; code?: string; message?: string };
    post({ kind: 'error', name: e.name ?? 'Error', code: e.code, message: e.message ?? String(error) });
  }
}

if (!isMainThread && parentPort && (workerData as Start | undefined)?.port) await work(workerData as Start);
