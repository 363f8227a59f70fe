/** Spreadsheet text to the values the entity schemas expect: enum labels, months, dates, End of Month. */
import { END_OF_MONTH_DAY, Month } from '../../../shared/carriers';
import { DateFormat, parseDate } from '../../../shared/dates';
import type { LabelledEnum } from '../../../shared/enum';
import { isIsoDay } from '../../../shared/schemas/fields';

const loose = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** An enum from its value or its label, case and punctuation ignored; the text itself when neither matches (the schema then refuses it). */
export function enumCell<V extends string>(e: LabelledEnum<V>, text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const wanted = loose(text);
  return e.options.find((o) => loose(o.value) === wanted || loose(o.label) === wanted)?.value ?? text;
}

/** A month from its name, value, three-letter short name or number 1–12. */
export function monthCell(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (Number.isInteger(n) && n >= 1 && n <= 12) return Month.values[n - 1];
  const wanted = loose(text);
  return Month.options.find((o) => loose(o.value) === wanted || loose(o.label).slice(0, 3) === wanted)?.value ?? text;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A day as yyyy-MM-dd from yyyy-MM-dd or any date format of SPEC §5 (US month-first). */
export function dateCell(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const t = text.trim().split(' ')[0]!;
  if (isIsoDay(t)) return t;
  for (const format of DateFormat.values) {
    const d = parseDate(t, format);
    if (d) return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  }
  return text;
}

/** 'End of Month (29, 30, 31)' (or just 'End of Month', 'EOM') is stored as 31. */
export function invoiceDayCell(text: string | undefined): string | number | undefined {
  if (text === undefined) return undefined;
  const l = loose(text);
  if (l.startsWith('endofmonth') || l === 'eom') return END_OF_MONTH_DAY;
  return text;
}
