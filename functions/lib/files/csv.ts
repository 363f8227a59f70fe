import { Readable } from 'node:stream';
import { CsvRecordError, CsvRecordReader } from './csv-records';
import { FileParseError } from './errors';
import type { RawRow } from './header';
import { MAX_CSV_RECORD_CHARS } from './limits';
import { messages } from './messages';
import { singleSheetSource, type WorkbookSource } from './source';

/**
 * Excel's "CSV" (not "CSV UTF-8") is Windows-1252, and "Unicode Text" is UTF-16 with a BOM; a
 * name like José would otherwise turn into replacement characters and stop matching.
 */
export function detectEncoding(head: Buffer): 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252' {
  if (head[0] === 0xff && head[1] === 0xfe) return 'utf-16le';
  if (head[0] === 0xfe && head[1] === 0xff) return 'utf-16be';
  // The head may end inside a multi-byte character; judge it without its last three bytes.
  const sample = head.length > 4 ? head.subarray(0, head.length - 3) : head;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample);
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

const DELIMITERS = [',', ';', '\t', '|'] as const;

/**
 * Picks the delimiter that splits the first lines most consistently: a real delimiter appears the
 * same number of times on most lines, while commas inside European decimals or text vary.
 */
export function detectDelimiter(sample: string): string {
  const unquoted = sample.replace(/"(?:[^"]|"")*"/g, '""');
  const lines = unquoted.split(/\r\n|\n|\r/).slice(0, 30).filter((l) => l.trim() !== '');
  let best: { delimiter: string; lines: number; count: number } = { delimiter: ',', lines: 0, count: 0 };
  for (const delimiter of DELIMITERS) {
    const frequency = new Map<number, number>();
    for (const line of lines) {
      const count = line.split(delimiter).length - 1;
      if (count > 0) frequency.set(count, (frequency.get(count) ?? 0) + 1);
    }
    for (const [count, linesWithCount] of frequency) {
      if (linesWithCount > best.lines || (linesWithCount === best.lines && count > best.count)) {
        best = { delimiter, lines: linesWithCount, count };
      }
    }
  }
  return best.delimiter;
}

async function* decode(stream: Readable, encoding: string): AsyncGenerator<string> {
  // ignoreBOM: false (the default) is what drops a leading byte-order mark.
  const decoder = new TextDecoder(encoding);
  for await (const chunk of stream) {
    const text = decoder.decode(chunk as Buffer, { stream: true });
    if (text) yield text;
  }
  const rest = decoder.decode();
  if (rest) yield rest;
}

/**
 * A CSV file as a one-sheet source. Every field stays a string (no type casting), so identifiers
 * keep their leading zeros. Rows are numbered by record, counting blank lines, so the header row
 * index matches what the user sees when the file has no line breaks inside quoted fields.
 */
export function openCsv(stream: Readable, head: Buffer): WorkbookSource {
  const encoding = detectEncoding(head);
  const delimiter = detectDelimiter(new TextDecoder(encoding).decode(head));
  const reader = new CsvRecordReader(delimiter, MAX_CSV_RECORD_CHARS);
  const chunks = decode(stream, encoding);
  /** Records read from the file and not yet handed out, and where the next one is. */
  let queue: string[][] = [];
  let at = 0;
  /** A failure met while reading ahead, thrown once the records before it are handed out. */
  let failure: unknown;
  let index = 0;
  let done = false;

  const fail = (error: unknown): never => {
    done = true;
    if (error instanceof FileParseError) throw error;
    // The record that failed to end is the useful place to point at (an unclosed quote is found
    // far below the quote itself).
    const record = error instanceof CsvRecordError ? error.record : undefined;
    throw new FileParseError('UNREADABLE_CSV', messages.unreadableCsv(record), { cause: error });
  };

  const fill = async (): Promise<boolean> => {
    queue = [];
    at = 0;
    while (queue.length === 0) {
      if (failure !== undefined) fail(failure);
      let next: IteratorResult<string>;
      try {
        next = await chunks.next();
        if (next.done) reader.end(queue);
        else reader.push(next.value, queue);
      } catch (error) {
        failure = error;
        continue;
      }
      if (next.done) return queue.length > 0;
    }
    return true;
  };

  const rows: AsyncIterator<RawRow> = {
    async next() {
      if (done) return { done: true, value: undefined };
      if (at === queue.length && !(await fill())) {
        done = true;
        return { done: true, value: undefined };
      }
      const cells = queue[at]!;
      queue[at++] = EMPTY;
      index += 1;
      return { done: false, value: { index: index - 1, cells } };
    },
  };

  const close = async () => {
    done = true;
    await chunks.return(undefined);
    stream.destroy();
  };

  return singleSheetSource(rows, close);
}

const EMPTY: string[] = [];
