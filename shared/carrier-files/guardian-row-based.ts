/**
 * Guardian's row-based eligibility export as the table a comparison expects. The export lists a
 * member over several rows, one per coverage: the member's first row carries who they are (ids,
 * name, relationship, birth date, address) and a coverage, the rows below it carry only further
 * coverages; dependents follow their employee, linked by position (or by the employee's id when
 * the export repeats it). The converted table has one row per member per coverage line, with the
 * member's identity on every row, each dependent linked to the employee's identifier, and the
 * codes turned into the words a baseline uses (the code tables are in docs/carrier-files.md).
 *
 * Pure and streaming: `add()` takes one data row at a time and answers the rows it completes, so a
 * file of any size needs memory for one member at a time.
 */

export type GuardianField =
  | 'groupNumber'
  | 'employeeId'
  | 'memberId'
  | 'relationship'
  | 'lastName'
  | 'firstName'
  | 'middleName'
  | 'dateOfBirth'
  | 'gender'
  | 'address1'
  | 'address2'
  | 'city'
  | 'state'
  | 'zip'
  | 'dateOfHire'
  | 'class'
  | 'product'
  | 'plan'
  | 'tier'
  | 'volume'
  | 'premium'
  | 'effectiveDate'
  | 'termDate';

/**
 * Header spellings per field, compared after `headerKey` (lower case, punctuation and repeated
 * spaces folded): 'EMPLOYEE_ID', 'Employee  ID' and 'employee id' are one header.
 */
export const GUARDIAN_HEADERS: Readonly<Record<GuardianField, readonly string[]>> = {
  groupNumber: ['group number', 'group no', 'group', 'group id', 'group policy number', 'policy number', 'policy no', 'policy'],
  employeeId: [
    'employee id',
    'employee ssn',
    'ee ssn',
    'ee id',
    'employee number',
    'employee no',
    'employee social security number',
    'subscriber id',
    'subscriber ssn',
    'subscriber number',
    'certificate number',
    'certificate no',
    'cert number',
    'cert no',
  ],
  memberId: ['member ssn', 'member id', 'ssn', 'dependent ssn', 'individual ssn', 'insured ssn', 'social security number', 'member number', 'member no'],
  relationship: [
    'relationship',
    'relationship code',
    'rel code',
    'rel',
    'relation',
    'member type',
    'member relationship',
    'relationship to employee',
    'dependent type',
    'member code',
  ],
  lastName: ['last name', 'member last name', 'insured last name', 'lname', 'surname'],
  firstName: ['first name', 'member first name', 'insured first name', 'fname'],
  middleName: ['middle name', 'middle initial', 'mi', 'middle'],
  dateOfBirth: ['date of birth', 'dob', 'birth date', 'birthdate', 'member dob', 'member date of birth'],
  gender: ['gender', 'sex', 'gender code'],
  address1: ['address 1', 'address line 1', 'address1', 'street address', 'address', 'street', 'home address'],
  address2: ['address 2', 'address line 2', 'address2'],
  city: ['city'],
  state: ['state', 'st'],
  zip: ['zip', 'zip code', 'zipcode', 'postal code', 'zip 5'],
  dateOfHire: ['date of hire', 'hire date', 'doh', 'employment date'],
  class: ['class', 'employee class', 'class code', 'member class'],
  product: [
    'product',
    'product code',
    'product type',
    'product name',
    'coverage',
    'coverage code',
    'coverage type',
    'line of coverage',
    'line of business',
    'lob',
    'benefit',
    'benefit code',
  ],
  plan: ['plan', 'plan code', 'plan number', 'plan no', 'plan name', 'plan id', 'plan option', 'option'],
  tier: ['coverage tier', 'tier', 'coverage level', 'coverage option', 'tier code', 'coverage tier code', 'family tier'],
  volume: ['volume', 'benefit amount', 'coverage amount', 'face amount', 'approved amount', 'approved volume', 'amount'],
  premium: ['premium', 'monthly premium', 'premium amount', 'total premium', 'monthly cost', 'rate'],
  effectiveDate: ['effective date', 'coverage effective date', 'eff date', 'coverage start date', 'start date', 'coverage effective'],
  termDate: ['termination date', 'term date', 'coverage termination date', 'coverage term date', 'coverage end date', 'end date', 'termed date'],
};

/** What a header must name for the rows to be read: who the member is, how they relate, what they hold. */
export const REQUIRED_FIELDS = ['employeeId', 'relationship', 'product'] as const;

