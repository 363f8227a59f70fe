/**
 * The other way round from ./x12-834.ts: rows named by the reader's columns become the 834's member
 * loops (2000 INS/REF/DTP, 2100A NM1/N3/N4/DMG, 2300 HD/DTP/AMT), words turned back into the
 * reader's codes, so the platform's own reader gives the same rows back. Pure: it builds segments;
 * the envelope (ISA/GS/ST … SE/GE/IEA with their counts) is the X12 library's, at the edge.
 */
import { detectDateFormat, dateParser } from '../dates';
import {
  BENEFIT_STATUS,
  COVERAGE_LEVEL,
  EMPLOYMENT_STATUS,
  GENDER,
  INSURANCE_LINE,
  RELATIONSHIP,
  X12_834_COLUMNS,
  type X12Segment,
} from './x12-834';

/**
 * The reader's columns; a life or disability volume is written as the 2300 loop's AMT under the
 * qualifier the carrier's own file used for it (FK, D2 or B9), FK when there is none.
 */
export type X12Column = (typeof X12_834_COLUMNS)[number] | 'Benefit Amount' | 'Benefit Amount Qualifier';
export type X12Values = Partial<Record<X12Column, string>>;

/** INS03 / HD01: 001 change, 021 addition, 024 termination, 030 audit (a full file). */
export type X12Maintenance = '001' | '021' | '024' | '030';

/** One member and one coverage line, as the reader's row would show it, and what to do with it. */
export interface X12Line {
  values: X12Values;
  maintenance: X12Maintenance;
}

/** INS04: why the member changes (the guide's maintenance reason codes). */
const MAINTENANCE_REASON: Record<X12Maintenance, string> = { '001': '25', '021': '28', '024': '07', '030': 'XN' };

const MEMBER_COLUMNS: readonly X12Column[] = X12_834_COLUMNS.slice(0, X12_834_COLUMNS.indexOf('Date of Hire') + 1);

/** Words a census or carrier table writes for a code, beyond the reader's own words. */
const RELATIONSHIP_WORDS: Record<string, string> = { ee: '18', self: '18', subscriber: '18', sp: '01', ch: '19', dependent: '19', dp: '53' };
const COVERAGE_WORDS: Record<string, string> = {
  ee: 'EMP',
  'employee + child(ren)': 'ECH',
  ec: 'ECH',
  es: 'ESP',
  'employee + family': 'FAM',
  'ee + sp': 'ESP',
  'ee + ch': 'ECH',
};
const LINE_WORDS: Record<string, string> = { med: 'HLT', medical: 'HLT', den: 'DEN', vis: 'VIS', std: 'STD', ltd: 'LTD' };

const norm = (v: string) => v.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * The code a word stands for: the code itself, the first code the reader turns into that word, or
 * a word a table commonly writes; null when the 834 has no code for it.
 */
function codeFor(table: Readonly<Record<string, string>>, words: Readonly<Record<string, string>>, value: string | undefined): string | null {
  const v = (value ?? '').trim();
  if (!v) return null;
  if (Object.hasOwn(table, v)) return v;
  const n = norm(v);
  for (const [code, word] of Object.entries(table)) if (norm(word) === n) return code;
  return words[n] ?? null;
}

/** A word with no code is written as it is, so the platform's reader gives it back unchanged. */
const codeOrWord = (table: Readonly<Record<string, string>>, words: Readonly<Record<string, string>>, value: string | undefined) =>
  codeFor(table, words, value) ?? (value ?? '').trim();

/** Separators cannot appear inside a value; they become spaces. */
export const x12Text = (value: string | undefined): string => (value ?? '').replace(/[*~:^|\r\n]/g, ' ').replace(/\s+/g, ' ').trim();

/** An SSN as the 834 carries it: nine digits when the value has them, else as written. */
const ssnOf = (value: string | undefined): string => {
  const digits = (value ?? '').replace(/\D/g, '');
  return digits.length >= 7 && digits.length <= 9 ? digits.padStart(9, '0') : x12Text(value);
};

/** CCYYMMDD of a date written in any accepted format; '' when empty or not a date. */
export function x12DateOf(value: string | undefined): string {
  const v = (value ?? '').trim();
  if (!v) return '';
  if (/^\d{8}$/.test(v) && /^(19|2[01])\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])$/.test(v)) return v;
  // The usual spelling first: detecting a format tries every format on the value.
  const us = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(v);
  if (us && !Number.isNaN(dateParser('MM/dd/yyyy')(v))) return `${us[3]}${us[1]}${us[2]}`;
  const format = detectDateFormat([v]);
  if (!format) return '';
  const day = dateParser(format)(v);
  if (Number.isNaN(day)) return '';
  return new Date(day * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
}

/** What makes lines one member's: every member column but the maintenance type. */
export const memberKey = (values: X12Values) => MEMBER_COLUMNS.filter((c) => c !== 'Maintenance Type').map((c) => (values[c] ?? '').trim()).join('\u0000');

const seg = (tag: string, ...elements: string[]): X12Segment => {
  let end = elements.length;
  while (end > 0 && elements[end - 1] === '') end--;
  return { tag, elements: elements.slice(0, end) };
};

