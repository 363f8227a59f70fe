/**
 * ANSI X12 834 benefit enrollment (005010X220A1, and 004010X095A1 which has the same loops) as a
 * table: one row per member per HD coverage, with the subscriber's identifier and the facts only a
 * subscriber's loop carries (hire date, employment status, address, group number) carried onto the
 * dependents' rows, and the codes turned into the words a baseline uses (the code tables are in
 * docs/carrier-files.md). Pure: it takes segments as a tokenizer hands them over (tag and element
 * values) and checks the envelope as it goes, so a file of any size is read one member at a time.
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
  'Benefit Amount',
  'Coverage Policy Number',
  'Subscriber Number',
  'Client Reporting Category',
  'Client Number',
  'Case Number',
  'Health Insurance Claim Number',
  'Personal Identification Number',
  'Cross Reference Number',
  'Personal ID Number',
  'Pharmacy Number',
  'Department or Agency Number',
  'Position Code',
  'Prior Identifier Number',
  'Unit Number',
  'Mutually Defined Identifier',
  'Incorrect Last Name',
  'Incorrect First Name',
  'Incorrect Middle Name',
  'Incorrect Member Identifier',
] as const;
export type X12834Column = (typeof X12_834_COLUMNS)[number];
type Column = X12834Column;

/** INS02 (both versions' lists): a child of any kind reads as Child, the census word. */
export const RELATIONSHIP: Readonly<Record<string, string>> = {
  '18': 'Employee',
  '01': 'Spouse',
  '19': 'Child',
  '53': 'Domestic Partner',
  '09': 'Child',
  '17': 'Child',
  '10': 'Child',
  '15': 'Child',
  '23': 'Dependent',
  '24': 'Dependent',
  '25': 'Dependent',
  '38': 'Dependent',
  '03': 'Parent',
  '04': 'Grandparent',
  '05': 'Grandchild',
  '06': 'Uncle or Aunt',
  '07': 'Nephew or Niece',
  '08': 'Cousin',
  '11': 'Son-in-law or Daughter-in-law',
  '12': 'Brother-in-law or Sister-in-law',
  '13': 'Parent-in-law',
  '14': 'Sibling',
  '16': 'Stepparent',
  '26': 'Guardian',
  '31': 'Court Appointed Guardian',
  '60': 'Annuitant',
  D2: 'Trustee',
  G8: 'Other',
  G9: 'Other Relative',
};

export const MAINTENANCE_TYPE: Readonly<Record<string, string>> = {
  '001': 'Change',
  '002': 'Delete',
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

/**
 * HD03 insurance line code → the benefit type words of SPEC §9 where one fits, else the code's
 * name in the X12 list (both versions carry the same list). LIF, ADD and AG are how carriers'
 * companion guides name life and AD&D lines, which the guide itself leaves out of scope.
 */
export const INSURANCE_LINE: Readonly<Record<string, string>> = {
  HLT: 'MEDICAL',
  HMO: 'MEDICAL',
  PPO: 'MEDICAL',
  EPO: 'MEDICAL',
  POS: 'MEDICAL',
  MM: 'MEDICAL',
  AH: 'MEDICAL',
  DEN: 'DENTAL',
  DCP: 'DENTAL',
  VIS: 'VISION',
  PDG: 'PHARMACY_RX',
  MOD: 'PHARMACY_RX',
  LIF: 'GROUP_LIFE_ONLY',
  ADD: 'GROUP_ADD_ONLY',
  AG: 'GROUP_LIFE_ADD',
  STD: 'GROUP_SHORT_TERM_DISABILITY',
  LTD: 'GROUP_LONG_TERM_DISABILITY',
  LTC: 'LONG_TERM_CARE',
  MHE: 'EMPLOYEE_ASSISTANCE_PROGRAM',
  AJ: 'Medicare Risk',
  AK: 'Mental Health',
  FAC: 'Facility',
  HE: 'Hearing',
  PRA: 'Practitioners',
  UR: 'Utilization Review',
};

/** The health lines, whose 2300 AMT*D2 and AMT*B9 are a deductible and coinsurance, not a volume. */
const HEALTH_LINES: ReadonlySet<string> = new Set(['HLT', 'HMO', 'PPO', 'EPO', 'POS', 'MM', 'AH', 'DEN', 'DCP', 'VIS', 'PDG', 'MOD', 'AJ', 'AK', 'FAC', 'HE', 'PRA', 'UR']);

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
  E6D: 'Employee + Six Dependents',
  E7D: 'Employee + Seven Dependents',
  E8D: 'Employee + Eight Dependents',
  E9D: 'Employee + Nine Dependents',
  FAM: 'Family',
  SPC: 'Spouse + Children',
  SPO: 'Spouse Only',
  CHD: 'Children Only',
  DEP: 'Dependents Only',
  TWO: 'Two Party',
};

export const GENDER: Readonly<Record<string, string>> = { M: 'Male', F: 'Female', U: 'Unknown' };

