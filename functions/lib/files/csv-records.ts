/**
 * A streaming RFC 4180 record reader over decoded text, written for how uploads are read: every
 * field a string, records ended by CRLF, LF or CR, quotes read leniently. It reads exactly as
 * csv-parse did with the options the upload reader used (relax_quotes, relax_column_count,
 * bom, no empty-line skipping, max_record_size), so tables, row numbers and messages stay the same;
 * csv-records.test.ts holds the two side by side.
 *
 * Why not a library: a record without quotes (nearly every record of a census export) is found
 * with indexOf and split natively, and the character loop runs only for quoted records; that is
 * several times faster than a byte-by-byte parser and needs no text-to-bytes round trip.
 */

const QUOTE = 34;
const CR = 13;
const LF = 10;

export type CsvRecordErrorCode = 'CSV_QUOTE_NOT_CLOSED' | 'CSV_MAX_RECORD_SIZE';

export class CsvRecordError extends Error {
  constructor(
    readonly code: CsvRecordErrorCode,
    /** 1-based number of the record that could not be read (blank lines count). */
    readonly record: number,
  ) {
    super(code === 'CSV_QUOTE_NOT_CLOSED' ? `Quote not closed in record ${record}` : `Record ${record} exceeds the maximum size`);
    this.name = 'CsvRecordError';
  }
}

/** The cells as uploads use them: trimmed, trailing empty cells dropped. */
function finish(raw: string[]): string[] {
  let n = raw.length;
  for (let i = 0; i < n; i++) raw[i] = raw[i]!.trim();
  while (n > 0 && raw[n - 1] === '') n--;
  raw.length = n;
  return raw;
}

export class CsvRecordReader {
  private readonly delimiterCode: number;
  private started = false;
  private ended = false;
  /** Text left over from the last chunk: at most the one character whose meaning needs the next. */
  private carry = '';
  // State of a record being read across chunks.
  private inRecord = false;
  private quoting = false;
  private wasQuoting = false;
  private field = '';
  /** UTF-8 length of the field, once it is near the size limit (-1 before). */
  private fieldBytes = -1;
  private readonly record: string[] = [];
  /** Characters of the record's finished fields (csv-parse's record_length). */
  private recordChars = 0;
  /** Records read so far, blank lines included. */
  private count = 0;

  constructor(
    private readonly delimiter: string,
    private readonly maxRecordSize: number,
  ) {
    if (delimiter.length !== 1) throw new Error('The delimiter must be one character');
    this.delimiterCode = delimiter.charCodeAt(0);
  }

  /**
   * Reads a chunk of text, appending each complete record (cells trimmed, trailing empty cells
   * dropped) to `out`. Records completed before a failure are appended before it is thrown.
   */
  push(chunk: string, out: string[][]): void {
    this.read(chunk, false, out);
  }

  /** Reads what is left at the end of the text. */
  end(out: string[][]): void {
    if (this.ended) return;
    this.read('', true, out);
    this.ended = true;
    if (this.quoting) throw new CsvRecordError('CSV_QUOTE_NOT_CLOSED', this.count + 1);
    if (this.wasQuoting || this.record.length > 0 || this.field !== '') {
      this.endField(this.field);
      this.emit(out);
    }
  }

  private endField(value: string): void {
    this.record.push(value);
    this.recordChars += value.length;
    this.field = '';
    this.fieldBytes = -1;
    this.wasQuoting = false;
  }

  private emit(out: string[][]): void {
    const raw = this.record.splice(0, this.record.length);
    out.push(finish(raw));
    this.count++;
    this.recordChars = 0;
    this.inRecord = false;
  }

