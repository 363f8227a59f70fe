import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { X12_834_COLUMNS } from '../../../shared/carrier-files/x12-834';
import { generatePair } from '../../../test/fixtures/generator/generate';
import { writeX12834 } from '../../../test/fixtures/generator/x12-834';
import { FileParseError } from './errors';
import { parseFile } from './parse';

const pad = (v: string, n: number) => v.padEnd(n, ' ');
const ISA = `ISA*00*${pad('', 10)}*00*${pad('', 10)}*ZZ*${pad('CARRIER', 15)}*ZZ*${pad('DVP', 15)}*260101*1200*^*00501*000000042*0*T*:`;

/** An 834 around the given member segments, with counts and control numbers that match unless overridden. */
function file834(members: string[], over: { seCount?: number; ieaControl?: string; end?: boolean } = {}): string {
  const transaction = ['ST*834*0001*005010X220A1', 'BGN*00*REF*20260101*1200****4', ...members];
  transaction.push(`SE*${over.seCount ?? transaction.length + 1}*0001`);
  const tail = over.end === false ? [] : ['GE*1*42', `IEA*1*${over.ieaControl ?? '000000042'}`];
  return [ISA, 'GS*BE*CARRIER*DVP*20260101*1200*42*X*005010X220A1', ...transaction, ...tail].join('~\n') + '~\n';
}

const FAMILY = [
  'INS*Y*18*030*XN*A*E**FT',
  'REF*0F*123456789',
  'REF*1L*GRP100',
  'NM1*IL*1*DOE*JOHN*Q***34*123456789',
  'N3*12 MAIN ST*APT 4',
  'N4*RENO*NV*89501',
  'DMG*D8*19800131*M',
  'DTP*336*D8*20150601',
  'HD*030**HLT*PPO 500*FAM',
  'DTP*348*D8*20260101',
  'AMT*P3*1250.40',
  'HD*024**DEN*DENTAL HI*ESP',
  'DTP*348*D8*20250101',
  'DTP*349*D8*20251231',
  'INS*N*01*030*XN*A*E',
  'REF*0F*123456789',
  'NM1*IL*1*DOE*JANE****34*987654321',
  'DMG*D8*19820214*F',
  'HD*030**HLT*PPO 500*FAM',
  'DTP*348*D8*20260101',
  'INS*N*19*021*28*A*E',
  'REF*0F*123456789',
  'NM1*IL*1*DOE*KID',
  'DMG*D8*20150710*U',
  'HD*021**HLT*PPO 500*FAM',
  'DTP*348*D8*20260115',
];

async function read(text: string | Buffer, name = 'enrollment.834', chunk = 97) {
  const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text);
  const chunks = [] as Buffer[];
  for (let i = 0; i < bytes.length; i += chunk) chunks.push(bytes.subarray(i, i + chunk));
  const parsed = await parseFile(Readable.from(chunks), name);
  const rows: string[][] = [];
  for await (const row of parsed.rows) rows.push(row);
  const col = (row: string[], name: (typeof X12_834_COLUMNS)[number]) => row[parsed.columns.indexOf(name)];
  return { parsed, rows, col };
}

async function refusal(text: string, name = 'enrollment.834') {
  const error = await read(text, name).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FileParseError);
  return (error as FileParseError).message;
}

