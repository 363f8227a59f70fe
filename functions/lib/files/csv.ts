import { parse, type CsvError } from 'csv-parse';
import { Readable } from 'node:stream';
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
  const parser = parse({
    delimiter,
    record_delimiter: ['\r\n', '\n', '\r'],
    bom: true,
    relax_quotes: true,
    relax_column_count: true,
    skip_empty_lines: false,
    max_record_size: MAX_CSV_RECORD_CHARS,
  });
  const text = Readable.from(decode(stream, encoding));
  text.on('error', (error) => parser.destroy(error));
  text.pipe(parser);
  const records = parser[Symbol.asyncIterator]() as AsyncIterator<string[]>;

  let index = 0;
  let done = false;
  const rows: AsyncIterator<RawRow> = {
    async next() {
      if (done) return { done: true, value: undefined };
      let next: IteratorResult<string[]>;
      try {
        next = await records.next();
      } catch (error) {
        done = true;
        if (error instanceof FileParseError) throw error;
        // csv-parse reports where it gave up, which for an unclosed quote is far below the quote
        // itself; the record that failed to end is the useful place to point at.
        const csvError = (error as CsvError)?.code?.startsWith?.('CSV_');
        throw new FileParseError('UNREADABLE_CSV', messages.unreadableCsv(csvError ? index + 1 : undefined), { cause: error });
      }
      if (next.done) {
        done = true;
        return { done: true, value: undefined };
      }
      const cells = next.value.map((cell) => cell.trim());
      while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
      index += 1;
      return { done: false, value: { index: index - 1, cells } };
    },
  };

  const close = async () => {
    done = true;
    await records.return?.();
    text.destroy();
    stream.destroy();
  };

  return singleSheetSource(rows, close);
}