  private read(chunk: string, final: boolean, out: string[][]): void {
    let s = this.carry === '' ? chunk : this.carry + chunk;
    this.carry = '';
    if (!this.started) {
      if (s === '' && !final) return;
      this.started = true;
      // The decoder drops one byte-order mark; like csv-parse, a second one is dropped here.
      if (s.charCodeAt(0) === 0xfeff) s = s.slice(1);
    }
    // A character split between chunks waits for its second half, so sizes are counted in whole characters.
    let tail = '';
    const last = s.charCodeAt(s.length - 1);
    if (!final && last >= 0xd800 && last <= 0xdbff) {
      tail = s.slice(-1);
      s = s.slice(0, -1);
    }
    const n = s.length;
    const max = this.maxRecordSize;
    const delimiter = this.delimiter;
    let i = 0;
    // Next LF, CR and quote at or after i (n when there is none): each is searched once per pass.
    let lf = -1;
    let cr = -1;
    let quote = -1;
    while (i < n) {
      if (!this.inRecord) {
        if (lf < i) lf = indexOrEnd(s, '\n', i, n);
        if (cr < i) cr = indexOrEnd(s, '\r', i, n);
        if (quote < i) quote = indexOrEnd(s, '"', i, n);
        const end = lf < cr ? lf : cr;
        // A record with no quote, whole in this chunk, and too short to reach the size limit
        // even at three bytes a character: split natively.
        if (end < n && quote > end && (end - i) * 3 <= max && (end !== cr || end + 1 < n || final)) {
          out.push(finish(end === i ? [''] : s.slice(i, end).split(delimiter)));
          this.count++;
          i = end === cr && s.charCodeAt(end + 1) === LF ? end + 2 : end + 1;
          continue;
        }
        this.inRecord = true;
      }
      i = this.readSlow(s, i, final, out);
    }
    this.carry += tail;
  }

  /**
   * csv-parse's state machine for one record, character by character, from i; returns where the
   * next record starts, or n once the chunk is used up (the record then continues in the next).
   */
  private readSlow(s: string, start: number, final: boolean, out: string[][]): number {
    const n = s.length;
    const D = this.delimiterCode;
    const max = this.maxRecordSize;
    let field = this.field;
    let quoting = this.quoting;
    /** Characters s[run, i) are appended to the field, unless something else happens first. */
    let run = start;
    let i = start;
    // Appends the run and applies csv-parse's size check, made byte by byte: a byte may not be
    // appended once the record's finished fields (in characters) and the field so far (in bytes)
    // exceed max. A character is at most three bytes, so bytes are counted only near the limit.
    const flush = (to: number) => {
      if (to <= run) return;
      const piece = s.slice(run, to);
      if (this.fieldBytes >= 0) this.fieldBytes += Buffer.byteLength(piece, 'utf8');
      field += piece;
      if (this.recordChars + 3 * field.length - 1 > max) {
        if (this.fieldBytes < 0) this.fieldBytes = Buffer.byteLength(field, 'utf8');
        if (this.recordChars + this.fieldBytes - 1 > max) throw new CsvRecordError('CSV_MAX_RECORD_SIZE', this.count + 1);
      }
    };
    try {
      while (i < n) {
        const c = s.charCodeAt(i);
        if (c === QUOTE) {
          if (i + 1 === n && !final) {
            // Whether this quote closes the field, escapes a quote or is text depends on the next character.
            flush(i);
            run = i;
            this.carry = s.slice(i);
            i = n;
            break;
          }
          const next = i + 1 < n ? s.charCodeAt(i + 1) : -1;
          if (quoting) {
            if (next === QUOTE) {
              // An escaped quote: the first is dropped, the second read as text.
              flush(i);
              run = i + 1;
              i += 2;
              continue;
            }
            flush(i);
            quoting = false;
            this.wasQuoting = true;
            // csv-parse also takes a NUL (a falsy byte) after a quote as the field's end.
            if (next === -1 || next === 0 || next === D || next === CR || next === LF) {
              run = i + 1;
              i += 1;
              continue;
            }
            // Text after a closing quote: the quotes are kept and the field read on as text.
            field = `"${field}`;
            if (this.fieldBytes >= 0) this.fieldBytes += 1;
            run = i;
            i += 1;
            continue;
          }
          if (field.length === 0 && run === i) {
            quoting = true;
            run = i + 1;
            i += 1;
            continue;
          }
          // A quote inside unquoted text is text.
          i += 1;
          continue;
        }
        if (!quoting) {
          if (c === D) {
            flush(i);
            this.endField(field);
            field = '';
            run = i + 1;
            i += 1;
            continue;
          }
          if (c === LF || c === CR) {
            if (c === CR && i + 1 === n && !final) {
              flush(i);
              run = i;
              this.carry = s.slice(i);
              i = n;
              break;
            }
            flush(i);
            this.endField(field);
            field = '';
            this.quoting = false;
            this.emit(out);
            return c === CR && s.charCodeAt(i + 1) === LF ? i + 2 : i + 1;
          }
        }
        i += 1;
      }
      if (i === n && this.carry === '') flush(n);
    } finally {
      this.field = field;
      this.quoting = quoting;
    }
    return n;
  }
}

function indexOrEnd(s: string, search: string, from: number, n: number): number {
  const at = s.indexOf(search, from);
  return at < 0 ? n : at;
}
