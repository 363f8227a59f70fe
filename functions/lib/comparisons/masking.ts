/**
 * Identifier values shown back to the user in warnings: SSN-like parts show only their last four
 * digits (***-**-1234). Other parts (a benefit type) are shown as they are.
 */
const SSN_LIKE = /^\d{3}-?\d{2}-?\d{4}$/;

export function maskIdentifierPart(part: string, ssnColumn: boolean): string {
  const compact = part.replace(/[\s-]/g, '');
  if ((ssnColumn && /\d{4}$/.test(compact)) || SSN_LIKE.test(part.trim()) || /^\d{9}$/.test(compact)) {
    return `***-**-${compact.slice(-4)}`;
  }
  return part;
}

export function maskIdentifier(value: string, ssnColumns: readonly boolean[]): string {
  return value
    .split('|')
    .map((part, i) => maskIdentifierPart(part, ssnColumns[i] ?? false))
    .join('|');
}
