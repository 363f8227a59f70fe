import { readFileSync } from 'node:fs';
import { PassThrough, Readable, Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { X12_834_COLUMNS } from '../../../shared/carrier-files/x12-834';
import { x12ColumnsOf, x12ValuesOf } from '../../../shared/carrier-files/x12-834-columns';
import { transactionSegments, type X12Line } from '../../../shared/carrier-files/x12-834-writer';
import { membersOf } from '../../../shared/carrier-files/x12-834-writer-members';
import { generatePair } from '../../../test/fixtures/generator/generate';
import { parseFile } from '../files/parse';
import { write834Interchange } from './x12-834-file';

const HEADER = { sponsor: 'Acme Manufacturing', payer: 'Aetna', reference: 'TEST', at: new Date('2026-01-15T10:30:00Z') };
const ENVELOPE = { controlNumber: 4321, sender: 'Acme Manufacturing', receiver: 'Aetna', at: HEADER.at };

async function readBack(text: string) {
  const parsed = await parseFile(Readable.from([Buffer.from(text)]), 'out.834');
  const rows: Array<Record<string, string>> = [];
  for await (const row of parsed.rows) rows.push(Object.fromEntries(parsed.columns.map((c, i) => [c, row[i] ?? ''])));
  return rows;
}

/** An independent count of the envelope: segments split by hand, not by the X12 library. */
function envelopeOf(text: string) {
  const segments = text
    .split('~')
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => s.split('*'));
  const find = (tag: string) => segments.filter((s) => s[0] === tag);
  const st = segments.findIndex((s) => s[0] === 'ST');
  const se = segments.findIndex((s) => s[0] === 'SE');
  return { segments, find, transactionSegments: se - st + 1 };
}

/** The lines of the fixed files under test/fixtures/x12-834: a generated census, and a change file of its first lines. */
function goldenLines() {
  const { baseline } = generatePair({ rows: 300, seed: 'x12-golden', errorRate: 0 });
  const columns = x12ColumnsOf(baseline.columns);
  const full: X12Line[] = baseline.rows.map((row) => ({ values: x12ValuesOf(row, columns), maintenance: '030' }));
  const change: X12Line[] = full
    .slice(0, 40)
    .map((l, i) => ({ values: i % 7 === 3 ? { ...l.values, 'Benefit Amount': '50000' } : l.values, maintenance: (['021', '001', '024'] as const)[i % 3]! }));
  return { full, change };
}
/** The 834 the platform writes for these lines, as text; `budget` is how many lines a pass may hold. */
async function write834(lines: readonly X12Line[], full: boolean, budget?: number): Promise<string> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => out.on('end', resolve));
  await write834Interchange(out, transactionSegments(membersOf(() => lines, { budget }), { ...HEADER, full }), ENVELOPE);
  await ended;
  return Buffer.concat(chunks).toString('utf8');
}
const golden = (name: string) => readFileSync(new URL(`../../../test/fixtures/x12-834/${name}`, import.meta.url), 'utf8');

