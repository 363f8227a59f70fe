import { createReadStream } from 'node:fs';
import { parse } from 'csv-parse';
import type { Row, Table } from '../../shared/compare';

/** A CSV file as a streamed table: the header is read first, the rows arrive as the file is parsed. */
export async function csvTable(file: string): Promise<Table> {
  const parser = createReadStream(file).pipe(parse({ relax_column_count: true }));
  const it = parser[Symbol.asyncIterator]() as AsyncIterator<string[]>;
  const header = await it.next();
  if (header.done) throw new Error(`${file} is empty`);
  const rows: AsyncIterable<Row> = { [Symbol.asyncIterator]: () => it };
  return { columns: header.value, rows };
}
