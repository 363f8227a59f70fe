import { defineEnum } from './enum';

/** The kinds of column the platform recognises by name (SPEC §3). */
export const RecognisedColumn = defineEnum({
  SSN: 'SSN',
  FIRST_NAME: 'First Name',
  LAST_NAME: 'Last Name',
  FULL_NAME: 'Full Name',
  DOB: 'Date of Birth',
  DOH: 'Date of Hire',
  TERMINATION_DATE: 'Termination Date',
  ZIP: 'Zip',
  ADDRESS: 'Address',
  ADDRESS_2: 'Address 2',
});
export type RecognisedColumn = (typeof RecognisedColumn.values)[number];

/**
 * What a column holds, told from its header: the one recognition rule of the platform. The SPEC §3
 * aliases come first in each rule; the extra synonyms are the headers carrier and benefits-admin
 * exports use for the same things. `columnRole` is the full answer (the comparison engine's);
 * `recogniseColumn` is its SPEC §3 view.
 */
export type ColumnRole =
  | 'subscriber_ssn'
  | 'ssn'
  | 'first_name'
  | 'last_name'
  | 'full_name'
  | 'dob'
  | 'hire_date'
  | 'term_date'
  | 'relationship'
  | 'gender'
  | 'coverage_tier'
  | 'benefit_type'
  | 'benefit_amount'
  | 'plan'
  | 'money'
  | 'zip'
  | 'address_2'
  | 'address';

interface RoleRule {
  role: ColumnRole;
  /** Matched as whole words anywhere in the header ('Member First Name'). */
  contains: readonly string[];
  /** Matched only as the whole header (SPEC §3: 'name' is exact only; 'Company Name' is not a person). */
  exact?: readonly string[];
}

// Order matters: the first rule that matches wins. 'Employee SSN' is the subscriber, not the member;
// ADDRESS_2 is tried before ADDRESS so 'Address Line 2' is not taken for the first line.
const RULES: readonly RoleRule[] = [
  {
    role: 'subscriber_ssn',
    contains: ['employee ssn', 'subscriber ssn', 'subscriber id', 'ee ssn', 'primary ssn', 'sub ssn', 'employee social security', 'subscriber social security'],
  },
  { role: 'ssn', contains: ['ssn', 'social security number', 'ee id', 'member id', 'social security'] },
  { role: 'first_name', contains: ['first name', 'firstname', 'first_name', 'fname', 'given name'] },
  { role: 'last_name', contains: ['last name', 'lastname', 'last_name', 'lname', 'surname', 'family name'] },
  // List bills name the member in one column: 'Member Name', 'Insured Name', usually 'LAST, FIRST'.
  {
    role: 'full_name',
    contains: ['full name', 'display name', 'member name', 'employee name', 'subscriber name', 'insured name', 'name of insured', 'participant name', 'enrollee name', 'insured'],
    exact: ['name'],
  },
  { role: 'dob', contains: ['dob', 'date of birth', 'birth date', 'birthdate'] },
  { role: 'hire_date', contains: ['doh', 'date of hire', 'hire date'] },
  { role: 'term_date', contains: ['dot', 'term date', 'termination date', 'termination', 'end date'] },
  { role: 'relationship', contains: ['relationship', 'relation', 'rel code', 'member type', 'dependent type'], exact: ['rel'] },
  { role: 'gender', contains: ['gender', 'sex'] },
  { role: 'coverage_tier', contains: ['coverage tier', 'tier', 'coverage level', 'coverage code', 'cov tier'], exact: ['coverage'] },
  {
    role: 'benefit_type',
    contains: ['benefit type', 'line of coverage', 'line of business', 'coverage line', 'product line', 'lob', 'coverage type', 'insurance line', 'benefit line', 'product type'],
    exact: ['benefit'],
  },
  { role: 'benefit_amount', contains: ['benefit amount', 'volume', 'coverage amount', 'face amount', 'election amount', 'benefit volume', 'life amount', 'amount of insurance'] },
  { role: 'plan', contains: ['plan', 'product', 'plan name', 'plan code'] },
  { role: 'money', contains: ['premium', 'cost', 'rate', 'rates', 'contribution', 'deduction', 'price', 'charge', 'amount', 'billed'] },
  { role: 'zip', contains: ['zip', 'zip code', 'postal code'] },
  { role: 'address_2', contains: ['address 2', 'address line 2', 'street 2'] },
  { role: 'address', contains: ['address', 'address 1', 'address line 1', 'street address', 'street'] },
];

/**
 * Abbreviations carrier and payroll exports write in headers ('Mbr First Nm', 'Eff Dt', 'EE
 * Contrib'), read as the words they stand for. Only those that mean one thing in an enrollment
 * file: 'st' (state or street?) and 'sub' (subscriber or subtotal?) are left alone.
 */
const ABBREVIATIONS: Readonly<Record<string, string>> = {
  mbr: 'member',
  mem: 'member',
  nm: 'name',
  dt: 'date',
  dte: 'date',
  addr: 'address',
  adr: 'address',
  eff: 'effective',
  effdt: 'effective date',
  termdt: 'term date',
  amt: 'amount',
  cov: 'coverage',
  contrib: 'contribution',
  prem: 'premium',
  cd: 'code',
  ins: 'insurance',
  emp: 'employee',
  empl: 'employee',
  dep: 'dependent',
  bene: 'benefit',
  ln: 'line',
};