/**
 * REF qualifiers of the member loop (2000) → their column: the subscriber identifier (0F), the
 * group or policy number (1L) and the member supplemental identifiers, named as X12 names them.
 */
export const MEMBER_REFERENCE: Readonly<Record<string, X12834Column>> = {
  '0F': 'Subscriber Number',
  '1L': 'Group Number',
  '17': 'Client Reporting Category',
  '23': 'Client Number',
  '3H': 'Case Number',
  F6: 'Health Insurance Claim Number',
  '4A': 'Personal Identification Number',
  '6O': 'Cross Reference Number',
  ABB: 'Personal ID Number',
  D3: 'Pharmacy Number',
  DX: 'Department or Agency Number',
  P5: 'Position Code',
  Q4: 'Prior Identifier Number',
  QQ: 'Unit Number',
  ZZ: 'Mutually Defined Identifier',
};

/**
 * 2300 AMT qualifiers read as the benefit amount (life and disability volume), in order of
 * preference: FK (other unlisted amount) on any line; D2 and B9 only on a line that is not a health
 * line, since companion guides put the volume there while on health lines they are a deductible
 * and a coinsurance. P3 is the premium.
 */
const BENEFIT_AMOUNT_QUALIFIERS = ['FK', 'D2', 'B9'] as const;

/** The member-level facts a subscriber's loop carries for the household, read onto dependents without them. */
export const SUBSCRIBER_FACTS: readonly X12834Column[] = ['Date of Hire', 'Employment Status', 'Address 1', 'Address 2', 'City', 'State', 'Zip', 'Group Number'];
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
  amounts: Map<string, string>;
  policyNumber: string;
}

/**
 * Where in a member's loops a segment is: the member loop (2000), its own name loop (2100A), the
 * incorrect name (2100B), another 2100 loop (mailing address, employer, school, parents, responsible
 * people, drop-off), disability (2200), a coverage (2300) or a loop under it (provider 2310,
 * coordination of benefits 2320/2330), or the reporting categories between LS and LE (2700).
 */
type Place = '2000' | '2100A' | '2100B' | '2100' | '2200' | '2300' | '2300-sub' | '2700';

interface Member {
  at: number;
  ins: string[];
  references: Map<string, string>;
  name: string[] | null;
  incorrectName: string[] | null;
  address: string[];
  place: string[];
  dmg: string[];
  memberDates: Map<string, string>;
  coverages: Coverage[];
}

/** The household facts of the last subscriber read in the transaction, for the dependents that follow. */
interface Household {
  subscriberNumber: string;
  subscriberSsn: string;
  facts: Partial<Record<X12834Column, string>>;
}

type Row = Record<Column, string>;