/** The segments of one member's loops (2000, 2100A and a 2300 per line). */
export function memberSegments(lines: readonly X12Line[]): X12Segment[] {
  const first = lines[0];
  if (!first) return [];
  const v = first.values;
  const maintenances = new Set(lines.map((l) => l.maintenance));
  const maintenance: X12Maintenance = maintenances.size === 1 ? first.maintenance : '001';
  const relationship = codeOrWord(RELATIONSHIP, RELATIONSHIP_WORDS, v.Relationship) || '18';
  const memberSsn = ssnOf(v['Member SSN']);
  const subscriberSsn = ssnOf(v['Subscriber SSN']) || (relationship === '18' ? memberSsn : '');
  const out: X12Segment[] = [
    seg(
      'INS',
      relationship === '18' ? 'Y' : 'N',
      relationship,
      maintenance,
      MAINTENANCE_REASON[maintenance],
      codeOrWord(BENEFIT_STATUS, {}, v['Benefit Status']) || 'A',
      '',
      '',
      codeOrWord(EMPLOYMENT_STATUS, {}, v['Employment Status']),
    ),
  ];
  if (subscriberSsn) out.push(seg('REF', '0F', subscriberSsn));
  if (x12Text(v['Group Number'])) out.push(seg('REF', '1L', x12Text(v['Group Number'])));
  const hire = x12DateOf(v['Date of Hire']);
  if (hire) out.push(seg('DTP', '336', 'D8', hire));
  const [idQualifier, id] = memberSsn ? ['34', memberSsn] : x12Text(v['Member ID']) ? ['ZZ', x12Text(v['Member ID'])] : ['', ''];
  out.push(seg('NM1', 'IL', '1', x12Text(v['Last Name']), x12Text(v['First Name']), x12Text(v['Middle Name']), '', '', idQualifier, id));
  if (x12Text(v['Address 1']) || x12Text(v['Address 2'])) out.push(seg('N3', x12Text(v['Address 1']), x12Text(v['Address 2'])));
  if (x12Text(v.City) || x12Text(v.State) || x12Text(v.Zip)) out.push(seg('N4', x12Text(v.City), x12Text(v.State), x12Text(v.Zip)));
  const dob = x12DateOf(v['Date of Birth']);
  const gender = codeOrWord(GENDER, { m: 'M', f: 'F' }, v.Gender);
  if (dob || gender) out.push(seg('DMG', dob ? 'D8' : '', dob, gender));
  for (const line of lines) {
    const c = line.values;
    const benefit = codeOrWord(INSURANCE_LINE, LINE_WORDS, c['Benefit Type']);
    if (!benefit && !x12Text(c.Plan) && !x12Text(c['Coverage Tier'])) continue;
    out.push(seg('HD', line.maintenance, '', benefit, x12Text(c.Plan), codeOrWord(COVERAGE_LEVEL, COVERAGE_WORDS, c['Coverage Tier'])));
    const effective = x12DateOf(c['Effective Date']);
    if (effective) out.push(seg('DTP', '348', 'D8', effective));
    const term = x12DateOf(c['Term Date']);
    if (term) out.push(seg('DTP', '349', 'D8', term));
    const premium = (c.Premium ?? '').trim();
    if (premium) out.push(seg('AMT', 'P3', premium.replace(/[$,\s]/g, '')));
    const volume = (c['Benefit Amount'] ?? '').trim();
    if (volume) out.push(seg('AMT', volumeQualifier(c['Benefit Amount Qualifier']), volume.replace(/[$,\s]/g, '')));
  }
  return out;
}

/** A carrier that sent its volume as AMT*D2 or AMT*B9 gets it back the same way; anything else is FK. */
function volumeQualifier(value: string | undefined): string {
  const q = (value ?? '').trim().toUpperCase();
  return q === 'D2' || q === 'B9' ? q : 'FK';
}

export interface X12Parties {
  /** N1*P5: the employer. */
  sponsor: string;
  /** N1*IN: the carrier. */
  payer: string;
}

/**
 * BGN and the 1000A/B name loops. BGN08 says what the file does: 2 (change) for a change file,
 * 4 (verify) for a full file of audit lines.
 */
export function headerSegments(input: X12Parties & { reference: string; at: Date; full: boolean }): X12Segment[] {
  const iso = input.at.toISOString();
  return [
    seg('BGN', '00', x12Text(input.reference).slice(0, 50) || 'DVP', iso.slice(0, 10).replace(/-/g, ''), iso.slice(11, 16).replace(':', ''), '', '', '', input.full ? '4' : '2'),
    seg('N1', 'P5', x12Text(input.sponsor).slice(0, 60) || 'EMPLOYER'),
    seg('N1', 'IN', x12Text(input.payer).slice(0, 60) || 'CARRIER'),
  ];
}

/**
 * Every segment of the transaction body, header first, then each member's loops, as the members
 * come (./x12-834-writer-members.ts groups a file's lines into members without holding them).
 */
export async function* transactionSegments(
  members: AsyncIterable<readonly X12Line[]> | Iterable<readonly X12Line[]>,
  header: Parameters<typeof headerSegments>[0],
): AsyncGenerator<X12Segment> {
  yield* headerSegments(header);
  for await (const member of members) yield* memberSegments(member);
}
