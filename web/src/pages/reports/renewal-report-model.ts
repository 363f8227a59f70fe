import { Month } from '../../../../shared/carriers';
import { RenewalStep } from '../../../../shared/renewals';
import type { PlanningCarrier, RenewalFilters, RenewalPlanning, RenewalRow, RenewalState } from '../../data/renewal-reports';

/**
 * What the renewal reports show, computed from what the API answered: the filters as the URL
 * holds them, the stat cards, the chart series. Pure, so the counts are tested without a browser.
 */

export const RENEWAL_STATES: ReadonlyArray<{ value: RenewalState; label: string }> = [
  { value: 'open', label: 'Open' },
  { value: 'overdue', label: 'Overdue' },
  { value: 'completed', label: 'Completed' },
  { value: 'closed', label: 'Closed' },
];

/** Steps a renewal is still being worked in (the API's `state=open`). */
export const OPEN_STEPS = RenewalStep.values.filter((s) => s !== 'COMPLETED' && s !== 'CLOSED');

const FILTER_KEYS = ['year', 'month', 'step', 'state', 'company_id'] as const;

/** The filters a URL's query holds; anything malformed is left out rather than sent to the API. */
export function filtersFromSearch(search: URLSearchParams): RenewalFilters {
  const filters: RenewalFilters = {};
  const year = search.get('year');
  if (year && /^\d{4}$/.test(year) && Number(year) >= 2020 && Number(year) <= 2100) filters.year = Number(year);
  const month = search.get('month');
  if (Month.is(month)) filters.month = month;
  const step = search.get('step');
  if (RenewalStep.is(step)) filters.step = step;
  const state = search.get('state');
  const known = RENEWAL_STATES.find((s) => s.value === state);
  if (known) filters.state = known.value;
  const company = search.get('company_id');
  if (company) filters.company_id = company;
  return filters;
}

