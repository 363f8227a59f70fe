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
