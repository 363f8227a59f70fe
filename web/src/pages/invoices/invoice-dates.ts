/** The invoice pages' dates, in a module of their own so that showing one does not download the charts. */

/** 'YYYY-MM-DD' as a date people read, without the time zone moving it a day. */
export function formatDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number);
  if (!y || !m || !d) return day;
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short', day: 'numeric' });
}

/** 'YYYY-MM' as 'Jan 2026'. */
export function formatMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  if (!y || !m) return month;
  return new Date(Date.UTC(y, m - 1, 1)).toLocaleDateString('en-US', { timeZone: 'UTC', year: 'numeric', month: 'short' });
}

/** A billing period ('2026-01', or '2026-01/2026-03') as people read it. */
export function periodLabel(period: string): string {
  return period.split('/').map(formatMonth).join(' – ');
}
