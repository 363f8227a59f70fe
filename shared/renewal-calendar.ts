/**
 * Month arithmetic of renewals (decisions in docs/renewals.md). A company carrier renews on the
 * first day of its renewal month; its renewal is kicked off `renewal_kickoff_days_in_advance`
 * calendar days before that day. Days are yyyy-MM-dd in UTC: a date, never an instant.
 */
import { Month } from './carriers';

const DAY_MS = 86_400_000;

const toDays = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const fromDays = (days: number) => new Date(days * DAY_MS).toISOString().slice(0, 10);

export const addDays = (day: string, n: number) => fromDays(toDays(day) + n);

/** yyyy-MM-01 of a month in a year. */
export function firstOfMonth(year: number, month: Month): string {
  return `${year}-${String(Month.values.indexOf(month) + 1).padStart(2, '0')}-01`;
}

export interface DueRenewal {
  year: number;
  month: Month;
  /** The first day of the renewal month. */
  effectiveDate: string;
  /** The day the kickoff falls due. */
  kickoffDate: string;
}

/**
 * The renewal whose kickoff window holds `today`: the next effective date after today whose
 * kickoff date is today or earlier. A window that opened on a day the job did not run is still
 * open the next day, so a missed run is caught up; once the renewal month has begun it is too late
 * to kick it off (people start it by hand). A January renewal kicked off in November is next year's.
 */
export function dueRenewal(today: string, month: Month, daysInAdvance: number): DueRenewal | null {
  const year = Number(today.slice(0, 4));
  for (const candidate of [year, year + 1]) {
    const effectiveDate = firstOfMonth(candidate, month);
    if (effectiveDate <= today) continue;
    const kickoffDate = addDays(effectiveDate, -daysInAdvance);
    return kickoffDate <= today ? { year: candidate, month, effectiveDate, kickoffDate } : null;
  }
  return null;
}

/**
 * The day of a month a carrier invoices on: 1–28 as given, 31 meaning the month's last day
 * ('End of Month (29, 30, 31)'), so February is billed on the 28th or 29th.
 */
export function invoiceDay(year: number, monthIndex: number, dayOfMonth: number): string {
  const last = new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
  const day = Math.min(dayOfMonth, last);
  return `${year}-${String(monthIndex + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
