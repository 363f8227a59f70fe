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
 * Aliases of SPEC §3, lower-case. Order matters where one alias contains another: ADDRESS_2 is
 * tried before ADDRESS so 'Address Line 2' is not taken for the first address line.
 */
export const COLUMN_ALIASES: ReadonlyArray<readonly [RecognisedColumn, readonly string[]]> = [
  ['SSN', ['ssn', 'social security number', 'ee id', 'member id']],
  ['FIRST_NAME', ['first name', 'firstname', 'first_name', 'fname']],
  ['LAST_NAME', ['last name', 'lastname', 'last_name', 'lname']],
  ['FULL_NAME', ['full name', 'display name']],
  ['DOB', ['dob', 'date of birth', 'birth date']],
  ['DOH', ['doh', 'date of hire', 'hire date']],
  ['TERMINATION_DATE', ['dot', 'term date', 'termination date']],
  ['ZIP', ['zip', 'zip code']],
  ['ADDRESS_2', ['address 2', 'address line 2']],
  ['ADDRESS', ['address', 'address 1', 'address line 1', 'street address']],
];

/** A bare 'name' column is a full name only on an exact match ('Company Name' is not a person). */
export const EXACT_FULL_NAME_ALIAS = 'name';

function normalise(name: unknown): string {
  return String(name ?? '')
    .trim()
    .toLowerCase()
    .replace(/\s+/g, ' ');
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether `alias` occurs in `text` as whole words (bounded by start/end or a non-alphanumeric). */
function containsWords(text: string, alias: string): boolean {
  return new RegExp(`(^|[^a-z0-9])${escapeRegExp(alias)}($|[^a-z0-9])`).test(text);
}

/**
 * Recognises a column by its header, case-insensitively and ignoring surrounding space.
 * SPEC §3 singles out 'name' as exact-match only, which implies the other aliases may appear
 * within a longer header ('Employee SSN', 'Member First Name'); they are matched as whole words so
 * 'dot' does not fire inside 'Dotted'. E-mail columns are never addresses.
 */
export function recogniseColumn(name: unknown): RecognisedColumn | null {
  const text = normalise(name);
  if (!text) return null;
  if (text === EXACT_FULL_NAME_ALIAS) return 'FULL_NAME';
  const isEmail = /e-?mail/.test(text);
  for (const [kind, aliases] of COLUMN_ALIASES) {
    if (isEmail && (kind === 'ADDRESS' || kind === 'ADDRESS_2')) continue;
    if (aliases.some((alias) => text === alias || containsWords(text, alias))) return kind;
  }
  return null;
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

// SPEC §5: date, birth, hire or termination terms. The abbreviations DOB/DOH/DOT are whole words
// so they do not fire inside other words; the spelt-out terms match anywhere ('BirthDate').
const DATE_TERMS = ['date', 'birth', 'hire', 'termination'];
const DATE_ABBREVIATIONS = ['dob', 'doh', 'dot', 'term'];

/** Whether a column holds dates, judged by its name (SPEC §5). */
export function isDateColumn(name: unknown): boolean {
  const text = normalise(name);
  if (!text) return false;
  return DATE_TERMS.some((t) => text.includes(t)) || DATE_ABBREVIATIONS.some((t) => containsWords(text, t));
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