/** Lower-case words separated by single spaces: 'First_Name' → 'first name', '  SSN\n' → 'ssn'. */
export function normaliseHeader(name: unknown): string {
  return String(name ?? '')
    .toLowerCase()
    .replace(/[_\-./()#:]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * A header as words for telling what the column holds: normalised, letters and digits apart
 * ('ADDRESS2' → 'address 2') and abbreviations spelt out ('Mbr First Nm' → 'member first name').
 */
export function headerWords(name: unknown): string {
  return normaliseHeader(name)
    .replace(/([a-z])(\d)/g, '$1 $2')
    .replace(/(\d)([a-z])/g, '$1 $2')
    .split(' ')
    .map((word) => ABBREVIATIONS[word] ?? word)
    .join(' ');
}

// The rules' terms in the same form ('first_name' as written in the spec becomes 'first name').
const NORMALISED_RULES = RULES.map((r) => ({
  role: r.role,
  contains: r.contains.map(headerWords),
  exact: (r.exact ?? []).map(headerWords),
}));

function isAlphanumeric(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 97 && c <= 122);
}

/** Whether `term` occurs in `header` as whole words (bounded by start/end or a non-alphanumeric). */
function containsWords(header: string, term: string): boolean {
  for (let at = header.indexOf(term); at >= 0; at = header.indexOf(term, at + 1)) {
    const end = at + term.length;
    if ((at === 0 || !isAlphanumeric(header.charCodeAt(at - 1))) && (end === header.length || !isAlphanumeric(header.charCodeAt(end)))) return true;
  }
  return false;
}

const EMAIL = /(^|[^a-z0-9])e ?mail/;

/**
 * The role of a column from its header, case-insensitively and ignoring spacing and punctuation;
 * null when the header says nothing known.
 *
 * Decision (the two earlier recognisers disagreed on 'Employee SSN'): a header naming the
 * employee's/subscriber's SSN is `subscriber_ssn`, never the member's `ssn`. Benefits exports carry
 * both ('Employee SSN' and 'SSN' on a dependent's row); taking both for the member SSN would pair
 * them as synonyms and join rows on the wrong person. SPEC §3 still counts it as an SSN column
 * (`recogniseColumn` gives 'SSN'). An e-mail column is never a postal address.
 */
export function columnRole(name: unknown): ColumnRole | null {
  const header = headerWords(name);
  if (header === '') return null;
  const isEmail = EMAIL.test(header);
  for (const rule of NORMALISED_RULES) {
    if (isEmail && (rule.role === 'address' || rule.role === 'address_2')) continue;
    if (rule.exact.includes(header)) return rule.role;
    if (rule.contains.some((term) => containsWords(header, term))) return rule.role;
  }
  return null;
}

/** The SPEC §3 kind of each role that has one. */
const RECOGNISED_OF_ROLE: Partial<Record<ColumnRole, RecognisedColumn>> = {
  subscriber_ssn: 'SSN',
  ssn: 'SSN',
  first_name: 'FIRST_NAME',
  last_name: 'LAST_NAME',
  full_name: 'FULL_NAME',
  dob: 'DOB',
  hire_date: 'DOH',
  term_date: 'TERMINATION_DATE',
  zip: 'ZIP',
  address: 'ADDRESS',
  address_2: 'ADDRESS_2',
};

/**
 * The SPEC §3 kind of a column ('Employee SSN' → SSN, 'Member First Name' → FIRST_NAME, bare 'name'
 * → FULL_NAME but 'Company Name' → null): `columnRole` seen through SPEC §3's list, so the platform
 * has one recognition rule.
 */
export function recogniseColumn(name: unknown): RecognisedColumn | null {
  const role = columnRole(name);
  return role === null ? null : RECOGNISED_OF_ROLE[role] ?? null;
}

const NAME_COLUMNS: readonly RecognisedColumn[] = ['FIRST_NAME', 'LAST_NAME', 'FULL_NAME'];

export function isNameLikeColumn(name: unknown): boolean {
  const kind = recogniseColumn(name);
  return kind !== null && NAME_COLUMNS.includes(kind);
}

/** SPEC §5: a mapping set is valid only if both sides include a name-like column. */
export function mappingSetHasNameColumns(baselineColumns: readonly unknown[], secondaryColumns: readonly unknown[]): boolean {
  return baselineColumns.some(isNameLikeColumn) && secondaryColumns.some(isNameLikeColumn);
}

// SPEC §5: names that contain date, birth, hire or termination terms. The spelt-out terms match
// anywhere ('BirthDate', 'Rehire'); the abbreviations DOB/DOH/DOT/Term only as whole words so they
// do not fire inside other words ('Doberman'). 'Term Life' is a line of coverage, not a
// termination: 'Term Life Premium' is a money column.
const DATE_TERMS = ['date', 'birth', 'hire', 'termination'];
const DATE_ABBREVIATIONS = ['dob', 'doh', 'dot', 'term'];
const TERM_LIFE = /(^|[^a-z0-9])term life($|[^a-z0-9])/;
const DATE_ROLES: ReadonlySet<ColumnRole> = new Set<ColumnRole>(['dob', 'hire_date', 'term_date']);

/** Whether a column holds dates, judged by its name (SPEC §5), or is a recognised date column. */
export function isDateColumn(name: unknown): boolean {
  const header = normaliseHeader(name);
  if (header === '') return false;
  if (DATE_TERMS.some((t) => header.includes(t))) return true;
  if (DATE_ABBREVIATIONS.some((t) => containsWords(header, t) && !(t === 'term' && TERM_LIFE.test(header)))) return true;
  const role = columnRole(header);
  return role !== null && DATE_ROLES.has(role);
}

/** Categories of plan documents and task files (SPEC §3). */
export const PlanDocumentCategory = defineEnum({
  PLAN: 'Plan',
  TASK_NOTE: 'Task Note',
  PLAN_RATES: 'Plan Rates',
  GENERAL_PLAN_DOCUMENTS: 'General Plan Documents',
  PLAN_ELIGIBILITY: 'Plan Eligibility',
});
export type PlanDocumentCategory = (typeof PlanDocumentCategory.values)[number];
