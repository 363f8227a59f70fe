import { PassThrough, Readable } from 'node:stream';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/**
 * The identifier check reads the identifier columns stored when the file was read, against an
 * in-memory S3 that answers ranged GETs as S3 does; what it computes must be what reading the
 * whole rows computed.
 */
const objects = new Map<string, Buffer>();
const gets: Array<{ key: string; range?: string }> = [];

vi.mock('../aws', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../aws')>()),
  s3: () => ({
    send: async (command: { constructor: { name: string }; input: Record<string, any> }) => {
      if (command.constructor.name !== 'GetObjectCommand') throw new Error(`unexpected ${command.constructor.name}`);
      const { Key, Range } = command.input as { Key: string; Range?: string };
      gets.push({ key: Key, ...(Range ? { range: Range } : {}) });
      const bytes = objects.get(Key);
      if (!bytes) throw Object.assign(new Error('NoSuchKey'), { name: 'NoSuchKey' });
      const [, from, to] = /^bytes=(\d+)-(\d+)$/.exec(Range ?? '') ?? [];
      const body = from === undefined ? bytes : bytes.subarray(Number(from), Number(to) + 1);
      return { Body: Readable.from([body]), ContentLength: body.length };
    },
  }),
}));
process.env.TABLE_NAME = 'dvp-test';
process.env.UPLOADS_BUCKET = 'dvp-uploads-test';
const { isIdentifierCandidate } = await import('./identifier-columns');
const { identifierTable } = await import('./data-points');
const { parsedColumnsKey } = await import('../storage/object-keys');
const { ParsedColumnsWriter, writeParsedRows } = await import('../files');
const { checkIdentifierUniqueness } = await import('../../../shared/compare');

/** A file read as the parse job reads it: rows and identifier columns stored, the File record's fields returned. */
async function storeFile(key: string, csv: string) {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const byColumn = new ParsedColumnsWriter(isIdentifierCandidate);
  const summary = await writeParsedRows(Readable.from([Buffer.from(csv)]), 'file.csv', output, { byColumn });
  const store = await byColumn.finish();
  objects.set(key, Buffer.concat(chunks));
  objects.set(parsedColumnsKey(key), store.body);
  return { parsed_key: key, columns: summary.columns, row_count: summary.row_count, parsed_columns: store.columns };
}

const BASELINE = [
  'SSN,Benefit Type,First Name,Employee ID',
  '123-45-6789,MEDICAL,Ann,E1',
  '123456789,medical,Ann,E2',
  ',DENTAL,Bo,E3',
  '987654321,,Cy,E4',
  '987654321,DENTAL,Cy,E1',
  '555-55-5555,VISION,Di,',
  '987654321,DENTAL,Cy,E5',
  '  ,VISION,Ed,E6',
].join('\n');
const CARRIER = ['Member ID,Line of Coverage,FNAME', '123456789,MED,Ann', '987654321,DEN,Cy', '987654321,DEN,Cy', ',VIS,Bo'].join('\n');

const dataPoints = [
  { id: 'ssn', baseline_column_name: 'SSN', secondary_column_name: 'Member ID', is_unique_identifier: true },
  {
    id: 'benefit',
    baseline_column_name: 'Benefit Type',
    secondary_column_name: 'Line of Coverage',
    is_unique_identifier: true,
    data_mapping: { fields: [{ source: 'MED', target: 'MEDICAL' }, { source: 'DEN', target: 'DENTAL' }, { source: 'VIS', target: 'VISION' }] },
  },
];

describe('identifier columns stored when a file is read', () => {
  beforeEach(() => {
    objects.clear();
    gets.length = 0;
  });

  it('keeps the columns an identifier is made of: SSNs, member and subscriber ids, benefit types, plans, id numbers', () => {
    for (const name of ['SSN', 'Member ID', 'Subscriber ID', 'Employee SSN', 'Benefit Type', 'Line of Coverage', 'Plan', 'Product', 'Employee ID', 'Member Number', 'Cert No', 'Member #']) {
      expect(isIdentifierCandidate(name), name).toBe(true);
    }
    for (const name of ['First Name', 'LNAME', 'DOB', 'Monthly Premium', 'Address 1', 'Coverage Tier', 'Zip', 'Notes']) {
      expect(isIdentifierCandidate(name), name).toBe(false);
    }
  });

  it('gives the identifier check what reading the rows gave, blanks and repeats included, reading only those columns', async () => {
    const baseline = await storeFile('parsed/b.jsonl.gz', BASELINE);
    const secondary = await storeFile('parsed/s.jsonl.gz', CARRIER);
    const names = { baseline: ['SSN', 'Benefit Type'], secondary: ['Member ID', 'Line of Coverage'] };

    const fromColumns = { baseline: await identifierTable(baseline, names.baseline), secondary: await identifierTable(secondary, names.secondary) };
    const columnReads = gets.splice(0);
    const fromRows = {
      baseline: await identifierTable({ parsed_key: baseline.parsed_key }, names.baseline),
      secondary: await identifierTable({ parsed_key: secondary.parsed_key }, names.secondary),
    };

    expect(columnReads.every((g) => g.key.endsWith('.columns.gz') && g.range)).toBe(true);
    expect(columnReads).toHaveLength(4);
    expect(fromColumns).toEqual(fromRows);
    const check = checkIdentifierUniqueness(fromColumns, { data_points: dataPoints });
    expect(check).toEqual(checkIdentifierUniqueness(fromRows, { data_points: dataPoints }));
    expect(check.baseline.blank_row_indexes).toEqual([2, 3, 7]);
    expect(check.baseline.repeated.map((r) => r.row_indexes)).toEqual([[0, 1], [4, 6]]);
    expect(check.secondary.repeated.map((r) => r.row_indexes)).toEqual([[1, 2]]);
    expect(check.secondary.blank_row_indexes).toEqual([3]);
  });

  it('reads the rows for an identifier of a column not stored, or of a file read before columns were stored', async () => {
    const baseline = await storeFile('parsed/b.jsonl.gz', BASELINE);

    const withName = await identifierTable(baseline, ['SSN', 'First Name']);
    expect(gets.map((g) => g.key)).toEqual(['parsed/b.jsonl.gz']);
    expect(withName.rows[2]).toEqual(['', 'Bo']);

    gets.length = 0;
    const { parsed_columns: _stored, ...readBefore } = baseline;
    expect(await identifierTable(readBefore, ['SSN'])).toEqual(await identifierTable(baseline, ['SSN']));
    expect(gets[0]).toEqual({ key: 'parsed/b.jsonl.gz' });
  });
});
