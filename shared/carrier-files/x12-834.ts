/**
 * ANSI X12 834 (005010X220A1) benefit enrollment as a table: one row per member per HD coverage,
 * with the subscriber's identifier carried onto every dependent's rows and the codes turned into the
 * words a baseline uses (the code tables are in docs/carrier-files.md). Pure: it takes segments as
 * a tokenizer hands them over (tag and element values) and checks the envelope as it goes, so a
 * file of any size is read one member at a time.
 */

export interface X12Segment {
  tag: string;
  /** Element values, X12 numbering from 1 (elements[0] is the segment's 01 element). */
  elements: string[];
}

export const X12_834_COLUMNS = [
  'Subscriber SSN',
  'Member SSN',
  'Member ID',
  'Relationship',
  'Last Name',
  'First Name',
  'Middle Name',
  'Date of Birth',
  'Gender',
  'Address 1',
  'Address 2',
  'City',
  'State',
  'Zip',
  'Group Number',
  'Maintenance Type',
  'Benefit Status',
  'Employment Status',
  'Date of Hire',
  'Benefit Type',
  'Plan',
  'Coverage Tier',
  'Coverage Maintenance Type',
  'Effective Date',
  'Term Date',
  'Premium',
] as const;
type Column = (typeof X12_834_COLUMNS)[number];

export const RELATIONSHIP: Readonly<Record<string, string>> = {
  '18': 'Employee',
  '01': 'Spouse',
  '19': 'Child',
  '53': 'Domestic Partner',
  '17': 'Child',
  '10': 'Child',
  '15': 'Child',
  '23': 'Dependent',
  '24': 'Dependent',
  '25': 'Dependent',
  '38': 'Dependent',
  G8: 'Other',
};

export const MAINTENANCE_TYPE: Readonly<Record<string, string>> = {
  '001': 'Change',
  '021': 'Addition',
  '024': 'Termination',
  '025': 'Reinstatement',
  '026': 'Correction',
  '030': 'Audit',
  '032': 'Employee Information Not Applicable',
};

export const BENEFIT_STATUS: Readonly<Record<string, string>> = { A: 'Active', C: 'COBRA', S: 'Surviving Insured', T: 'Tax Equity' };

export const EMPLOYMENT_STATUS: Readonly<Record<string, string>> = {
  AC: 'Active',
  AO: 'Active Overseas',
  AU: 'Active Military',
  FT: 'Full-time',
  PT: 'Part-time',
  RT: 'Retired',
  TE: 'Terminated',
  L1: 'Leave of Absence',
};

/** HD03 insurance line code → the benefit type words of SPEC §9. */
export const INSURANCE_LINE: Readonly<Record<string, string>> = {
  HLT: 'MEDICAL',
  HMO: 'MEDICAL',
  PPO: 'MEDICAL',
  EPO: 'MEDICAL',
  POS: 'MEDICAL',
  MM: 'MEDICAL',
  AH: 'MEDICAL',
  DEN: 'DENTAL',
  VIS: 'VISION',
  PDG: 'PHARMACY_RX',
  LIF: 'GROUP_LIFE_ONLY',
  ADD: 'GROUP_ADD_ONLY',
  AG: 'GROUP_LIFE_ADD',
  STD: 'GROUP_SHORT_TERM_DISABILITY',
  LTD: 'GROUP_LONG_TERM_DISABILITY',
  LTC: 'LONG_TERM_CARE',
  MHE: 'EMPLOYEE_ASSISTANCE_PROGRAM',
};

/** HD05 coverage level code → the tier words baselines use. */
export const COVERAGE_LEVEL: Readonly<Record<string, string>> = {
  EMP: 'Employee Only',
  IND: 'Employee Only',
  ESP: 'Employee + Spouse',
  ECH: 'Employee + Children',
  EC1: 'Employee + Child',
  E1D: 'Employee + One Dependent',
  E2D: 'Employee + Two Dependents',
  E3D: 'Employee + Three Dependents',
  E5D: 'Employee + Five Dependents',
  FAM: 'Family',
  SPC: 'Spouse + Children',
  SPO: 'Spouse Only',
  CHD: 'Children Only',
  DEP: 'Dependents Only',
  TWO: 'Two Party',
};

export const GENDER: Readonly<Record<string, string>> = { M: 'Male', F: 'Female', U: 'Unknown' };

const word = (table: Readonly<Record<string, string>>, code: string | undefined) => (code ? (table[code] ?? code) : '');

/** CCYYMMDD → MM/dd/yyyy (the common baseline spelling); anything else as written. */
export function x12Date(value: string | undefined): string {
  if (!value) return '';
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  return m ? `${m[2]}/${m[3]}/${m[1]}` : value;
}

/** A problem with the file, named by its segment and position (1-based segment number). */
export class X12FileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'X12FileError';
  }
}

interface Coverage {
  hd: string[];
  dates: Map<string, string>;
  premium: string;
}

