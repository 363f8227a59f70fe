import { parseCents } from '../numbers';

/**
 * An amount on a bill in whole cents: what parseCents reads ('$1,234.56', '(12.00)', '12.00-'),
 * plus the accounting marks carriers print beside credits and debits ('12.00 CR', 'CR 12.00',
 * '12.00DR') and a currency code. NaN when it is not an amount.
 */
export function billCents(raw: string): number {
  const plain = parseCents(raw);
  if (Number.isFinite(plain)) return plain;
  const m = raw.trim().match(/^(CR|DR)?\s*(.*?)\s*(CR|DR)?$/i);
  const mark = (m?.[1] ?? m?.[3] ?? '').toUpperCase();
  const body = (m?.[2] ?? '').replace(/\b(USD|US\$)\b/gi, '').trim();
  const cents = parseCents(body);
  if (!Number.isFinite(cents) || (!mark && body === raw.trim())) return NaN;
  return mark === 'CR' ? -Math.abs(cents) : cents;
}
