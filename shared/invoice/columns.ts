import { columnRole, headerWords, type ColumnRole } from '../columns';
import type { CompareDataPoint } from '../compare/types';
import { normaliseSsn } from '../compare/ssn';
import { normaliseText } from '../compare/text';
import { canonicalCoverage, canonicalTier, isKnownLine } from './coverage';

/**
 * Which column of each side holds what an invoice reconciliation reads. The data points decide
 * where they name a column (the identifier, the premium pair, coverage, tier, plan, names); the
 * rest is told from the headers: coverage dates on the enrollment, billing periods and adjustment
 * reasons on the invoice. A sub-table of the invoice (its adjustments section) may carry its own
 * header row, so a layout is built from any row of column names.
 */
export type Field = 'first' | 'last' | 'full' | 'coverage' | 'plan' | 'tier' | 'tier_alt' | 'amount' | 'effective' | 'term' | 'period' | 'period_from' | 'period_to' | 'adjustment' | 'invoice_number' | 'invoice_date';

export interface Layout {
  /** Member identifier columns (several make a composite identifier), with how to read each. */
  ids: { index: number; ssn: boolean }[];
  at: Partial<Record<Field, number>>;
}

/** What the data points name on one side: column names by field. */
export interface SideNames {
  ids: { name: string; ssn: boolean }[];
  named: Partial<Record<Field, string>>;
}

const words = (name: string) => ` ${headerWords(name)} `;
const has = (name: string, ...terms: string[]) => terms.some((t) => words(name).includes(` ${t} `));

/** Header rules for the fields the platform's column roles do not cover. */
function fieldOfHeader(name: string, role: ColumnRole | null): Field | null {
  const exact = headerWords(name);
  if (role === 'term_date') return 'term';
  if (role === null || role === 'money') {
    if (exact === 'invoice' || has(name, 'invoice number', 'invoice no', 'invoice num', 'bill number', 'statement number')) return 'invoice_number';
  }
  if (has(name, 'invoice date', 'statement date', 'bill date', 'billing date')) return 'invoice_date';
  // Plan and coverage headers say 'description' or 'type' too ('Plan Description', 'Coverage Type').
  if (role !== null) return null;
  if (has(name, 'period from', 'period start', 'from date', 'from', 'coverage from', 'period begin', 'begin date', 'adjustment from')) return 'period_from';
  if (has(name, 'period to', 'period end', 'to date', 'to', 'thru', 'through', 'coverage to', 'period through', 'adjustment to')) return 'period_to';
  if (has(name, 'coverage period', 'billing period', 'period', 'coverage month', 'billing month', 'bill month', 'premium month', 'service period', 'month', 'coverage dates', 'adjustment period'))
    return 'period';
  if (has(name, 'adjustment type', 'adjustment reason', 'adjustment', 'transaction type', 'transaction', 'activity', 'change type', 'reason', 'description', 'type', 'adjustment code'))
    return 'adjustment';
  if (has(name, 'effective date', 'effective', 'coverage start', 'start date', 'coverage effective', 'begin', 'benefit begin', 'coverage begin', 'enrollment date')) return 'effective';
  return null;
}

/** The field a header names by itself (no data point involved). */
export function headerField(name: string): Field | null {
  const role = columnRole(name);
  const special = fieldOfHeader(name, role);
  if (special) return special;
  switch (role) {
    case 'first_name':
      return 'first';
    case 'last_name':
      return 'last';
    case 'full_name':
      return 'full';
    case 'benefit_type':
      return 'coverage';
    case 'plan':
      return 'plan';
    case 'coverage_tier':
      return 'tier';
    case 'money':
      return 'amount';
    default:
      return null;
  }
}

/** Money headers in order of how surely they hold the billed or expected premium. */
const AMOUNT_PREFERENCE = ['current premium', 'total premium', 'monthly premium', 'premium', 'billed amount', 'amount billed', 'billed', 'current charges', 'charges', 'charge', 'amount due', 'amount', 'total', 'cost', 'rate'];
const amountScore = (name: string) => {
  const i = AMOUNT_PREFERENCE.findIndex((t) => has(name, t));
  const employeeShare = has(name, 'employee', 'ee', 'employer', 'er', 'contribution', 'deduction', 'volume') ? 100 : 0;
  return (i < 0 ? AMOUNT_PREFERENCE.length : i) + employeeShare;
};

/** The layout of a row of column names, the data points' names taking precedence over header rules. */
export function layoutOf(columns: readonly string[], names: SideNames): Layout {
  const lower = columns.map((c) => c.trim().toLowerCase());
  const indexOf = (name: string | undefined) => (name ? lower.indexOf(name.trim().toLowerCase()) : -1);
  const at: Partial<Record<Field, number>> = {};
  const taken = new Set<number>();
  const ids: Layout['ids'] = [];
  for (const id of names.ids) {
    const i = indexOf(id.name);
    if (i >= 0) {
      ids.push({ index: i, ssn: id.ssn });
      taken.add(i);
    }
  }
  for (const [field, name] of Object.entries(names.named) as [Field, string][]) {
    const i = indexOf(name);
    if (i >= 0 && !taken.has(i)) {
      at[field] = i;
      taken.add(i);
    }
  }
  const amounts: number[] = [];
  columns.forEach((name, i) => {
    if (taken.has(i)) return;
    let field = headerField(name);
    // A bare 'Coverage' beside a tier column names the coverage line ('Dental'), not the tier.
    if (field === 'tier' && headerWords(name) === 'coverage' && at.coverage === undefined && columns.some((other, j) => j !== i && headerField(other) === 'tier'))
      field = 'coverage';
    if (!field) return;
    if (field === 'amount') amounts.push(i);
    else if (at[field] === undefined) at[field] = i;
    // A second tier column is kept in case the first turns out to hold coverage lines.
    else if (field === 'tier' && at.tier_alt === undefined) at.tier_alt = i;
  });
  if (at.amount === undefined && amounts.length) at.amount = amounts.sort((a, b) => amountScore(columns[a]!) - amountScore(columns[b]!))[0];
  // A sub-table without the identifier's own header still names its SSN or member id column.
  if (ids.length === 0 && names.ids.length) {
    columns.forEach((name, i) => {
      const role = columnRole(name);
      if ((role === 'ssn' || role === 'subscriber_ssn') && ids.length === 0) ids.push({ index: i, ssn: /ssn|social/i.test(name) });
    });
  }
  return { ids, at };
}