interface Member {
  at: number;
  ins: string[];
  subscriberId: string;
  groupNumber: string;
  name: string[] | null;
  address: string[];
  place: string[];
  dmg: string[];
  memberDates: Map<string, string>;
  coverages: Coverage[];
}

type Row = Record<Column, string>;

/** An element as a message shows it: a damaged file may leave it out or blank. */
const shown = (value: string | undefined) => (value === undefined || value.trim() === '' ? 'empty' : value.trim());
const DIGITS = /^\d+$/;
/** Control numbers are compared as numbers when both are digits: tokenizers differ on keeping leading zeros. */
const sameControl = (a: string | undefined, b: string) => (a ?? '').trim() === b.trim() || (DIGITS.test((a ?? '').trim()) && DIGITS.test(b.trim()) && Number(a) === Number(b));
/** A count element that says what the envelope holds; an empty or non-numeric one never matches. */
const countSays = (value: string | undefined, actual: number) => DIGITS.test((value ?? '').trim()) && Number(value) === actual;
const countMessage = (at: string, element: string, value: string | undefined, what: string, container: string, actual: number) =>
  DIGITS.test((value ?? '').trim())
    ? `${at}: ${element} says ${Number(value)} ${what}, the ${container} has ${actual}.`
    : `${at}: ${element} should give the number of ${what} (the ${container} has ${actual}) but is ${value === undefined || value.trim() === '' ? 'empty' : `"${value.trim()}"`}.`;

/**
 * Reads segments in order and hands back the rows of each member once the member is complete
 * (at the next INS, or at the end of its transaction). `finish()` checks that the file ended where
 * an interchange ends.
 */
export class X12Table834 {
  private position = 0;
  private interchange: { control: string; groups: number } | null = null;
  private group: { control: string; transactions: number } | null = null;
  private transaction: { control: string; start: number; is834: boolean } | null = null;
  private member: Member | null = null;
  private coverage: Coverage | null = null;
  private ended = false;
  members = 0;
  rows = 0;

  add(segment: X12Segment): string[][] {
    this.position += 1;
    const at = `${segment.tag || 'A segment without a name'} (segment ${this.position})`;
    const e = segment.elements;
    switch (segment.tag) {
      case 'ISA':
        if (this.interchange) throw new X12FileError(`${at}: a new interchange starts before the previous one ended with IEA.`);
        this.interchange = { control: (e[12] ?? '').trim(), groups: 0 };
        if (!DIGITS.test(this.interchange.control)) throw new X12FileError(`${at}: ISA13, the interchange control number, is not a number, so the ISA segment is damaged.`);
        this.ended = false;
        return [];
      case 'IEA': {
        const done = this.flush();
        if (!this.interchange) throw new X12FileError(`${at}: IEA without an ISA before it.`);
        if (this.group) throw new X12FileError(`${at}: the functional group ${this.group.control} was not closed with GE.`);
        if (!sameControl(e[1], this.interchange.control)) {
          throw new X12FileError(`${at}: the interchange control number ${shown(e[1])} does not match ISA13 (${shown(this.interchange.control)}).`);
        }
        if (!countSays(e[0], this.interchange.groups)) throw new X12FileError(countMessage(at, 'IEA01', e[0], 'functional groups', 'interchange', this.interchange.groups));
        this.interchange = null;
        this.ended = true;
        return done;
      }
      case 'GS':
        if (!this.interchange) throw new X12FileError(`${at}: GS outside an interchange (no ISA before it).`);
        this.group = { control: e[5] ?? '', transactions: 0 };
        this.interchange.groups += 1;
        return [];
      case 'GE':
        if (!this.group) throw new X12FileError(`${at}: GE without a GS before it.`);
        if ((e[1] ?? '') !== this.group.control) throw new X12FileError(`${at}: the group control number ${shown(e[1])} does not match GS06 (${shown(this.group.control)}).`);
        if (!countSays(e[0], this.group.transactions)) throw new X12FileError(countMessage(at, 'GE01', e[0], 'transaction sets', 'group', this.group.transactions));
        this.group = null;
        return [];
      case 'ST':
        if (!this.group) throw new X12FileError(`${at}: ST outside a functional group (no GS before it).`);
        this.transaction = { control: e[1] ?? '', start: this.position, is834: e[0] === '834' };
        if (!this.transaction.is834) throw new X12FileError(`${at}: this is ${e[0]?.trim() ? `a ${e[0].trim()}` : 'an unnamed'} transaction, not an 834 benefit enrollment.`);
        this.group.transactions += 1;
        return [];
      case 'SE': {
        const done = this.flush();
        if (!this.transaction) throw new X12FileError(`${at}: SE without an ST before it.`);
        if ((e[1] ?? '') !== this.transaction.control) throw new X12FileError(`${at}: the transaction control number ${shown(e[1])} does not match ST02 (${shown(this.transaction.control)}).`);
        const count = this.position - this.transaction.start + 1;
        if (!countSays(e[0], count)) throw new X12FileError(countMessage(at, 'SE01', e[0], 'segments', 'transaction', count));
        this.transaction = null;
        return done;
      }
      default:
        if (!this.transaction) throw new X12FileError(`${at}: a segment outside a transaction set (no ST before it).`);
        return this.body(segment, at);
    }
  }

