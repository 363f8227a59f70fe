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

  it('reads a file of one member with few segments: its first row is always the column names, however few cells a member fills', async () => {
    const { parsed, rows, col } = await read(file834(['INS*Y*18*030*XN*A', 'REF*0F*123456789', 'NM1*IL*1*DOE*JOHN', 'HD*030**HLT']));
    expect(parsed.columns).toEqual([...X12_834_COLUMNS]);
    expect(rows).toHaveLength(1);
    expect([col(rows[0]!, 'Last Name'), col(rows[0]!, 'Subscriber SSN'), col(rows[0]!, 'Benefit Type')]).toEqual(['DOE', '123456789', 'MEDICAL']);
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
    expect(await refusal(file834(['INS*Y*18*030*XN*A*E**FT', 'REF*0F*1', 'HD*030**HLT*X*EMP']))).toMatch(/^INS \(segment 5\): the member has no NM1\*IL \(or NM1\*74\) segment/);
    expect(await refusal(file834(FAMILY).replace(ISA, ISA.replace('*00501*', '*0501*')))).toMatch(/ISA segment is not 106 characters long/);
    expect(await refusal('Name,SSN\nA,1\n', 'not-really.834')).toMatch(/does not start with an ISA segment/);
  });
});

/** A 4010 envelope (004010X095A1): ISA11 is the standards identifier U, ST has no implementation reference. */
function file834v4010(members: string[]): string {
  const isa = `ISA*00*${pad('', 10)}*00*${pad('', 10)}*ZZ*${pad('SPONSOR', 15)}*ZZ*${pad('PAYER', 15)}*060101*1200*U*00401*000000007*0*P*:`;
  const transaction = ['ST*834*0007', 'BGN*00*12456*20060101*1200****2', 'N1*P5*SPONSOR CO*FI*999888777', 'N1*IN*PAYER INC*FI*111222333', ...members];
  transaction.push(`SE*${transaction.length + 1}*0007`);
  return [isa, 'GS*BE*SPONSOR*PAYER*20060101*1200*7*X*004010X095A1', ...transaction, 'GE*1*7', 'IEA*1*000000007'].join('~\n') + '~\n';
}