/** How the user sees a field in messages (the first spelling of its headers, capitalised). */
export const FIELD_LABEL: Readonly<Record<GuardianField, string>> = {
  groupNumber: 'Group Number',
  employeeId: 'Employee ID (or Employee SSN / SSN)',
  memberId: 'Member SSN',
  relationship: 'Relationship (or Relationship Code / Member Type)',
  lastName: 'Last Name',
  firstName: 'First Name',
  middleName: 'Middle Name',
  dateOfBirth: 'Date of Birth',
  gender: 'Gender',
  address1: 'Address 1',
  address2: 'Address 2',
  city: 'City',
  state: 'State',
  zip: 'Zip',
  dateOfHire: 'Date of Hire',
  class: 'Class',
  product: 'Product (or Product Code / Coverage)',
  plan: 'Plan',
  tier: 'Coverage Tier',
  volume: 'Volume',
  premium: 'Premium',
  effectiveDate: 'Effective Date',
  termDate: 'Termination Date',
};

export const GUARDIAN_CONVERTED_COLUMNS = [
  'Group Number',
  'Employee ID',
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
  'Date of Hire',
  'Class',
  'Benefit Type',
  'Product Code',
  'Plan',
  'Coverage Tier',
  'Volume',
  'Premium',
  'Effective Date',
  'Term Date',
  'Coverage Status',
] as const;
type Column = (typeof GUARDIAN_CONVERTED_COLUMNS)[number];

export const RELATIONSHIP: Readonly<Record<string, string>> = {
  E: 'Employee',
  EE: 'Employee',
  EMP: 'Employee',
  EMPLOYEE: 'Employee',
  SELF: 'Employee',
  SUBSCRIBER: 'Employee',
  '00': 'Employee',
  '18': 'Employee',
  S: 'Spouse',
  SP: 'Spouse',
  SPS: 'Spouse',
  SPOUSE: 'Spouse',
  '01': 'Spouse',
  C: 'Child',
  CH: 'Child',
  CHD: 'Child',
  CHILD: 'Child',
  SON: 'Child',
  DAUGHTER: 'Child',
  '19': 'Child',
  D: 'Dependent',
  DEP: 'Dependent',
  DEPENDENT: 'Dependent',
  DP: 'Domestic Partner',
  P: 'Domestic Partner',
  'DOMESTIC PARTNER': 'Domestic Partner',
  '53': 'Domestic Partner',
};

/** Product codes → the benefit type words of SPEC §9. */
export const PRODUCT: Readonly<Record<string, string>> = {
  MED: 'MEDICAL',
  MEDICAL: 'MEDICAL',
  DEN: 'DENTAL',
  DENT: 'DENTAL',
  DENTAL: 'DENTAL',
  DPPO: 'DENTAL',
  DHMO: 'DENTAL',
  VIS: 'VISION',
  VISION: 'VISION',
  BL: 'GROUP_LIFE_ONLY',
  LIFE: 'GROUP_LIFE_ONLY',
  'BASIC LIFE': 'GROUP_LIFE_ONLY',
  BLADD: 'GROUP_LIFE_ADD',
  LADD: 'GROUP_LIFE_ADD',
  'LIFE/ADD': 'GROUP_LIFE_ADD',
  'BASIC LIFE/ADD': 'GROUP_LIFE_ADD',
  ADD: 'GROUP_ADD_ONLY',
  'AD&D': 'GROUP_ADD_ONLY',
  VL: 'VOLUNTARY_LIFE_ONLY',
  VLIFE: 'VOLUNTARY_LIFE_ONLY',
  'SUPP LIFE': 'VOLUNTARY_LIFE_ONLY',
  VLADD: 'VOLUNTARY_LIFE_ADD',
  VADD: 'VOLUNTARY_ADD_ONLY',
  DL: 'DEPENDENT_LIFE',
  DLIFE: 'DEPENDENT_LIFE',
  STD: 'GROUP_SHORT_TERM_DISABILITY',
  VSTD: 'VOLUNTARY_SHORT_TERM_DISABILITY',
  LTD: 'GROUP_LONG_TERM_DISABILITY',
  VLTD: 'VOLUNTARY_LONG_TERM_DISABILITY',
  CI: 'CRITICAL_ILLNESS',
  CRIT: 'CRITICAL_ILLNESS',
  'CRITICAL ILLNESS': 'CRITICAL_ILLNESS',
  ACC: 'ACCIDENT',
  ACCIDENT: 'ACCIDENT',
  HI: 'HOSPITAL',
  HOSP: 'HOSPITAL',
  'HOSPITAL INDEMNITY': 'HOSPITAL',
  CAN: 'CANCER',
  CANCER: 'CANCER',
  EAP: 'EMPLOYEE_ASSISTANCE_PROGRAM',
};

