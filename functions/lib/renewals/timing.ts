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

/**
 * The day a step is due: every step of the preparation must be done by the go-live date, when
 * the renewed plans take effect. Going live, completing and closing have no due date.
 */
export function stepDueDate(step: string, period: string): string | null {
  return DONE_OR_LIVE.includes(step as RenewalStep) ? null : effectiveDate(period);
}

/** Still being prepared while its plans have already taken effect: its current step is past its due date. */
export function isOverdue(step: string, period: string, today: Date = new Date()): boolean {
  const due = stepDueDate(step, period);
  return due !== null && daysUntil(due, today) < 0;
}