describe('834s written with the options of the implementation guide', () => {
  /** A household as the guide lays it out: the subscriber's loop carries the household's facts, the dependents' loops only their own. */
  const HOUSEHOLD = [
    'INS*Y*18*030*XN*A*E**FT',
    'REF*0F*111223333',
    'REF*1L*GRP-7',
    'DTP*336*D8*20120301',
    'NM1*IL*1*STONE*MARA*K***34*111223333',
    'PER*IP**HP*5555550100',
    'N3*40 HILL RD',
    'N4*BOISE*ID*83702',
    'DMG*D8*19790412*F',
    'HD*030**HLT*GOLD PPO*FAM',
    'DTP*348*D8*20260101',
    'INS*N*01*030*XN*A*E',
    'REF*0F*111223333',
    'NM1*IL*1*STONE*OWEN****34*222334444',
    'DMG*D8*19780920*M',
    'HD*030**HLT*GOLD PPO*FAM',
    'DTP*348*D8*20260101',
    'INS*N*19*030*XN*A*E***F',
    'REF*0F*111223333',
    'NM1*IL*1*STONE*ADA****34*333445555',
    'N3*9 DORM WAY',
    'N4*MOSCOW*ID*83843',
    'DMG*D8*20060105*F',
    'HD*030**HLT*GOLD PPO*FAM',
    'DTP*348*D8*20260101',
  ];

  it("puts the subscriber's hire date, employment status, group number and address on dependents whose loops leave them out", async () => {
    const { rows, col } = await read(file834(HOUSEHOLD));
    const [subscriber, spouse, student] = rows;
    const facts = (row: string[]) => (['Date of Hire', 'Employment Status', 'Group Number', 'Address 1', 'City', 'State', 'Zip'] as const).map((c) => col(row, c));
    expect(facts(subscriber)).toEqual(['03/01/2012', 'Full-time', 'GRP-7', '40 HILL RD', 'BOISE', 'ID', '83702']);
    expect(facts(spouse)).toEqual(facts(subscriber));
    // A dependent with an address of its own keeps it, and takes the rest.
    expect(facts(student)).toEqual(['03/01/2012', 'Full-time', 'GRP-7', '9 DORM WAY', 'MOSCOW', 'ID', '83843']);
    // What is the member's own stays the member's.
    expect([col(spouse, 'Member SSN'), col(spouse, 'Gender'), col(spouse, 'Date of Birth')]).toEqual(['222334444', 'Male', '09/20/1978']);
  });

  it("gives a dependent nothing of another household's subscriber", async () => {
    const orphan = ['INS*N*19*021*28*A*E', 'REF*0F*999887777', 'NM1*IL*1*REED*LIV****34*444556666', 'DMG*D8*20100101*F', 'HD*021**DEN*BASIC*ECH', 'DTP*348*D8*20260201'];
    const { rows, col } = await read(file834([...HOUSEHOLD.slice(0, 11), ...orphan]));
    expect(rows).toHaveLength(2);
    expect([col(rows[1], 'Subscriber SSN'), col(rows[1], 'Date of Hire'), col(rows[1], 'Address 1'), col(rows[1], 'Group Number')]).toEqual(['999887777', '', '', '']);
  });

  it('reads a change naming the member by NM1*74 and the incorrect name by NM1*70, with a reporting-category loop, keeping both names', async () => {
    const change = [
      'INS*Y*18*001*25*A*E**FT',
      'REF*0F*555667777',
      'DTP*303*D8*20260301',
      'NM1*74*1*MARTINEZ*ELENA*R***34*555667777',
      'DMG*D8*19850614*F',
      'NM1*70*1*MARTINES*ELENA',
      'HD*001**DEN*DENTAL PLUS*EMP',
      'DTP*348*D8*20250101',
      'LS*2700',
      'LX*1',
      'N1*75*LOCATION',
      'REF*17*BRANCH 12',
      'DTP*007*D8*20250101',
      'LE*2700',
    ];
    const { rows, col } = await read(file834(change));
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect([col(row, 'Last Name'), col(row, 'First Name'), col(row, 'Middle Name'), col(row, 'Member SSN')]).toEqual(['MARTINEZ', 'ELENA', 'R', '555667777']);
    expect([col(row, 'Incorrect Last Name'), col(row, 'Incorrect First Name')]).toEqual(['MARTINES', 'ELENA']);
    expect([col(row, 'Maintenance Type'), col(row, 'Benefit Type'), col(row, 'Effective Date'), col(row, 'Date of Birth')]).toEqual(['Change', 'DENTAL', '01/01/2025', '06/14/1985']);
    // The reporting category's REF*17 is not the member's client reporting category.
    expect(col(row, 'Client Reporting Category')).toBe('');
  });

  it('reads a 4010 file (004010X095A1): the subscriber number in a column and HD03 codes as words', async () => {
    const member = [
      'INS*Y*18*030*XN*A*E**FT',
      'REF*0F*E10442',
      'REF*1L*44-100',
      'NM1*IL*1*PARK*JIN****34*666778888',
      'N3*7 ELM CT',
      'N4*AKRON*OH*44301',
      'DMG*D8*19900202*M',
      'HD*030**HMO*HMO 20*EMP',
      'DTP*348*D8*20060101',
      'HD*030**VIS*VISION*EMP',
      'DTP*348*D8*20060101',
      'HD*030**AK*EAP MH*EMP',
      'DTP*348*D8*20060101',
    ];
    const spouse = ['INS*N*01*030*XN*A*E', 'REF*0F*E10442', 'NM1*IL*1*PARK*MIN****34*777889999', 'DMG*D8*19910303*F', 'HD*030**HMO*HMO 20*ESP', 'DTP*348*D8*20060101'];
    const { rows, col } = await read(file834v4010([...member, ...spouse]));
    expect(rows.map((r) => col(r, 'Benefit Type'))).toEqual(['MEDICAL', 'VISION', 'Mental Health', 'MEDICAL']);
    expect([col(rows[0], 'Subscriber Number'), col(rows[0], 'Group Number'), col(rows[0], 'Member SSN'), col(rows[0], 'Relationship')]).toEqual(['E10442', '44-100', '666778888', 'Employee']);
    // An employee number in REF*0F is no SSN: the subscriber's SSN is the subscriber's own, on the spouse too.
    expect([col(rows[0], 'Subscriber SSN'), col(rows[3], 'Subscriber SSN'), col(rows[3], 'Subscriber Number'), col(rows[3], 'Member SSN')]).toEqual(['666778888', '666778888', 'E10442', '777889999']);
  });

  it('makes a column of every identifier the member loop carries, and of the member id in NM109', async () => {
    const member = [
      'INS*Y*18*030*XN*A*E**FT',
      'REF*0F*SUB-1',
      'REF*1L*POL-2',
      'REF*17*CAT-3',
      'REF*23*CLI-4',
      'REF*3H*CASE-5',
      'REF*F6*HIC-6',
      'REF*ZZ*MUT-7',
      'NM1*IL*1*WU*LI****ZZ*MBR-8',
      'HD*030**HLT*PLAN*EMP',
      'DTP*348*D8*20260101',
      'REF*1L*COVPOL-9',
    ];
    const { rows, col } = await read(file834(member));
    const columns = ['Subscriber Number', 'Group Number', 'Client Reporting Category', 'Client Number', 'Case Number', 'Health Insurance Claim Number', 'Mutually Defined Identifier', 'Member ID', 'Coverage Policy Number'] as const;
    expect(columns.map((c) => col(rows[0], c))).toEqual(['SUB-1', 'POL-2', 'CAT-3', 'CLI-4', 'CASE-5', 'HIC-6', 'MUT-7', 'MBR-8', 'COVPOL-9']);
    expect(col(rows[0], 'Member SSN')).toBe('');
  });

  it('reads life and disability volume from the coverage loop as written, and leaves a health deductible out', async () => {
    const member = [
      'INS*Y*18*030*XN*A*E**FT',
      'REF*0F*123456789',
      'NM1*IL*1*DOE*JOHN****34*123456789',
      'HD*030**LIF*BASIC LIFE*EMP',
      'DTP*348*D8*20260101',
      'AMT*D2*50000.00',
      'AMT*P3*12.125',
      'HD*030**STD*STD 60*EMP',
      'DTP*348*D8*20260101',
      'AMT*FK*1250',
      'HD*030**HLT*PPO*EMP',
      'DTP*348*D8*20260101',
      'AMT*D2*1500',
      'AMT*P3*662.176',
    ];
    const { rows, col } = await read(file834(member));
    expect(rows.map((r) => [col(r, 'Benefit Type'), col(r, 'Benefit Amount'), col(r, 'Premium')])).toEqual([
      ['GROUP_LIFE_ONLY', '50000.00', '12.125'],
      ['GROUP_SHORT_TERM_DISABILITY', '1250', ''],
      ['MEDICAL', '', '662.176'],
    ]);
  });

  it('skips the loops the platform does not use without taking their names, addresses or dates for the member', async () => {
    const member = [
      'INS*Y*18*030*XN*A*E**FT',
      'REF*0F*123456789',
      'DTP*336*D8*20100101',
      'NM1*IL*1*DOE*JOHN****34*123456789',
      'PER*IP**HP*5555550100',
      'DMG*D8*19800131*M*M',
      'EC*01',
      'ICM*1*52000',
      'AMT*C1*25',
      'HLH*N',
      'LUI*LE*ENG',
      'NM1*31*1',
      'N3*PO BOX 12',
      'N4*RENO*NV*89502',
      'NM1*36*2*ACME CORP',
      'N3*1 FACTORY LN',
      'N4*SPARKS*NV*89431',
      'NM1*S3*1*DOE*MARY',
      'DSB*1',
      'DTP*360*D8*20200101',
      'HD*030**HLT*PPO*EMP',
      'DTP*348*D8*20260101',
      'LX*1',
      'NM1*P3*1*WELBY*MARCUS****XX*1234567893*25',
      'N3*5 CLINIC DR',
      'N4*RENO*NV*89501',
      'COB*P*GRP9*5',
      'REF*60*OTHER-1',
      'DTP*344*D8*20200101',
      'NM1*IN*2*OTHER INSURER',
      'HD*030**DEN*DENTAL*EMP',
      'DTP*348*D8*20260101',
    ];
    const { rows, col } = await read(file834(member));
    expect(rows).toHaveLength(2);
    const shown = (['Last Name', 'First Name', 'Address 1', 'City', 'Date of Hire', 'Date of Birth', 'Benefit Type', 'Effective Date'] as const).map((c) => col(rows[0], c));
    expect(shown).toEqual(['DOE', 'JOHN', '', '', '01/01/2010', '01/31/1980', 'MEDICAL', '01/01/2026']);
    expect(col(rows[1], 'Benefit Type')).toBe('DENTAL');
  });
});