/** The URL query of a set of filters (other parameters of `base` are kept). */
export function searchOfFilters(filters: RenewalFilters, base = new URLSearchParams()): URLSearchParams {
  const next = new URLSearchParams(base);
  for (const key of FILTER_KEYS) {
    const value = filters[key];
    if (value === undefined || value === '') next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}

export const sameFilters = (a: RenewalFilters, b: RenewalFilters) => FILTER_KEYS.every((k) => (a[k] ?? '') === (b[k] ?? ''));

const isOpen = (row: RenewalRow) => row.step !== 'COMPLETED' && row.step !== 'CLOSED';

/** Whether a row is one the API's list keeps for these filters (same rules as the server's). */
export function rowMatches(row: RenewalRow, f: RenewalFilters): boolean {
  if (f.year !== undefined && row.year !== f.year) return false;
  if (f.month && row.month !== f.month) return false;
  if (f.step && row.step !== f.step) return false;
  if (f.company_id && row.company_id !== f.company_id) return false;
  if (f.state === 'open' && !isOpen(row)) return false;
  if (f.state === 'completed' && row.step !== 'COMPLETED') return false;
  if (f.state === 'closed' && row.step !== 'CLOSED') return false;
  if (f.state === 'overdue' && !row.overdue) return false;
  return true;
}

export interface ReportCard {
  key: string;
  label: string;
  /** A second line saying what is counted, when the label alone would not. */
  caption?: string;
  count: number;
  /** The list's filters that show exactly the rows counted. */
  filters: RenewalFilters;
  tone?: 'error' | 'success';
  /** 'total': the report's headline counts; 'step': open renewals at one step. */
  group: 'total' | 'step';
}

/**
 * The stat cards: open renewals (all, then per step), overdue, completed this year. Each card's
 * filters select exactly the rows it counts, so clicking it shows its number of rows.
 */
export function renewalCards(rows: readonly RenewalRow[], currentYear: number): ReportCard[] {
  const count = (filters: RenewalFilters) => rows.filter((r) => rowMatches(r, filters)).length;
  const card = (key: string, label: string, filters: RenewalFilters, extra: Partial<ReportCard> = {}): ReportCard => ({
    key,
    label,
    filters,
    count: count(filters),
    group: 'total',
    ...extra,
  });
  return [
    card('open', 'Open renewals', { state: 'open' }, { caption: 'Not completed or closed' }),
    card('overdue', 'Overdue', { state: 'overdue' }, { caption: 'Past the effective date, not live', tone: 'error' }),
    card('completed', 'Completed this year', { state: 'completed', year: currentYear }, { caption: `${currentYear} renewals`, tone: 'success' }),
    ...OPEN_STEPS.map((step) => card(`open-${step}`, RenewalStep.label(step), { state: 'open', step }, { group: 'step' })),
  ];
}

/** yyyy-MM of a renewal month. */
export const periodOf = (year: number, month: Month) => `${year}-${String(Month.values.indexOf(month) + 1).padStart(2, '0')}`;

/** "January 2027" for 2027-01. */
export function periodLabel(period: string, short = false): string {
  const [year, month] = period.split('-').map(Number);
  const name = Month.labels[Month.values[month - 1]];
  return `${short ? name.slice(0, 3) : name} ${year}`;
}

export interface MonthStepChart {
  /** yyyy-MM of each bar. */
  periods: string[];
  labels: string[];
  /** One stacked series per step that has a renewal, in workflow order. */
  series: Array<{ step: RenewalStep; label: string; data: number[] }>;
}

/**
 * Renewals per renewal month, stacked by step, for the rows the list's filters keep. With a year
 * chosen every month of it is a bar (an empty month is a fact worth seeing); without one, each
 * month that has a renewal, in order.
 */
export function monthStepChart(rows: readonly RenewalRow[], filters: RenewalFilters): MonthStepChart {
  const kept = rows.filter((r) => rowMatches(r, filters));
  const periods =
    filters.year !== undefined
      ? Month.values.map((m) => periodOf(filters.year!, m))
      : [...new Set(kept.map((r) => periodOf(r.year, r.month)))].sort();
  const index = new Map(periods.map((p, i) => [p, i]));
  const byStep = new Map<RenewalStep, number[]>();
  for (const row of kept) {
    const i = index.get(periodOf(row.year, row.month));
    if (i === undefined) continue;
    if (!byStep.has(row.step)) byStep.set(row.step, periods.map(() => 0));
    byStep.get(row.step)![i]++;
  }
  return {
    periods,
    labels: periods.map((p) => periodLabel(p, true)),
    series: RenewalStep.values.filter((s) => byStep.has(s)).map((step) => ({ step, label: RenewalStep.label(step), data: byStep.get(step)! })),
  };
}

/** The filters a click on a bar of the chart opens: that month and step, other filters kept. */
export function filtersForBar(chart: MonthStepChart, filters: RenewalFilters, seriesIndex: number, dataIndex: number): RenewalFilters | null {
  const period = chart.periods[dataIndex];
  const series = chart.series[seriesIndex];
  if (!period || !series) return null;
  const [year, month] = period.split('-').map(Number);
  return { ...filters, year, month: Month.values[month - 1], step: series.step };
}

/** The companies that have renewals in scope, for the company filter, by name. */
export function companyOptions(rows: readonly RenewalRow[], selected?: string): Array<{ id: string; name: string }> {
  const names = new Map<string, string>();
  for (const row of rows) names.set(row.company_id, row.company_name);
  if (selected && !names.has(selected)) names.set(selected, 'Selected company');
  return [...names].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
}

/** Years renewals exist for, plus this one and the next (where new renewals go), latest first. */
export function yearOptions(rows: readonly RenewalRow[], currentYear: number, selected?: number): number[] {
  const years = new Set<number>([currentYear, currentYear + 1, ...rows.map((r) => r.year)]);
  if (selected !== undefined) years.add(selected);
  return [...years].sort((a, b) => b - a);
}

/** How far a renewal is from going live, as its chip says it. */
export function goLiveText(row: Pick<RenewalRow, 'step' | 'overdue' | 'days_to_go_live'>): { text: string; tone: 'error' | 'warning' | 'success' | 'default' } {
  if (row.step === 'COMPLETED') return { text: 'Completed', tone: 'success' };
  if (row.step === 'CLOSED') return { text: 'Closed', tone: 'default' };
  if (row.step === 'LIVE') return { text: 'Live', tone: 'success' };
  const days = row.days_to_go_live;
  if (row.overdue) return { text: `Overdue ${-days} ${Math.abs(days) === 1 ? 'day' : 'days'}`, tone: 'error' };
  if (days === 0) return { text: 'Goes live today', tone: 'warning' };
  return { text: `In ${days} ${days === 1 ? 'day' : 'days'}`, tone: days <= 30 ? 'warning' : 'default' };
}

/** "Nov 2, 2026" for 2026-11-02 (a day, so read in UTC). */
export const formatDay = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

export const personName = (p: { first_name?: string | null; last_name?: string | null; email: string }) =>
  [p.first_name, p.last_name].filter(Boolean).join(' ') || p.email;

// ── Planning ───────────────────────────────────────────────────────────────────────────────────

/** The current month, yyyy-MM (UTC, as the API counts days). */
export const currentPeriod = (today = new Date()) => today.toISOString().slice(0, 7);

export const isPeriod = (value: string | null | undefined): value is string => !!value && /^\d{4}-(0[1-9]|1[0-2])$/.test(value);

export function addMonths(period: string, n: number): string {
  const [year, month] = period.split('-').map(Number);
  const index = year * 12 + (month - 1) + n;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The months the from-month picker offers: a year back to two years ahead, and the one chosen. */
export function fromOptions(current: string, selected: string): string[] {
  const options = Array.from({ length: 37 }, (_, i) => addMonths(current, i - 12));
  if (!options.includes(selected)) options.push(selected);
  return options.sort();
}

/** Where a company carrier's renewal of a month stands. */
export type PlanningStatus = 'started' | 'due' | 'upcoming' | 'missed' | 'off';

export function planningStatus(carrier: Pick<PlanningCarrier, 'renewal' | 'kickoff_due' | 'kickoff_date' | 'renewals_disabled'>, today: string): PlanningStatus {
  if (carrier.renewal) return 'started';
  if (carrier.renewals_disabled) return 'off';
  if (carrier.kickoff_due) return 'due';
  if (carrier.kickoff_date > today) return 'upcoming';
  // The kickoff date has passed and the month has begun without a renewal: it is started by hand now.
  return 'missed';
}

export const PLANNING_STATUS_LABELS: Record<PlanningStatus, string> = {
  started: 'Renewal started',
  due: 'Kickoff due',
  upcoming: 'Not yet due',
  missed: 'Not started, kickoff passed',
  off: 'Renewals turned off',
};

/** The three the report always shows; the others only when a month has one. */
const ALWAYS_SHOWN: readonly PlanningStatus[] = ['started', 'due', 'upcoming'];
const STATUS_ORDER: readonly PlanningStatus[] = ['started', 'due', 'upcoming', 'missed', 'off'];

export interface PlanningChart {
  periods: string[];
  labels: string[];
  series: Array<{ status: PlanningStatus; label: string; data: number[] }>;
}

/** Company carriers renewing per month, stacked by where their renewal stands. */
export function planningChart(planning: RenewalPlanning, today: string): PlanningChart {
  const counts = new Map<PlanningStatus, number[]>(STATUS_ORDER.map((s) => [s, planning.months.map(() => 0)]));
  planning.months.forEach((month, i) => {
    for (const carrier of month.company_carriers) counts.get(planningStatus(carrier, today))![i]++;
  });
  return {
    periods: planning.months.map((m) => m.period),
    labels: planning.months.map((m) => periodLabel(m.period, true)),
    series: STATUS_ORDER.filter((s) => ALWAYS_SHOWN.includes(s) || counts.get(s)!.some((n) => n > 0)).map((status) => ({
      status,
      label: PLANNING_STATUS_LABELS[status],
      data: counts.get(status)!,
    })),
  };
}
