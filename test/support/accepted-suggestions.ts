import { detectDateFormat, isDateColumnName, suggestCompositeIdentifier, suggestDataPoints, type CompareConfig, type CompareDataPoint, type ValueMapping } from '../../shared/compare';
import { VALUE_MAPPINGS, comparisonConfig } from '../fixtures/generator/comparison-config';

/**
 * A comparison configured as a user does who accepts the Select data points page as offered: the
 * suggested pairs and identifier, the detected date formats, and then, on the Map data page, the
 * value mappings of the carrier's vocabulary (its codes, or the 834 reader's words) and the premium
 * calculation. Nothing is chosen by knowing where the injected differences are.
 */
export interface SuggestionAnswer {
  suggestions: Array<{ baseline_column_name: string; secondary_column_name: string; suggested_unique_identifier: boolean }>;
  /** Per side, the detected format of each date column (the API's date_columns). */
  date_columns: { baseline: Array<{ column_name: string; date_format: string | null }>; secondary: Array<{ column_name: string; date_format: string | null }> };
}

/** The carrier's vocabulary as the user maps it, by baseline column: the codes of the generated carrier table. */
export const TABLE_VALUE_MAPPINGS: Readonly<Record<string, ValueMapping>> = Object.fromEntries(
  comparisonConfig()
    .data_points.filter((p) => p.data_mapping)
    .map((p) => [p.baseline_column_name, p.data_mapping!]),
);

/** The same carrier's vocabulary once the 834 reader has turned its codes into words. */
export const X12_VALUE_MAPPINGS: Readonly<Record<string, ValueMapping>> = {
  'Benefit Type': { fields: [{ source: 'GROUP_LIFE_ONLY', target: 'VOLUNTARY_LIFE_ONLY' }] },
  'Coverage Tier': { fields: [{ source: 'Employee + Children', target: 'Employee + Child(ren)' }] },
  'Plan Name': VALUE_MAPPINGS.plan_name,
};

const CALCULATIONS: Readonly<Record<string, CompareDataPoint['discrepancy_function']>> = Object.fromEntries(
  comparisonConfig()
    .data_points.filter((p) => p.discrepancy_function)
    .map((p) => [p.baseline_column_name, p.discrepancy_function]),
);

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '_');

export function acceptSuggestions(answer: SuggestionAnswer, valueMappings: Readonly<Record<string, ValueMapping>>): CompareConfig {
  const formatOf = (side: 'baseline' | 'secondary', column: string) => answer.date_columns[side].find((d) => d.column_name === column)?.date_format ?? undefined;
  return {
    data_points: answer.suggestions.map((s) => {
      const baseline = formatOf('baseline', s.baseline_column_name);
      const secondary = formatOf('secondary', s.secondary_column_name);
      const mapping = valueMappings[s.baseline_column_name];
      const calculation = CALCULATIONS[s.baseline_column_name];
      return {
        id: slug(s.baseline_column_name),
        baseline_column_name: s.baseline_column_name,
        secondary_column_name: s.secondary_column_name,
        is_unique_identifier: s.suggested_unique_identifier,
        ...(baseline || secondary ? { date_format: { baseline, secondary } } : {}),
        ...(mapping ? { data_mapping: mapping } : {}),
        ...(calculation ? { discrepancy_function: calculation } : {}),
      } as CompareDataPoint;
    }),
  };
}

/**
 * What the API's suggestions answer holds, computed in process as the API does: from the first rows
 * of each table, with each column's count of filled cells over the whole file.
 */
export function suggestionsInProcess(baseline: { columns: string[]; rows: string[][] }, secondary: { columns: string[]; rows: string[][] }, sampleRows = 200): SuggestionAnswer {
  const sample = (t: { columns: string[]; rows: string[][] }) => ({ columns: t.columns, rows: t.rows.slice(0, sampleRows) });
  const b = sample(baseline);
  const s = sample(secondary);
  const dates = (t: { columns: string[]; rows: string[][] }) =>
    t.columns.flatMap((name, i) => (isDateColumnName(name) ? [{ column_name: name, date_format: detectDateFormat(t.rows.map((r) => r[i] ?? '').filter((v) => v.trim() !== ''), 0.5) as string | null }] : []));
  const filled = (t: { columns: string[]; rows: string[][] }) => t.columns.map((_, i) => t.rows.reduce((n, r) => n + ((r[i] ?? '').trim() === '' ? 0 : 1), 0));
  const suggestions = suggestDataPoints(b.columns, s.columns, { baseline: filled(baseline), secondary: filled(secondary) });
  return { suggestions: suggestCompositeIdentifier(suggestions, { baseline: b, secondary: s }), date_columns: { baseline: dates(b), secondary: dates(s) } };
}
