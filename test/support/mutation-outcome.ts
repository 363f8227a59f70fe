import { Writable } from 'node:stream';
import { FileParseError, fileParseMessages, readParsedRows, writeParsedRows } from '../../functions/lib/files';

/**
 * What a mutated file should come to: the reader's own reading in this process (the oracle the
 * route's stored rows are compared with), and whether a refusal's message is one a user can act on.
 */
export type Reading =
  | { ok: true; columns: string[]; rows: string[][]; worksheet_name: string | null; header_row_index: number; preamble: string[][] }
  | { ok: false; code: string; message: string };

/** Reads the bytes as the parse job does (writeParsedRows into a sink), then reads the stored rows back. */
export async function readInProcess(bytes: Buffer, name: string): Promise<Reading> {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  try {
    const summary = await writeParsedRows(bytes, name, sink);
    const rows: string[][] = [];
    for await (const row of readParsedRows(Buffer.concat(chunks))) rows.push(row);
    const preamble = JSON.parse((await import('node:zlib')).gunzipSync(Buffer.concat(chunks)).toString('utf8').split('\n', 1)[0]!).preamble as string[][];
    return { ok: true, columns: summary.columns, rows, worksheet_name: summary.worksheet_name, header_row_index: summary.header_row_index, preamble };
  } catch (error) {
    if (error instanceof FileParseError) return { ok: false, code: error.code, message: error.message };
    throw error;
  }
}

/** Words of our code or of a library that mean the message was not written for the user. */
const INTERNAL = /\b(TypeError|RangeError|ReferenceError|SyntaxError|Error:|undefined|null|NaN|ENOENT|EPIPE|ERR_[A-Z_]+|Cannot read|is not a function|stack|at .+\(.+:\d+:\d+\))|problem on our side/;

/** Why a refusal's message is not one a user can act on, or null when it is. */
export function messageProblem(message: unknown): string | null {
  if (typeof message !== 'string' || message.trim() === '') return 'no message';
  if (/\n\s+at /.test(message)) return 'a stack trace';
  const internal = INTERNAL.exec(message);
  if (internal) return `internal words (${internal[0]})`;
  if (message.length < 20) return 'too short to say what is wrong';
  return null;
}

/**
 * "This file is empty" is for a file with nothing in it (blank lines and separators at most); said
 * of a damaged file with content, it sends the user looking for the wrong problem.
 */
export function emptyClaimProblem(bytes: Buffer, message: string): string | null {
  if (message !== fileParseMessages.empty()) return null;
  const content = bytes.toString('latin1').replace(/\xEF\xBB\xBF|\xFF\xFE|\xFE\xFF/g, '').replaceAll('\0', '').replace(/[\s,;|"]/g, '');
  return content === '' ? null : `says the file is empty, for ${bytes.length} bytes of content`;
}

/** Every row has exactly one cell per column, each a string. */
export function shapeProblem(columns: string[], rows: string[][]): string | null {
  if (!columns.length) return 'no columns';
  const bad = rows.findIndex((r) => !Array.isArray(r) || r.length !== columns.length || r.some((c) => typeof c !== 'string'));
  return bad < 0 ? null : `row ${bad} has ${rows[bad]?.length} cells for ${columns.length} columns`;
}