/** Vocabulary roles: an identifier data point of one of these names the coverage line, not the member. */
const LINE_ROLES: ReadonlySet<ColumnRole> = new Set(['benefit_type', 'plan', 'coverage_tier']);
const NAME_ROLES: ReadonlySet<ColumnRole> = new Set(['first_name', 'last_name', 'full_name']);

export interface DataPointNames {
  baseline: SideNames;
  secondary: SideNames;
  premium: CompareDataPoint | null;
  coverage: CompareDataPoint | null;
}

/** What the data points say about each side's columns. */
export function namesFromDataPoints(dataPoints: readonly CompareDataPoint[]): DataPointNames {
  const baseline: SideNames = { ids: [], named: {} };
  const secondary: SideNames = { ids: [], named: {} };
  let premium: CompareDataPoint | null = null;
  let coverage: CompareDataPoint | null = null;
  for (const dp of dataPoints) {
    const role = columnRole(dp.baseline_column_name) ?? columnRole(dp.secondary_column_name);
    // Names in an identifier are matched as names ('ABLE, ANN' with Ann / Able), not as text.
    if (dp.is_unique_identifier && !(role && (LINE_ROLES.has(role) || NAME_ROLES.has(role)))) {
      const ssn = role === 'ssn' || role === 'subscriber_ssn';
      baseline.ids.push({ name: dp.baseline_column_name, ssn });
      secondary.ids.push({ name: dp.secondary_column_name, ssn });
      continue;
    }
    const isMoney = role === 'money' || (dp.discrepancy_function != null && role !== 'benefit_amount');
    if (isMoney) {
      // The premium pair: the first money pair, or a later one whose headers say premium.
      if (!premium || (has(dp.secondary_column_name, 'premium') && !has(premium.secondary_column_name, 'premium'))) premium = dp;
      continue;
    }
    // Each side's header says what it holds ('Last Name' may pair with 'Member Name'); a side the
    // rules cannot read takes the other side's meaning.
    // A bare 'Coverage' paired with a benefit type is the coverage line too.
    const bare = (name: string) => headerWords(name) === 'coverage';
    let bField = headerField(dp.baseline_column_name);
    let sField = headerField(dp.secondary_column_name);
    if (sField === 'tier' && bField === 'coverage' && bare(dp.secondary_column_name)) sField = 'coverage';
    if (bField === 'tier' && sField === 'coverage' && bare(dp.baseline_column_name)) bField = 'coverage';
    const bSet = bField ?? sField;
    const sSet = sField ?? bField;
    if (bSet && bSet !== 'amount' && baseline.named[bSet] === undefined) baseline.named[bSet] = dp.baseline_column_name;
    if (sSet && sSet !== 'amount' && secondary.named[sSet] === undefined) secondary.named[sSet] = dp.secondary_column_name;
    if (bSet === 'coverage' || sSet === 'coverage' || ((bSet === 'plan' || sSet === 'plan') && !coverage)) coverage = dp;
  }
  if (premium) {
    baseline.named.amount = premium.baseline_column_name;
    secondary.named.amount = premium.secondary_column_name;
  }
  return { baseline, secondary, premium, coverage };
}

/** A cell of a row by column index, trimmed; '' when the layout has no such column. */
export const cellAt = (row: readonly string[], index: number | undefined) => (index === undefined || index < 0 ? '' : (row[index] ?? '').trim());

/** What a row says about its coverage line, plan and tier, in its own words and canonical. */
export interface CoverageCells {
  coverage: string;
  coverageText: string;
  plan: string;
  tier: string;
  tierText: string;
}

export function coverageOfRow(row: readonly string[], layout: Layout): CoverageCells {
  let coverageText = cellAt(row, layout.at.coverage);
  let tierText = cellAt(row, layout.at.tier);
  // A column taken for the tier that holds coverage lines ('Coverage': MED, DEN) is the line.
  if (!coverageText && isKnownLine(tierText) && canonicalTier(tierText) === normaliseText(tierText)) {
    coverageText = tierText;
    tierText = cellAt(row, layout.at.tier_alt);
  }
  coverageText ||= cellAt(row, layout.at.plan);
  return { coverage: canonicalCoverage(coverageText), coverageText, plan: cellAt(row, layout.at.plan), tier: canonicalTier(tierText), tierText };
}

/** The member a row names by its identifier columns, as compared (SSNs as nine digits) and as written; '' unless every part is there. */
export function memberIdOfRow(row: readonly string[], layout: Layout): { id: string; text: string } {
  const parts: string[] = [];
  const texts: string[] = [];
  for (const { index, ssn } of layout.ids) {
    const raw = cellAt(row, index);
    if (raw === '') continue;
    texts.push(raw);
    parts.push(ssn ? normaliseSsn(raw) : normaliseText(raw));
  }
  return { id: parts.length === layout.ids.length && parts.every(Boolean) ? parts.join('|') : '', text: texts.join(' ') };
}