export const TIER: Readonly<Record<string, string>> = {
  E: 'Employee Only',
  EE: 'Employee Only',
  EMP: 'Employee Only',
  EO: 'Employee Only',
  IND: 'Employee Only',
  ES: 'Employee + Spouse',
  ESP: 'Employee + Spouse',
  'EE+SP': 'Employee + Spouse',
  EC: 'Employee + Children',
  ECH: 'Employee + Children',
  'EE+CH': 'Employee + Children',
  EC1: 'Employee + Child',
  E1: 'Employee + One',
  'EE+1': 'Employee + One',
  F: 'Family',
  FAM: 'Family',
  FAMILY: 'Family',
  SP: 'Spouse Only',
  SPO: 'Spouse Only',
  CH: 'Children Only',
  CHO: 'Children Only',
  W: 'Waived',
  WV: 'Waived',
  WAIVED: 'Waived',
};

export const GENDER: Readonly<Record<string, string>> = { M: 'Male', F: 'Female', U: 'Unknown', MALE: 'Male', FEMALE: 'Female' };

const word = (table: Readonly<Record<string, string>>, code: string) => (code ? (table[code.toUpperCase().replace(/\s+/g, ' ')] ?? code) : '');

/** Lower case, every run of punctuation and spaces as one space: 'EMPLOYEE_ID' and 'Employee  ID' are 'employee id'. */
export function headerKey(header: string): string {
  return header
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const ALIASES: ReadonlyMap<string, GuardianField> = (() => {
  const map = new Map<string, GuardianField>();
  for (const [field, spellings] of Object.entries(GUARDIAN_HEADERS) as Array<[GuardianField, readonly string[]]>) {
    for (const spelling of spellings) map.set(headerKey(spelling), field);
  }
  return map;
})();

export interface GuardianHeader {
  /** Column position of each recognised field. */
  positions: Partial<Record<GuardianField, number>>;
  /** Required fields no column names (an SSN column stands in for a missing employee id). */
  missing: Array<(typeof REQUIRED_FIELDS)[number]>;
  /** Columns of the original that no field takes, as written. */
  ignored: string[];
}

/** Recognises the columns of a header row; the first column of a field wins. */
export function readGuardianHeader(cells: readonly string[]): GuardianHeader {
  const positions: Partial<Record<GuardianField, number>> = {};
  const ignored: string[] = [];
  cells.forEach((cell, i) => {
    if (!cell.trim()) return;
    const field = ALIASES.get(headerKey(cell));
    if (field && positions[field] === undefined) positions[field] = i;
    else ignored.push(cell.trim());
  });
  const missing = REQUIRED_FIELDS.filter((f) => positions[f] === undefined && !(f === 'employeeId' && positions.memberId !== undefined));
  return { positions, missing, ignored };
}

/** YYYYMMDD, YYYY-MM-DD, M/D/YYYY and M-D-YYYY → MM/dd/yyyy (the common baseline spelling); anything else as written. */
export function guardianDate(value: string): string {
  const v = value.trim();
  if (!v) return '';
  const two = (n: string) => n.padStart(2, '0');
  let m = /^(\d{4})(\d{2})(\d{2})$/.exec(v);
  if (m && Number(m[1]) >= 1800) return `${m[2]}/${m[3]}/${m[1]}`;
  m = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(v);
  if (m) return `${two(m[2]!)}/${two(m[3]!)}/${m[1]}`;
  m = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/.exec(v);
  if (m) return `${two(m[1]!)}/${two(m[2]!)}/${m[3]}`;
  return v;
}

/** '$1,250.00' → '1250.00': currency signs and thousands separators are formatting, not value. */
export function guardianAmount(value: string): string {
  const v = value.trim();
  return /^\(?-?\$?\s*[\d,]*\.?\d+\)?$/.test(v) ? v.replace(/[$,\s]/g, '') : v;
}

/** A problem that stops the conversion: the message names the columns or rows. */
export class GuardianFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GuardianFileError';
  }
}

export type UnplacedReason = 'NO_MEMBER_ABOVE' | 'DEPENDENT_WITHOUT_EMPLOYEE' | 'NOT_A_MEMBER_OR_COVERAGE';

