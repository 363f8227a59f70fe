import { formatDay } from '../dates';

/**
 * Billing months as list bills name them. A month is 'YYYY-MM'; a period is a run of whole months.
 * Carriers bill by the month, so every date that matters to an invoice (a coverage's effective and
 * term date, an adjustment's period) is judged by the months it touches.
 */
export type Month = string;

export interface MonthPeriod {
  start: Month;
  end: Month;
}

const MONTH_NAMES = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const pad2 = (n: number) => String(n).padStart(2, '0');
export const monthOf = (year: number, month: number): Month => `${year}-${pad2(month)}`;

export function monthOfDay(day: number): Month {
  return formatDay(day).slice(0, 7);
}

function parts(month: Month): [number, number] {
  return [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
}

export function nextMonth(month: Month): Month {
  const [y, m] = parts(month);
  return m === 12 ? monthOf(y + 1, 1) : monthOf(y, m + 1);
}

/** Every month from start to end, both included ([] when end is before start). */
export function monthsOf(period: MonthPeriod): Month[] {
  const out: Month[] = [];
  for (let m = period.start; m <= period.end && out.length < 120; m = nextMonth(m)) out.push(m);
  return out;
}

/** 'YYYY-MM' for one month, 'YYYY-MM/YYYY-MM' (ISO 8601 interval) for several. */
export function periodLabel(period: MonthPeriod): string {
  return period.start === period.end ? period.start : `${period.start}/${period.end}`;
}

const validMonth = (year: number, month: number) => year >= 1900 && year <= 2199 && month >= 1 && month <= 12;

/**
 * The month a single date-ish token names: '01/2026', '1/2026', '2026-01', '202601', '01/15/2026',
 * '2026-01-15', 'Jan 2026', 'January 2026', 'Jan-26', an Excel serial day. Null when it names none.
 */
export function parseMonthToken(raw: string): Month | null {
  const s = raw.trim().toLowerCase().replace(/\s+/g, ' ');
  if (s === '') return null;
  let m: RegExpMatchArray | null;
  if ((m = s.match(/^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:\s+\d{1,2}:\d{2}.*)?$/))) return validMonth(+m[3]!, +m[1]!) ? monthOf(+m[3]!, +m[1]!) : null;
  if ((m = s.match(/^(\d{4})[/.-](\d{1,2})(?:[/.-](\d{1,2}))?(?:t.*)?$/))) return validMonth(+m[1]!, +m[2]!) ? monthOf(+m[1]!, +m[2]!) : null;
  if ((m = s.match(/^(\d{1,2})[/.-](\d{4})$/))) return validMonth(+m[2]!, +m[1]!) ? monthOf(+m[2]!, +m[1]!) : null;
  if ((m = s.match(/^(\d{4})(\d{2})(\d{2})?$/))) return validMonth(+m[1]!, +m[2]!) ? monthOf(+m[1]!, +m[2]!) : null;
  if ((m = s.match(/^(\d{2})(\d{2})(\d{4})$/))) return validMonth(+m[3]!, +m[1]!) ? monthOf(+m[3]!, +m[1]!) : null;
  if ((m = s.match(/^([a-z]{3})[a-z]*\.?[ ,/-]*(?:\d{1,2},? )?(\d{4}|\d{2})$/))) {
    const month = MONTH_NAMES.indexOf(m[1]!) + 1;
    const year = m[2]!.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
    return month > 0 && validMonth(year, month) ? monthOf(year, month) : null;
  }
  if ((m = s.match(/^(\d{5})(?:\.\d+)?$/))) {
    const serial = Number(m[1]);
    // Excel's 1900 system: serial 25569 is 1970-01-01; 2199-12-31 is 109574.
    return serial > 25_569 && serial < 109_574 ? monthOfDay(serial - 25_569) : null;
  }
  return null;
}

const SEPARATOR = /\s*(?:-|–|—|\/|\bto\b|\bthru\b|\bthrough\b)\s*/gi;

/**
 * A billing period as written: one month ('01/2026', 'January 2026', '01/01/2026') or a range
 * ('01/01/2026 - 01/31/2026', '2026-01/2026-03', 'Jan 2026 to Mar 2026', 'Jan-Mar 2026' is not
 * read). Null when it names no month.
 */
export function parsePeriod(raw: string): MonthPeriod | null {
  const s = raw.trim().replace(/^(?:for\s+)?(?:the\s+)?(?:period\s+)?(?:from\s+)?/i, '');
  if (s === '') return null;
  const single = parseMonthToken(s);
  if (single) return { start: single, end: single };
  // Try each separator as the middle of a range: only a cut with a month on both sides counts.
  for (const cut of s.matchAll(SEPARATOR)) {
    const start = parseMonthToken(s.slice(0, cut.index));
    const end = start && parseMonthToken(s.slice(cut.index! + cut[0].length));
    if (start && end && start <= end) return { start, end };
  }
  return null;
}

/** The period a pair of columns gives (From / To dates), either side alone naming one month. */
export function periodOfBounds(from: string, to: string): MonthPeriod | null {
  const start = from.trim() ? parseMonthToken(from) : null;
  const end = to.trim() ? parseMonthToken(to) : null;
  if (start && end) return start <= end ? { start, end } : null;
  const one = start ?? end;
  return one ? { start: one, end: one } : null;
}

const validDay = (y: number, m: number, d: number) => {
  if (!validMonth(y, m) || d < 1) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
};
const isoDay = (y: number, m: number, d: number) => `${y}-${pad2(m)}-${pad2(d)}`;

/** A calendar day as invoices write it ('01/15/2026', '2026-01-15', 'January 15, 2026', an Excel serial), as 'YYYY-MM-DD'. */
export function parseDayToken(raw: string): string | null {
  const s = raw.trim().toLowerCase().replace(/\s+/g, ' ');
  let m: RegExpMatchArray | null;
  if ((m = s.match(/^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})(?:\s+\d{1,2}:\d{2}.*)?$/))) return validDay(+m[3]!, +m[1]!, +m[2]!) ? isoDay(+m[3]!, +m[1]!, +m[2]!) : null;
  if ((m = s.match(/^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})(?:t.*|\s+\d{1,2}:\d{2}.*)?$/))) return validDay(+m[1]!, +m[2]!, +m[3]!) ? isoDay(+m[1]!, +m[2]!, +m[3]!) : null;
  if ((m = s.match(/^(\d{4})(\d{2})(\d{2})$/))) return validDay(+m[1]!, +m[2]!, +m[3]!) ? isoDay(+m[1]!, +m[2]!, +m[3]!) : null;
  if ((m = s.match(/^([a-z]{3})[a-z]*\.? (\d{1,2}),? (\d{4})$/))) {
    const month = MONTH_NAMES.indexOf(m[1]!) + 1;
    return month > 0 && validDay(+m[3]!, month, +m[2]!) ? isoDay(+m[3]!, month, +m[2]!) : null;
  }
  if ((m = s.match(/^(\d{5})(?:\.\d+)?$/))) {
    const serial = Number(m[1]);
    return serial > 25_569 && serial < 109_574 ? formatDay(serial - 25_569) : null;
  }
  return null;
}

/** Whole days from one 'YYYY-MM-DD' to another. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
