import { parse, type CsvError } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { CsvRecordError, CsvRecordReader } from './csv-records';

/** What the upload reader got from csv-parse before: the options it used, cells trimmed, trailing blanks dropped. */
function withCsvParse(text: string, delimiter: string, max: number): { records: string[][] } | { error: string; record: number } {
  try {
    const records = parse(text, {
      delimiter,
      record_delimiter: ['\r\n', '\n', '\r'],
      bom: true,
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: false,
      max_record_size: max,
    }) as string[][];
    return {
      records: records.map((r) => {
        const cells = r.map((c) => c.trim());
        while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
        return cells;
      }),
    };
  } catch (error) {
    const e = error as CsvError & { records?: number };
    return { error: e.code, record: (e.records ?? 0) + 1 };
  }
}

function withReader(text: string, delimiter: string, max: number, cuts: number[]): { records: string[][] } | { error: string; record: number } {
  const reader = new CsvRecordReader(delimiter, max);
  const out: string[][] = [];
  try {
    let from = 0;
    for (const cut of [...cuts, text.length]) {
      reader.push(text.slice(from, cut), out);
      from = cut;
    }
    reader.end(out);
    return { records: out };
  } catch (error) {
    const e = error as CsvRecordError;
    return { error: e.code, record: e.record };
  }
}

/** A small deterministic generator, so a failure can be replayed from its seed. */
function random(seed: number) {
  let s = seed >>> 0 || 1;
  return (n: number) => {
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s % n;
  };
}

const PIECES = ['a', 'b', ' ', 'é', '😀', '"', '""', ',', ';', '\t', '\n', '\r', '\r\n', '\0', 'x y', '\uFEFF'];

describe('the CSV record reader reads as csv-parse did', () => {
  it('on hand-picked cases', () => {
    const cases = [
      '',
      '\uFEFF',
      '\uFEFFa,b\r\n1,2\r\n',
      'a,b\n\n,,\n"x",\n',
      '"a""b",c\n',
      '"a"b,c\n',
      '"a"b"c",d\r',
      '""abc,d\n',
      '""""\n',
      'ab"c,"d"\n',
      '"line\nbreak","cr\rinside"\r\n',
      '"a"\0b,c',
      '"unterminated\n1,2\n',
      'a,"b"',
      'a,"b"\r',
      ' x , "y" \n',
      '"a" ,b\n',
    ];
    for (const text of cases) {
      for (let cut = 0; cut <= text.length; cut++) {
        expect(withReader(text, ',', 1 << 20, [cut]), JSON.stringify({ text, cut })).toEqual(withCsvParse(text, ',', 1 << 20));
      }
    }
  });

  it('on thousands of random texts, cut into random chunks, with and without the size limit', () => {
    for (let seed = 1; seed <= 4000; seed++) {
      const r = random(seed);
      const length = r(40);
      let text = '';
      for (let i = 0; i < length; i++) text += PIECES[r(PIECES.length)];
      const delimiter = [',', ';', '\t', '|'][r(4)]!;
      const max = r(3) === 0 ? 1 + r(12) : 1 << 20;
      const cuts = Array.from({ length: r(4) }, () => r(text.length + 1)).sort((a, b) => a - b);
      expect(withReader(text, delimiter, max, cuts), JSON.stringify({ seed, text, delimiter, max, cuts })).toEqual(withCsvParse(text, delimiter, max));
    }
  });

  it('stops a record that never ends at the size limit, without holding the rest of the file', () => {
    const reader = new CsvRecordReader(',', 1024);
    const out: string[][] = [];
    reader.push('SSN,Name\n1,"Ann\n', out);
    let error: unknown;
    try {
      for (let i = 0; i < 1000; i++) reader.push('2,Bob\n'.repeat(100), out);
    } catch (e) {
      error = e;
    }
    expect(out).toEqual([['SSN', 'Name']]);
    expect(error).toBeInstanceOf(CsvRecordError);
    expect((error as CsvRecordError).code).toBe('CSV_MAX_RECORD_SIZE');
    expect((error as CsvRecordError).record).toBe(2);
  });
});
