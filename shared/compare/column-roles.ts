/**
 * What a column holds, told from its header. The SPEC §3 recognition lists come first; the extra
 * synonyms are the headers carrier and benefits-admin exports use for the same things.
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
  /** Matched as whole words anywhere in the header. */
  contains: string[];
  /** Matched only as the whole header. */
  exact?: string[];
}

// Order matters: the first rule that matches wins ('Employee SSN' is the subscriber, not the member).
const RULES: RoleRule[] = [
  { role: 'subscriber_ssn', contains: ['employee ssn', 'subscriber ssn', 'subscriber id', 'ee ssn', 'primary ssn'] },
  { role: 'ssn', contains: ['ssn', 'social security number', 'social security', 'ee id', 'member id'] },
  { role: 'first_name', contains: ['first name', 'firstname', 'first_name', 'fname'] },
  { role: 'last_name', contains: ['last name', 'lastname', 'last_name', 'lname', 'surname'] },
  { role: 'full_name', contains: ['full name', 'display name'], exact: ['name'] },
  { role: 'dob', contains: ['dob', 'date of birth', 'birth date', 'birthdate'] },
  { role: 'hire_date', contains: ['doh', 'date of hire', 'hire date'] },
  { role: 'term_date', contains: ['dot', 'term date', 'termination date', 'termination'] },
  { role: 'relationship', contains: ['relationship', 'relation', 'rel code', 'member type', 'dependent type'], exact: ['rel'] },
  { role: 'gender', contains: ['gender', 'sex'] },
  { role: 'coverage_tier', contains: ['coverage tier', 'tier', 'coverage level', 'coverage code', 'cov tier'], exact: ['coverage'] },
  { role: 'benefit_type', contains: ['benefit type', 'line of coverage', 'line of business', 'coverage line', 'product line', 'lob'], exact: ['benefit'] },
  { role: 'benefit_amount', contains: ['benefit amount', 'volume', 'coverage amount', 'face amount', 'election amount', 'benefit volume'] },
  { role: 'plan', contains: ['plan', 'product', 'plan name', 'plan code'] },
  { role: 'money', contains: ['premium', 'cost', 'rate', 'rates', 'contribution', 'deduction', 'price', 'charge', 'amount', 'billed'] },
  { role: 'zip', contains: ['zip', 'zip code', 'postal code'] },
  { role: 'address_2', contains: ['address 2', 'address line 2'] },
  { role: 'address', contains: ['address', 'address 1', 'address line 1', 'street address'] },
];

const DATE_WORDS = ['date', 'birth', 'hire', 'termination'];

/** Lower-case words separated by single spaces: 'First_Name' → 'first name'. */
export function normaliseHeader(name: string): string {
  return name
    .toLowerCase()
    .replace(/[_\-./()#:]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

function containsWords(header: string, term: string): boolean {
  return header === term || ` ${header} `.includes(` ${term} `);
}

export function recogniseColumn(name: string): ColumnRole | null {
  const header = normaliseHeader(name);
  // 'first_name' as written in the spec survives normalisation only as 'first name'.
  for (const rule of RULES) {
    if (rule.exact?.includes(header)) return rule.role;
    if (rule.contains.some((term) => containsWords(header, normaliseHeader(term)))) return rule.role;
  }
  return null;
}

/** SPEC §5: a column whose name holds date, birth, hire or termination terms holds dates. */
export function isDateColumnName(name: string): boolean {
  const header = normaliseHeader(name);
  if (DATE_WORDS.some((w) => containsWords(header, w))) return true;
  const role = recogniseColumn(name);
  return role === 'dob' || role === 'hire_date' || role === 'term_date';
}

export function isSsnRole(role: ColumnRole | null): boolean {
  return role === 'ssn' || role === 'subscriber_ssn';
}

/** The role of a compared pair: the baseline header decides, the carrier header fills in. */
export function rolesOfPair(baselineName: string, secondaryName: string): ColumnRole | null {
  return recogniseColumn(baselineName) ?? recogniseColumn(secondaryName);
}