  finish(): void {
    if (!this.ended || this.interchange) throw new X12FileError(`The file ends after segment ${this.position} without closing its interchange with IEA.`);
  }

  private body(segment: X12Segment, at: string): string[][] {
    const e = segment.elements;
    if (segment.tag === 'INS') {
      const done = this.flush();
      this.member = { at: this.position, ins: e, subscriberId: '', groupNumber: '', name: null, address: [], place: [], dmg: [], memberDates: new Map(), coverages: [] };
      this.coverage = null;
      return done;
    }
    const m = this.member;
    if (!m) return [];
    switch (segment.tag) {
      case 'REF':
        if (this.coverage) return [];
        if (e[0] === '0F') m.subscriberId = e[1] ?? '';
        if (e[0] === '1L') m.groupNumber = e[1] ?? '';
        return [];
      case 'NM1':
        // The first NM1*IL of the member loop names the member; later NM1s name others (an employer, a provider).
        if (e[0] === 'IL' && !m.name && !this.coverage) m.name = e;
        return [];
      case 'N3':
        if (!this.coverage && !m.address.length) m.address = e;
        return [];
      case 'N4':
        if (!this.coverage && !m.place.length) m.place = e;
        return [];
      case 'DMG':
        if (!this.coverage && !m.dmg.length) m.dmg = e;
        return [];
      case 'HD':
        this.coverage = { hd: e, dates: new Map(), premium: '' };
        m.coverages.push(this.coverage);
        return [];
      case 'DTP':
        (this.coverage ? this.coverage.dates : m.memberDates).set(e[0] ?? '', e[2] ?? '');
        return [];
      case 'AMT':
        if (this.coverage && e[0] === 'P3') this.coverage.premium = e[1] ?? '';
        return [];
      default:
        void at;
        return [];
    }
  }

  /** The rows of the member read so far (one per coverage; one without coverage if it has none). */
  private flush(): string[][] {
    const m = this.member;
    this.member = null;
    this.coverage = null;
    if (!m) return [];
    if (!m.name) throw new X12FileError(`INS (segment ${m.at}): the member has no NM1*IL segment naming them.`);
    this.members += 1;
    const memberSsn = m.name[7] === '34' ? (m.name[8] ?? '') : '';
    const base: Omit<Row, 'Benefit Type' | 'Plan' | 'Coverage Tier' | 'Coverage Maintenance Type' | 'Effective Date' | 'Term Date' | 'Premium'> = {
      'Subscriber SSN': m.subscriberId || (m.ins[0] === 'Y' ? memberSsn : ''),
      'Member SSN': memberSsn,
      'Member ID': m.name[7] && m.name[7] !== '34' ? (m.name[8] ?? '') : '',
      Relationship: word(RELATIONSHIP, m.ins[1]),
      'Last Name': m.name[2] ?? '',
      'First Name': m.name[3] ?? '',
      'Middle Name': m.name[4] ?? '',
      'Date of Birth': m.dmg[0] === 'D8' ? x12Date(m.dmg[1]) : '',
      Gender: word(GENDER, m.dmg[2]),
      'Address 1': m.address[0] ?? '',
      'Address 2': m.address[1] ?? '',
      City: m.place[0] ?? '',
      State: m.place[1] ?? '',
      Zip: m.place[2] ?? '',
      'Group Number': m.groupNumber,
      'Maintenance Type': word(MAINTENANCE_TYPE, m.ins[2]),
      'Benefit Status': word(BENEFIT_STATUS, m.ins[4]),
      'Employment Status': word(EMPLOYMENT_STATUS, m.ins[7]),
      'Date of Hire': x12Date(m.memberDates.get('336')),
    };
    const coverages = m.coverages.length ? m.coverages : [null];
    const rows = coverages.map((c) => {
      const row: Row = {
        ...base,
        'Benefit Type': c ? word(INSURANCE_LINE, c.hd[2]) : '',
        Plan: c?.hd[3] ?? '',
        'Coverage Tier': c ? word(COVERAGE_LEVEL, c.hd[4]) : '',
        'Coverage Maintenance Type': c ? word(MAINTENANCE_TYPE, c.hd[0]) : '',
        'Effective Date': x12Date(c?.dates.get('348')),
        // A member-level benefit end (a termination of every coverage) applies to each line.
        'Term Date': x12Date(c?.dates.get('349') ?? m.memberDates.get('349') ?? m.memberDates.get('357')),
        Premium: c?.premium ?? '',
      };
      return X12_834_COLUMNS.map((col) => row[col]);
    });
    this.rows += rows.length;
    return rows;
  }
}