describe('834 files the platform writes', () => {
  it('writes the same bytes as the fixed full file and change file, however few lines each pass may hold', async () => {
    const { full, change } = goldenLines();
    expect(await write834(full, true)).toBe(golden('full-file.834'));
    // The census lists its lines by coverage: with 7 lines a pass, a member's lines come from several passes.
    expect(await write834(full, true, 7)).toBe(golden('full-file.834'));
    expect(await write834(full, true, 1)).toBe(golden('full-file.834'));
    expect(await write834(change, false)).toBe(golden('change-file.834'));
    expect(await write834(change, false, 3)).toBe(golden('change-file.834'));
  });

  it('a destination that fails stops the writing with its error instead of waiting for it to drain', async () => {
    const { full } = goldenLines();
    const failing = new Writable({ highWaterMark: 1, write: (_chunk, _encoding, done) => setImmediate(() => done(new Error('upload refused'))) });
    failing.on('error', () => undefined);
    const many = Array.from({ length: 20 }, () => full).flat();
    await expect(write834Interchange(failing, transactionSegments(membersOf(() => many), { ...HEADER, full: true }), ENVELOPE)).rejects.toThrow('upload refused');
  });

  it('a generated census written as a full file (030) reads back as the same rows and values for every column an 834 carries', async () => {
    const { baseline } = generatePair({ rows: 300, seed: 'x12-round-trip', errorRate: 0 });
    const columns = x12ColumnsOf(baseline.columns);
    const lines: X12Line[] = baseline.rows.map((row) => ({ values: x12ValuesOf(row, columns), maintenance: '030' }));
    const text = await write834(lines, true);
    const rows = await readBack(text);

    // Every field both the census has and the platform's reader gives back.
    const carried = [...columns.keys()].filter((field) => (X12_834_COLUMNS as readonly string[]).includes(field));
    expect(carried).toEqual(expect.arrayContaining(['Subscriber SSN', 'Member SSN', 'First Name', 'Last Name', 'Relationship', 'Gender', 'Date of Birth', 'Date of Hire', 'Address 1', 'Address 2', 'City', 'State', 'Zip', 'Benefit Type', 'Plan', 'Coverage Tier', 'Effective Date', 'Term Date', 'Premium']));
    // The one census word the 834 spells its own way (HD05 ECH).
    const spelt: Record<string, string> = { 'Employee + Child(ren)': 'Employee + Children' };
    const expected = (row: string[]) =>
      carried
        .map((field) => {
          const value = row[columns.get(field)!] ?? '';
          if (field === 'Subscriber SSN' || field === 'Member SSN') return value.replace(/\D/g, '');
          return spelt[value] ?? value;
        })
        .join('|');
    const got = (row: Record<string, string>) => carried.map((field) => row[field] ?? '').join('|');
    expect(rows).toHaveLength(baseline.rows.length);
    expect(rows.map(got).sort()).toEqual(baseline.rows.map(expected).sort());
    expect(new Set(rows.map((r) => r['Maintenance Type']))).toEqual(new Set(['Audit']));
  });

  it('a change file says addition, change and termination per member and coverage, with envelope counts and control numbers that agree', async () => {
    const member = { 'Subscriber SSN': '123-45-6789', 'Member SSN': '123-45-6789', 'Last Name': 'DOE', 'First Name': 'JOHN', Relationship: 'Employee', 'Date of Birth': '01/31/1980', Gender: 'Male' };
    const lines: X12Line[] = [
      { maintenance: '021', values: { ...member, 'Benefit Type': 'DENTAL', Plan: 'DENTAL HI', 'Coverage Tier': 'Employee Only', 'Effective Date': '2026-01-01' } },
      { maintenance: '001', values: { ...member, 'Benefit Type': 'MEDICAL', Plan: 'PPO 500', 'Coverage Tier': 'Family', 'Effective Date': '01/01/2026', Premium: '1,250.40' } },
      {
        maintenance: '024',
        values: { 'Subscriber SSN': '123456789', 'Member SSN': '987654321', 'Last Name': 'DOE', 'First Name': 'JANE', Relationship: 'Spouse', 'Benefit Type': 'VISION', Plan: 'VIS', 'Coverage Tier': 'ESP', 'Effective Date': '20250101', 'Term Date': '12/31/2025' },
      },
    ];
    const text = await write834(lines, false);
    const rows = await readBack(text);
    expect(rows.map((r) => [r['First Name'], r['Maintenance Type'], r['Benefit Type'], r['Coverage Maintenance Type'], r['Coverage Tier'], r['Effective Date'], r['Term Date'], r.Premium])).toEqual([
      ['JOHN', 'Change', 'DENTAL', 'Addition', 'Employee Only', '01/01/2026', '', ''],
      ['JOHN', 'Change', 'MEDICAL', 'Change', 'Family', '01/01/2026', '', '1250.40'],
      ['JANE', 'Termination', 'VISION', 'Termination', 'Employee + Spouse', '01/01/2025', '12/31/2025', ''],
    ]);
    expect(rows[2]).toMatchObject({ 'Subscriber SSN': '123456789', 'Member SSN': '987654321', Relationship: 'Spouse' });

    const { find, transactionSegments } = envelopeOf(text);
    const [isa] = find('ISA');
    const [gs] = find('GS');
    const [st] = find('ST');
    const [se] = find('SE');
    const [ge] = find('GE');
    const [iea] = find('IEA');
    expect(isa![13]).toBe('000004321');
    expect(iea).toEqual(['IEA', '1', '000004321']);
    expect([gs![6], ge![2], ge![1]]).toEqual(['4321', '4321', '1']);
    expect([st![1], st![2], se![2]]).toEqual(['834', '4321', '4321']);
    expect(Number(se![1])).toBe(transactionSegments);
    expect(find('BGN')[0]![8]).toBe('2');
    expect(find('INS').map((s) => s[3])).toEqual(['001', '024']);
  });

  it('values holding the separators cannot break the file', async () => {
    const member = { 'Member SSN': '111223333', Relationship: 'Employee', 'Date of Birth': '02/03/1990', Gender: 'Female', City: 'Reno', State: 'NV', Zip: '89501' };
    const lines: X12Line[] = [
      { maintenance: '021', values: { ...member, 'Last Name': 'O*NEIL~', 'First Name': 'A:B^C', 'Benefit Type': 'MEDICAL', Plan: 'PPO*1', 'Coverage Tier': 'Employee Only', 'Effective Date': '01/01/2026' } },
      { maintenance: '021', values: { ...member, 'Member SSN': '111223334', 'Last Name': 'LEE', 'First Name': 'ANN', 'Benefit Type': 'DENTAL', Plan: 'DEN|HI', 'Coverage Tier': 'Employee Only', 'Effective Date': '01/01/2026' } },
    ];
    const rows = await readBack(await write834(lines, false));
    expect(rows.map((r) => [r['Last Name'], r['First Name'], r.Plan])).toEqual([
      ['O NEIL', 'A B C', 'PPO 1'],
      ['LEE', 'ANN', 'DEN HI'],
    ]);
  });
});
