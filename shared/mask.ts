import { columnRole } from './columns';

/**
 * PII rule of list responses: SSNs are shown masked except their last four digits. Used by the
 * result reads (discrepancies, missing rows) on identifiers and on any SSN-like value.
 */
const SSN_SHAPE = /^\d{3}[-\s]?\d{2}[-\s]?\d{4}$/;

export const maskedSsn = (lastFour: string) => `***-**-${lastFour}`;

/** True for a value shaped like an SSN: nine digits, optionally 3-2-4 with dashes or spaces. */
export function isSsnLike(value: string): boolean {
  return SSN_SHAPE.test(value.trim());
}

/** An SSN-like value masked to its last four digits; anything else unchanged. */
export function maskSsnLike(value: string): string;
export function maskSsnLike(value: string | null | undefined): string | null | undefined;
export function maskSsnLike(value: string | null | undefined): string | null | undefined {
  if (typeof value !== 'string' || !isSsnLike(value)) return value;
  return maskedSsn(value.replace(/\D/g, '').slice(-4));
}

// Nine digits, 3-2-4 with or without dashes or spaces, standing alone within text.
const SSN_IN_TEXT = /\b\d{3}[-\s]?\d{2}[-\s]?\d{4}\b/g;

/** Free text (a memo, a note) with every SSN-shaped number in it hidden whole: for text that leaves the platform. */
export function maskSsnsInText(text: string): string {
  return text.replace(SSN_IN_TEXT, '***-**-****');
}

/**
 * A value of a column known to hold SSNs: masked to its last four digits whatever its shape
 * (a spreadsheet may have dropped leading zeros, or a carrier may pad it), when it has at least
 * four digits; an empty value stays empty.
 */
export function maskSsnColumnValue(value: string | null | undefined): string | null | undefined {
  if (typeof value !== 'string') return value;
  const digits = value.replace(/\D/g, '');
  if (digits.length < 4) return value.trim() === '' ? value : '****';
  return maskedSsn(digits.slice(-4));
}

/** A composite identifier (`part|part`): each SSN-like part masked. */
export function maskIdentifier(identifier: string | null | undefined): string | null | undefined {
  if (typeof identifier !== 'string') return identifier;
  return identifier
    .split('|')
    .map((part) => maskSsnLike(part))
    .join('|');
}

// ── Previews of uploaded rows ───────────────────────────────────────────────────────────────────

/**
 * Columns whose values are personal identifiers rather than a vocabulary: SSNs and dates of birth.
 * Their values are never listed as distinct values and are masked in every preview, whoever asks.
 */
export type SensitiveColumnKind = 'ssn' | 'dob';

export function sensitiveColumnKind(columnName: string): SensitiveColumnKind | null {
  const role = columnRole(columnName);
  if (role === 'ssn' || role === 'subscriber_ssn') return 'ssn';
  if (role === 'dob') return 'dob';
  return null;
}

/**
 * A date of birth with every digit hidden: the separators stay, so the shape (01/31/1980 or
 * 1980-01-31) still tells which format was read, but not the date.
 */
export function maskDateOfBirth(value: string | null | undefined): string | null | undefined {
  if (typeof value !== 'string') return value;
  return value.replace(/\d/g, '*');
}

/** One cell of a preview: by its column when that names an SSN or a birth date, else any SSN-shaped value. */
export function maskPreviewCell(kind: SensitiveColumnKind | null, value: string): string {
  if (kind === 'ssn') return maskSsnColumnValue(value) ?? value;
  if (kind === 'dob') return maskDateOfBirth(value) ?? value;
  return maskSsnLike(value);
}

/** Rows under their header with every SSN and date of birth masked (see `maskPreviewCell`). */
export function maskPreviewRows(columns: readonly string[], rows: readonly (readonly string[])[]): string[][] {
  const kinds = columns.map(sensitiveColumnKind);
  return rows.map((row) => row.map((value, i) => maskPreviewCell(kinds[i] ?? null, value)));
}