export const UNPLACED_MESSAGE: Readonly<Record<UnplacedReason, string>> = {
  NO_MEMBER_ABOVE: 'A coverage row with no member above it to belong to',
  DEPENDENT_WITHOUT_EMPLOYEE: 'A dependent with no employee above it and no employee identifier',
  NOT_A_MEMBER_OR_COVERAGE: 'Neither a member nor a coverage (a total or a note)',
};

export interface UnplacedRow {
  /** The row's number in the original (1-based, as a spreadsheet shows it). */
  row: number;
  reason: UnplacedReason;
}

/** How many unplaced rows are kept by number; the rest are only counted. */
export const UNPLACED_LISTED = 100;
/** Rows without a member id named in the refusal. */
const MISSING_ID_LISTED = 20;

interface Identity {
  employeeId: string;
  memberId: string;
  relationship: string;
  lastName: string;
  firstName: string;
  middleName: string;
  dateOfBirth: string;
  gender: string;
  address1: string;
  address2: string;
  city: string;
  state: string;
  zip: string;
  dateOfHire: string;
  class: string;
  groupNumber: string;
}

interface MemberState {
  identity: Identity;
  /** Same employee link, ids, names and relationship: a repeated identity continues the member. */
  key: string;
  lines: number;
}

type Row = Record<Column, string>;

const IDENTITY_FIELDS = ['memberId', 'relationship', 'lastName', 'firstName'] as const;
const COVERAGE_FIELDS = ['product', 'plan', 'tier', 'volume', 'premium', 'effectiveDate', 'termDate'] as const;

export interface GuardianCounts {
  members: number;
  employees: number;
  dependents: number;
  coverage_lines: number;
  rows_read: number;
  rows_written: number;
  unplaced_rows: number;
}

/**
 * Reads the data rows below the header in order and hands back converted rows as soon as they
 * are known: a coverage row at once, a member without any coverage once the next member starts.
 * `finish()` hands back the last of them and refuses the file when an employee had no identifier.
 */
export class GuardianRowBasedTable {
  readonly header: GuardianHeader;
  private readonly at: Partial<Record<GuardianField, number>>;
  private employee: MemberState | null = null;
  private member: MemberState | null = null;
  private missingIds: number[] = [];
  private missingIdCount = 0;
  readonly unplaced: UnplacedRow[] = [];
  readonly unplacedByReason: Record<UnplacedReason, number> = { NO_MEMBER_ABOVE: 0, DEPENDENT_WITHOUT_EMPLOYEE: 0, NOT_A_MEMBER_OR_COVERAGE: 0 };
  readonly counts: GuardianCounts = { members: 0, employees: 0, dependents: 0, coverage_lines: 0, rows_read: 0, rows_written: 0, unplaced_rows: 0 };

  constructor(headerCells: readonly string[]) {
    this.header = readGuardianHeader(headerCells);
    if (this.header.missing.length) throw new GuardianFileError(missingColumnsMessage(this.header.missing, headerCells));
    this.at = this.header.positions;
  }

  /** One data row; `rowNumber` is its 1-based row in the original, for messages. */
  add(cells: readonly string[], rowNumber: number): string[][] {
    this.counts.rows_read += 1;
    const get = (field: GuardianField) => {
      const i = this.at[field];
      return i === undefined ? '' : (cells[i] ?? '').trim();
    };
    const hasCoverage = COVERAGE_FIELDS.some((f) => get(f) !== '');
    const employeeId = get('employeeId');
    const startsMember =
      IDENTITY_FIELDS.some((f) => get(f) !== '') || (employeeId !== '' && employeeId !== (this.employee?.identity.employeeId ?? ''));
    const out: string[][] = [];

    if (startsMember) {
      const relationship = word(RELATIONSHIP, get('relationship')) || 'Employee';
      const isEmployee = relationship === 'Employee';
      const memberId = get('memberId');
      const linkedTo = isEmployee ? employeeId || memberId : employeeId || this.employee?.identity.employeeId || '';
      const key = [linkedTo, memberId, get('lastName').toUpperCase(), get('firstName').toUpperCase(), relationship].join('|');
      const continues = this.member && this.member.key === key;
      if (!continues) {
        out.push(...this.closeMember());
        if (isEmployee && !linkedTo) {
          this.missingIdCount += 1;
          if (this.missingIds.length < MISSING_ID_LISTED) this.missingIds.push(rowNumber);
          this.employee = null;
          return out;
        }
        if (!isEmployee && !linkedTo) {
          this.place(rowNumber, 'DEPENDENT_WITHOUT_EMPLOYEE');
          return out;
        }
        // A dependent's blank address, group, class and hire date are its employee's.
        const from = !isEmployee && this.employee && this.employee.identity.employeeId === linkedTo ? this.employee.identity : null;
        const inherit = (field: keyof Identity & GuardianField) => get(field) || from?.[field] || '';
        const identity: Identity = {
          employeeId: linkedTo,
          memberId: memberId || (isEmployee ? linkedTo : ''),
          relationship,
          lastName: get('lastName'),
          firstName: get('firstName'),
          middleName: get('middleName'),
          dateOfBirth: guardianDate(get('dateOfBirth')),
          gender: word(GENDER, get('gender')),
          address1: inherit('address1'),
          address2: get('address1') ? get('address2') : (from?.address2 ?? ''),
          city: inherit('city'),
          state: inherit('state'),
          zip: inherit('zip'),
          dateOfHire: guardianDate(inherit('dateOfHire')),
          class: inherit('class'),
          groupNumber: inherit('groupNumber'),
        };
        this.member = { identity, key, lines: 0 };
        if (isEmployee) this.employee = this.member;
        this.counts.members += 1;
        if (isEmployee) this.counts.employees += 1;
        else this.counts.dependents += 1;
      }
    } else if (!hasCoverage) {
      this.place(rowNumber, 'NOT_A_MEMBER_OR_COVERAGE');
      return out;
    } else if (!this.member) {
      this.place(rowNumber, 'NO_MEMBER_ABOVE');
      return out;
    }

    if (hasCoverage && this.member) {
      this.member.lines += 1;
      this.counts.coverage_lines += 1;
      out.push(this.row(this.member.identity, get));
    }
    return out;
  }

