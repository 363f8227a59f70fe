import { Month } from '../../../shared/carriers';
import type { RenewalStep } from '../../../shared/renewals';

/** yyyy-MM of a renewal month: the renewal's place in time, in keys and reports. */
export function renewalPeriod(year: number, month: string): string {
  return `${year}-${String(Month.values.indexOf(month as Month) + 1).padStart(2, '0')}`;
}

/** The first day of the renewal month, when the renewed plans take effect. */
export const effectiveDate = (period: string) => `${period}-01`;

const DAY_MS = 86_400_000;

/** Whole days from `today` (UTC) to the effective date; negative once it has passed. */
export function daysUntil(day: string, today: Date = new Date()): number {
  const start = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Math.round((Date.parse(`${day}T00:00:00Z`) - start) / DAY_MS);
}

const DONE_OR_LIVE: readonly RenewalStep[] = ['LIVE', 'COMPLETED', 'CLOSED'];

/** Still being prepared while its plans have already taken effect. */
export function isOverdue(step: string, period: string, today: Date = new Date()): boolean {
  return !DONE_OR_LIVE.includes(step as RenewalStep) && daysUntil(effectiveDate(period), today) < 0;
}