describe('834 enrollment files as a table', () => {
  it('reads a row per member per coverage, with the subscriber carried onto dependents and codes as words', async () => {
    const { parsed, rows, col } = await read(file834(FAMILY));
    expect(parsed.columns).toEqual([...X12_834_COLUMNS]);
    expect(rows).toHaveLength(4);
    const [medical, dental, spouse, child] = rows;
    expect([col(medical, 'Relationship'), col(medical, 'Last Name'), col(medical, 'First Name'), col(medical, 'Middle Name')]).toEqual(['Employee', 'DOE', 'JOHN', 'Q']);
    expect([col(medical, 'Subscriber SSN'), col(medical, 'Member SSN'), col(medical, 'Group Number')]).toEqual(['123456789', '123456789', 'GRP100']);
    expect([col(medical, 'Date of Birth'), col(medical, 'Gender'), col(medical, 'Date of Hire')]).toEqual(['01/31/1980', 'Male', '06/01/2015']);
    expect([col(medical, 'Address 1'), col(medical, 'Address 2'), col(medical, 'City'), col(medical, 'State'), col(medical, 'Zip')]).toEqual(['12 MAIN ST', 'APT 4', 'RENO', 'NV', '89501']);
    expect([col(medical, 'Benefit Type'), col(medical, 'Plan'), col(medical, 'Coverage Tier'), col(medical, 'Effective Date'), col(medical, 'Premium')]).toEqual([
      'MEDICAL',
      'PPO 500',
      'Family',
      '01/01/2026',
      '1250.40',
    ]);
    expect([col(dental, 'Benefit Type'), col(dental, 'Coverage Tier'), col(dental, 'Coverage Maintenance Type'), col(dental, 'Term Date')]).toEqual([
      'DENTAL',
      'Employee + Spouse',
      'Termination',
      '12/31/2025',
    ]);
    expect([col(spouse, 'Relationship'), col(spouse, 'Subscriber SSN'), col(spouse, 'Member SSN'), col(spouse, 'Gender')]).toEqual(['Spouse', '123456789', '987654321', 'Female']);
    expect([col(child, 'Relationship'), col(child, 'Member SSN'), col(child, 'Maintenance Type'), col(child, 'Subscriber SSN')]).toEqual(['Child', '', 'Addition', '123456789']);
  });

  it('reads the same rows whatever the chunk size and line breaks, and a .txt or .edi that starts with ISA', async () => {
    const text = file834(FAMILY);
    const reference = (await read(text)).rows;
    for (const chunk of [1, 7, 200, 100_000]) expect((await read(text, 'x.834', chunk)).rows).toEqual(reference);
    expect((await read(text.replace(/\n/g, ''), 'carrier.edi')).rows).toEqual(reference);
    expect((await read(text.replace(/\n/g, '\r\n'), 'carrier.txt')).rows).toEqual(reference);
  });

  it('round-trips a generated carrier table cell for cell', async () => {
    const pair = generatePair({ rows: 300, seed: 'x12' });
    const { rows, col } = await read(writeX12834(pair.secondary), 'generated.834', 4096);
    expect(rows).toHaveLength(pair.secondary.rows.length);
    const at = (name: string) => pair.secondary.columns.indexOf(name);
    pair.secondary.rows.forEach((source, i) => {
      expect([col(rows[i], 'Member SSN'), col(rows[i], 'Last Name'), col(rows[i], 'Premium')]).toEqual([source[at('Member ID')], source[at('LNAME')], source[at('Premium')]]);
    });
  });

  it('names the segment and position of what is wrong, and stores nothing', async () => {
    expect(await refusal(file834(FAMILY, { seCount: 3 }))).toMatch(/^SE \(segment \d+\): SE01 says 3 segments, the transaction has \d+/);
    expect(await refusal(file834(FAMILY, { ieaControl: '000000099' }))).toMatch(/IEA \(segment \d+\): the interchange control number 99 does not match ISA13/);
    expect(await refusal(file834(FAMILY, { end: false }))).toMatch(/without closing its interchange with IEA/);
    expect(await refusal(file834(['INS*Y*18*030*XN*A*E**FT', 'REF*0F*1', 'HD*030**HLT*X*EMP']))).toMatch(/^INS \(segment 5\): the member has no NM1\*IL segment/);
    expect(await refusal(file834(FAMILY).replace(ISA, ISA.replace('*00501*', '*0501*')))).toMatch(/ISA segment is not 106 characters long/);
    expect(await refusal('Name,SSN\nA,1\n', 'not-really.834')).toMatch(/does not start with an ISA segment/);
  });
});