describe('834 header options and maintenance the guide allows', () => {
  it('reads past the policy number, file dates, control totals and broker loops of the header, and a termination and a reinstatement', async () => {
    const isa = `ISA*00*${pad('', 10)}*00*${pad('', 10)}*ZZ*${pad('SPONSOR', 15)}*ZZ*${pad('PAYER', 15)}*260301*0900*^*00501*000000311*1*P*>`;
    const transaction = [
      'ST*834*0311*005010X220A1',
      'BGN*00*CHG-0311*20260301*0900****2',
      'REF*38*MASTER-55',
      'DTP*007*D8*20260301',
      'QTY*TO*2',
      'N1*P5*SPONSOR CO*FI*999888777',
      'N1*IN*PAYER INC*FI*111222333',
      'N1*BO*BROKER LLC*94*B-1',
      'ACT*ACCT-9',
      'INS*Y*18*024*07*T***TE',
      'REF*0F*121212121',
      'DTP*357*D8*20260228',
      'NM1*IL*1*LEE*SAM****34*121212121',
      'DMG*D8*19700707*M*M*7>RET>2106-3',
      'HD*024**HLT*PPO*EMP',
      'INS*Y*18*025*41*A***FT',
      'REF*0F*343434343',
      'NM1*IL*1*KIM*ROY****34*343434343',
      'HD*025**DEN*DENTAL*EMP',
      'DTP*348*D8*20260301',
    ];
    transaction.push(`SE*${transaction.length + 1}*0311`);
    const text = [isa, 'GS*BE*SPONSOR*PAYER*20260301*0900*311*X*005010X220A1', ...transaction, 'GE*1*311', 'IEA*1*000000311'].join('~') + '~';
    const { rows, col } = await read(text);
    expect(rows.map((r) => [col(r, 'Last Name'), col(r, 'Maintenance Type'), col(r, 'Benefit Status'), col(r, 'Employment Status'), col(r, 'Term Date'), col(r, 'Effective Date')])).toEqual([
      ['LEE', 'Termination', 'Tax Equity', 'Terminated', '02/28/2026', ''],
      ['KIM', 'Reinstatement', 'Active', 'Full-time', '', '03/01/2026'],
    ]);
    expect(col(rows[0], 'Gender')).toBe('Male');
  });
});
