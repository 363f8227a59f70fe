/**
 * Reads one file the way the parse job does (writeParsedRows into a sink) in a process of its own,
 * and prints what happened with the peak RSS, for the hostile-file tests:
 *   node --import tsx functions/lib/files/parse-child.ts <path> <name as uploaded>
 */
import { createReadStream } from 'node:fs';
import { Writable } from 'node:stream';
import { writeParsedRows } from './parsed-rows';

const [file, name] = process.argv.slice(2);
let peak = process.memoryUsage().rss;
const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
const started = Date.now();
let outcome: Record<string, unknown>;
try {
  const summary = await writeParsedRows(createReadStream(file!), name!, new Writable({ write: (_c, _e, done) => done() }));
  outcome = { ok: true, rows: summary.row_count, columns: summary.columns.length };
} catch (error) {
  const e = error as { code?: string; message?: string; name?: string };
  outcome = { ok: false, code: e.code ?? null, name: e.name ?? null, message: e.message ?? String(error) };
}
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage().rss);
process.stdout.write(JSON.stringify({ ...outcome, peakRssMb: Math.round(peak / 1048576), ms: Date.now() - started }));