/** An element as a message shows it: a damaged file may leave it out or blank. */
const shown = (value: string | undefined) => (value === undefined || value.trim() === '' ? 'empty' : value.trim());
const DIGITS = /^\d+$/;
/** Nine digits, dashed or not; seven or eight when a spreadsheet upstream dropped leading zeros. */
const SSN_SHAPE = /^\d{7,9}$|^\d{3}-\d{2}-\d{4}$/;
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
  private place: Place = '2000';
  private household: Household | null = null;
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
        this.household = null;
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
      this.member = {
        at: this.position,
        ins: e,
        references: new Map(),
        name: null,
        incorrectName: null,
        address: [],
        place: [],
        dmg: [],
        memberDates: new Map(),
        coverages: [],
      };
      this.coverage = null;
      this.place = '2000';
      return done;
    }
    const m = this.member;
    if (!m) return [];
    // The reporting categories (2700) hold nothing the table shows; everything up to LE is skipped.
    if (this.place === '2700') {
      if (segment.tag === 'LE') this.place = this.coverage ? '2300-sub' : '2100';
      return [];
    }
    switch (segment.tag) {
      case 'LS':
        this.place = '2700';
        return [];
      case 'REF':
        if (!this.coverage && this.place !== '2200' && e[0] && MEMBER_REFERENCE[e[0]] && !m.references.has(e[0])) m.references.set(e[0], e[1] ?? '');
        if (this.place === '2300' && this.coverage && e[0] === '1L') this.coverage.policyNumber = e[1] ?? '';
        return [];
      case 'NM1':
        if (this.coverage) {
          this.place = '2300-sub';
        } else if ((e[0] === 'IL' || e[0] === '74') && !m.name) {
          m.name = e;
          this.place = '2100A';
        } else if (e[0] === '70' && !m.incorrectName) {
          m.incorrectName = e;
          this.place = '2100B';
        } else {
          this.place = '2100';
        }
        return [];
      case 'N3':
        if (this.place === '2100A' && !m.address.length) m.address = e;
        return [];
      case 'N4':
        if (this.place === '2100A' && !m.place.length) m.place = e;
        return [];
      case 'DMG':
        if (this.place === '2100A' && !m.dmg.length) m.dmg = e;
        return [];
      case 'DSB':
        this.place = '2200';
        return [];
      case 'HD':
        this.coverage = { hd: e, dates: new Map(), amounts: new Map(), policyNumber: '' };
        m.coverages.push(this.coverage);
        this.place = '2300';
        return [];
      case 'LX':
      case 'COB':
        if (this.coverage) this.place = '2300-sub';
        return [];
      case 'DTP':
        if (!this.coverage && this.place !== '2200') m.memberDates.set(e[0] ?? '', e[2] ?? '');
        else if (this.place === '2300' && this.coverage) this.coverage.dates.set(e[0] ?? '', e[2] ?? '');
        return [];
      case 'AMT':
        if (this.place === '2300' && this.coverage && e[0] && !this.coverage.amounts.has(e[0])) this.coverage.amounts.set(e[0], e[1] ?? '');
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
    if (!m.name) throw new X12FileError(`INS (segment ${m.at}): the member has no NM1*IL (or NM1*74) segment naming them.`);
    this.members += 1;
    const memberSsn = m.name[7] === '34' ? (m.name[8] ?? '') : '';
    const subscriberNumber = m.references.get('0F') ?? '';
    const own: Partial<Row> = {
      // REF*0F is the subscriber's SSN in most files, an employee number in some (4010 files often).
      'Subscriber SSN': SSN_SHAPE.test(subscriberNumber) ? subscriberNumber : m.ins[0] === 'Y' ? memberSsn : '',
      'Member SSN': memberSsn,
      'Member ID': m.name[7] && m.name[7] !== '34' ? (m.name[8] ?? '') : '',
      Relationship: word(RELATIONSHIP, m.ins[1]),
      'Last Name': m.name[2] ?? '',
      'First Name': m.name[3] ?? '',
      'Middle Name': m.name[4] ?? '',
      'Incorrect Last Name': m.incorrectName?.[2] ?? '',
      'Incorrect First Name': m.incorrectName?.[3] ?? '',
      'Incorrect Middle Name': m.incorrectName?.[4] ?? '',
      'Incorrect Member Identifier': m.incorrectName?.[8] ?? '',
      'Date of Birth': m.dmg[0] === 'D8' ? x12Date(m.dmg[1]) : '',
      Gender: word(GENDER, m.dmg[2]),
      'Address 1': m.address[0] ?? '',
      'Address 2': m.address[1] ?? '',
      City: m.place[0] ?? '',
      State: m.place[1] ?? '',
      Zip: m.place[2] ?? '',
      'Maintenance Type': word(MAINTENANCE_TYPE, m.ins[2]),
      'Benefit Status': word(BENEFIT_STATUS, m.ins[4]),
      'Employment Status': word(EMPLOYMENT_STATUS, m.ins[7]),
      'Date of Hire': x12Date(m.memberDates.get('336')),
    };
    for (const [qualifier, value] of m.references) own[MEMBER_REFERENCE[qualifier]!] = value;
    const base = this.withHousehold(m, own, subscriberNumber);
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
        Premium: c?.amounts.get('P3') ?? '',
        'Benefit Amount': c ? benefitAmount(c) : '',
        'Coverage Policy Number': c?.policyNumber ?? '',
      } as Row;
      return X12_834_COLUMNS.map((col) => row[col] ?? '');
    });
    this.rows += rows.length;
    return rows;
  }

  /**
   * A subscriber's household facts are remembered for the dependents that follow it; a dependent
   * of that subscriber (the same REF*0F, or none) takes each fact its own loop leaves out. The
   * address is one fact: a dependent with an N3 or N4 of its own keeps its own.
   */
  private withHousehold(m: Member, own: Partial<Row>, subscriberNumber: string): Partial<Row> {
    if (m.ins[0] === 'Y') {
      this.household = { subscriberNumber, subscriberSsn: own['Subscriber SSN'] ?? '', facts: Object.fromEntries(SUBSCRIBER_FACTS.map((f) => [f, own[f] ?? ''])) };
      return own;
    }
    const h = this.household;
    if (!h || (subscriberNumber && h.subscriberNumber && subscriberNumber !== h.subscriberNumber)) return own;
    const filled = { ...own };
    if (!filled['Subscriber SSN']) filled['Subscriber SSN'] = h.subscriberSsn;
    const hasAddress = m.address.length > 0 || m.place.length > 0;
    for (const fact of SUBSCRIBER_FACTS) {
      const isAddress = fact === 'Address 1' || fact === 'Address 2' || fact === 'City' || fact === 'State' || fact === 'Zip';
      if (isAddress ? !hasAddress : !filled[fact]) filled[fact] = h.facts[fact] ?? '';
    }
    return filled;
  }
}

function benefitAmount(c: Coverage): string {
  const healthLine = HEALTH_LINES.has(c.hd[2] ?? '');
  for (const qualifier of BENEFIT_AMOUNT_QUALIFIERS) {
    if (qualifier !== 'FK' && healthLine) continue;
    const value = c.amounts.get(qualifier);
    if (value !== undefined && value.trim() !== '') return value;
  }
  return '';
}
