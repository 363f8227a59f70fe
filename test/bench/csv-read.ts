/**
 * Reading one large CSV file to records, the upload reader (csv-records.ts) beside csv-parse with
 * the options the upload reader used before it, both from the same decoded text and both trimming
 * cells as uploads do. Prints seconds per run; the row counts must agree.
 *
 *   node --import tsx test/bench/csv-read.ts <file.csv> [runs]
 */
import { createReadStream } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { CsvRecordReader } from '../../functions/lib/files/csv-records';

async function* decode(file: string): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of createReadStream(file)) {
    const text = decoder.decode(chunk as Buffer, { stream: true });
    if (text) yield text;
  }
}

async function withReader(file: string): Promise<number> {
  const reader = new CsvRecordReader(',', 1024 * 1024);
  const out: string[][] = [];
  let n = 0;
  for await (const text of decode(file)) {
    reader.push(text, out);
    n += out.length;
    out.length = 0;
  }
  reader.end(out);
  return n + out.length;
}

async function withCsvParse(file: string): Promise<number> {
  const parser = Readable.from(decode(file)).pipe(
    parse({ delimiter: ',', record_delimiter: ['\r\n', '\n', '\r'], bom: true, relax_quotes: true, relax_column_count: true, skip_empty_lines: false, max_record_size: 1024 * 1024 }),
  );
  let n = 0;
  for await (const record of parser) {
    const cells = (record as string[]).map((c) => c.trim());
    while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
    n++;
  }
  return n;
}

export async function csvReadBench(file: string, runs = 3): Promise<{ readerMs: number[]; csvParseMs: number[]; rows: number }> {
  const readerMs: number[] = [];
  const csvParseMs: number[] = [];
  let rows = 0;
  for (let r = 0; r < runs; r++) {
    let t = performance.now();
    rows = await withReader(file);
    readerMs.push(performance.now() - t);
    t = performance.now();
    const theirs = await withCsvParse(file);
    csvParseMs.push(performance.now() - t);
    if (theirs !== rows) throw new Error(`csv-parse read ${theirs} records, the reader ${rows}`);
  }
  return { readerMs, csvParseMs, rows };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  process.stdout.write(JSON.stringify(await csvReadBench(process.argv[2]!, Number(process.argv[3] ?? 3))) + '\n');
}
