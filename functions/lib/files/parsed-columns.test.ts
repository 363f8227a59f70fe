import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ParsedColumnsWriter, readColumn, type ParsedColumnsStore } from './parsed-columns';
import { readParsedRows, writeParsedRows } from './parsed-rows';
import { asStream, collect } from '../../../test/support/spreadsheet-fixtures';

async function parseWithColumns(csv: string, keep: (column: string) => boolean) {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const byColumn = new ParsedColumnsWriter(keep);
  const summary = await writeParsedRows(asStream(Buffer.from(csv)), 'file.csv', output, { byColumn });
  return { summary, rows: await collect(readParsedRows(Buffer.concat(chunks))), store: await byColumn.finish() };
}

const column = (store: ParsedColumnsStore, index: number) => {
  const stored = store.columns.find((c) => c.index === index)!;
  return readColumn(asStream(store.body.subarray(stored.start, stored.end), 1000));
};

describe('identifier columns stored beside the parsed rows', () => {
  it('stores only the columns asked for, each a byte range of its own, the cells as the rows hold them', async () => {
    const csv = 'Name,SSN,Note,Plan\r\nAnn,001,"a ""quoted"", line\nbreak",MED\r\nZoë,,ü\\x,\r\n Bo ,001,,DEN\r\n';
    const { rows, store } = await parseWithColumns(csv, (name) => name === 'SSN' || name === 'Plan');

    expect(store.columns.map((c) => c.index)).toEqual([1, 3]);
    expect(store.columns[0]!.start).toBe(0);
    expect(store.columns[0]!.end).toBe(store.columns[1]!.start);
    expect(store.columns[1]!.end).toBe(store.body.length);
    expect(await column(store, 1)).toEqual(rows.map((r) => r[1]));
    expect(await column(store, 3)).toEqual(rows.map((r) => r[3]));
  });

  it('keeps every row in order across many blocks of rows', async () => {
    const count = 10_000;
    const csv = `SSN,Other\n${Array.from({ length: count }, (_, i) => `${i % 7 === 0 ? '' : String(i).padStart(9, '0')},x${i}`).join('\n')}\n`;
    const { summary, rows, store } = await parseWithColumns(csv, (name) => name === 'SSN');

    const cells = await column(store, 0);
    expect(summary.row_count).toBe(count);
    expect(cells).toHaveLength(count);
    expect(cells).toEqual(rows.map((r) => r[0]));
  });

  it('stores nothing when no column is asked for', async () => {
    expect((await parseWithColumns('SSN,Name\n1,a\n', () => false)).store).toEqual({ body: Buffer.alloc(0), columns: [] });
  });
});