  /** The last member's row when it had no coverage; throws when an employee row had no identifier. */
  finish(): string[][] {
    const out = this.closeMember();
    if (this.missingIdCount) {
      const listed = this.missingIds.join(', ');
      const more = this.missingIdCount > this.missingIds.length ? ` and ${this.missingIdCount - this.missingIds.length} more` : '';
      throw new GuardianFileError(
        `${this.missingIdCount === 1 ? 'Row' : 'Rows'} ${listed}${more} ${this.missingIdCount === 1 ? 'names an employee' : 'name employees'} without a member id: the ${FIELD_LABEL.employeeId} column is empty there. Fill it in (or remove the rows) and upload the file again.`,
      );
    }
    return out;
  }

  private place(row: number, reason: UnplacedReason): void {
    this.counts.unplaced_rows += 1;
    this.unplacedByReason[reason] += 1;
    if (this.unplaced.length < UNPLACED_LISTED) this.unplaced.push({ row, reason });
  }

  private closeMember(): string[][] {
    const m = this.member;
    this.member = null;
    if (!m || m.lines > 0) return [];
    return [this.row(m.identity, () => '')];
  }

  private row(identity: Identity, get: (field: GuardianField) => string): string[] {
    const term = guardianDate(get('termDate'));
    const product = get('product');
    const hasCoverage = COVERAGE_FIELDS.some((f) => get(f) !== '');
    const row: Row = {
      'Group Number': get('groupNumber') || identity.groupNumber,
      'Employee ID': identity.employeeId,
      'Member ID': identity.memberId,
      Relationship: identity.relationship,
      'Last Name': identity.lastName,
      'First Name': identity.firstName,
      'Middle Name': identity.middleName,
      'Date of Birth': identity.dateOfBirth,
      Gender: identity.gender,
      'Address 1': identity.address1,
      'Address 2': identity.address2,
      City: identity.city,
      State: identity.state,
      Zip: identity.zip,
      'Date of Hire': identity.dateOfHire,
      Class: identity.class,
      'Benefit Type': word(PRODUCT, product),
      'Product Code': product,
      Plan: get('plan'),
      'Coverage Tier': word(TIER, get('tier')),
      Volume: guardianAmount(get('volume')),
      Premium: guardianAmount(get('premium')),
      'Effective Date': guardianDate(get('effectiveDate')),
      'Term Date': term,
      'Coverage Status': hasCoverage ? (term ? 'Terminated' : 'Active') : '',
    };
    this.counts.rows_written += 1;
    return GUARDIAN_CONVERTED_COLUMNS.map((c) => row[c]);
  }
}

export function missingColumnsMessage(missing: readonly GuardianField[], headerCells: readonly string[]): string {
  const found = headerCells.filter((c) => c.trim()).slice(0, 30);
  return `This is not a Guardian row-based file we can convert: no column for ${missing.map((f) => FIELD_LABEL[f]).join(', ')}. Columns found: ${found.map((c) => `"${c.trim()}"`).join(', ') || 'none'}.`;
}
