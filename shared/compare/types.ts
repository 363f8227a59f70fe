import { z } from 'zod';
import { CALCULATION_OPERATION_LABELS, type CalculationOperationLabel } from '../calculations';
import type { DiscrepancyType } from '../discrepancies';
import { DATE_FORMATS } from '../dates';

export const VALUE_KINDS = ['ssn', 'date', 'number', 'text'] as const;
export type ValueKind = (typeof VALUE_KINDS)[number];

/**
 * SPEC §9 data-mapping calculation operations, by label: the list is `CalculationOperation` of
 * shared/calculations.ts, kept under this name for the schemas that import it.
 */
export const DISCREPANCY_FUNCTIONS = CALCULATION_OPERATION_LABELS;
export type DiscrepancyFunction = CalculationOperationLabel;

/** Compiles only when every member is a `DiscrepancyType`. */
type DiscrepancyTypes<T extends DiscrepancyType> = T;

/** The SPEC §4 discrepancy types (shared/discrepancies.ts) the engine can tell from a difference on its own. */
export type SuggestedType = DiscrepancyTypes<
  'ROUNDING' | 'COST' | 'COVERAGE_TIER' | 'NAME_MISMATCH' | 'DOB_MISMATCH' | 'GENDER_MISMATCH' | 'TERM' | 'WRONG_PLAN' | 'BENEFIT_AMOUNT'
>;

const dateFormat = z.enum(DATE_FORMATS);

export const valueMappingSchema = z.object({
  fields: z.array(z.object({ source: z.string(), target: z.string() })),
});
export type ValueMapping = z.infer<typeof valueMappingSchema>;

export const compareDataPointSchema = z.object({
  id: z.string().min(1),
  baseline_column_name: z.string().min(1),
  secondary_column_name: z.string().min(1),
  is_unique_identifier: z.boolean(),
  /** One format for both columns, or one per side; a side without one is detected from its values. */
  date_format: z
    .union([dateFormat, z.object({ baseline: dateFormat.optional(), secondary: dateFormat.optional() })])
    .nullish(),
  discrepancy_function: z.enum(DISCREPANCY_FUNCTIONS).nullish(),
  /** Translates the secondary file's values into the baseline's vocabulary. */
  data_mapping: valueMappingSchema.nullish(),
  /** Overrides the inferred value kind. */
  value_kind: z.enum(VALUE_KINDS).nullish(),
  case_sensitive: z.boolean().optional(),
  /** Numbers whose difference is at most this are equal (default 0). */
  tolerance: z.number().nonnegative().optional(),
});
export type CompareDataPoint = z.infer<typeof compareDataPointSchema>;

export const compareConfigSchema = z
  .object({ data_points: z.array(compareDataPointSchema).min(1) })
  .refine((c) => c.data_points.some((d) => d.is_unique_identifier), {
    message: 'At least one data point must be a unique identifier',
  });
export type CompareConfig = z.infer<typeof compareConfigSchema>;

export type Cell = string | number | null | undefined;
export type Row = readonly Cell[];

/** One side's file: its header and its rows (all in memory, or streamed). */
export interface Table {
  columns: readonly string[];
  rows: Iterable<Row> | AsyncIterable<Row>;
  /**
   * The same rows in the batches a reader produces them in, when it does: the comparison then
   * waits once per batch instead of once per row. `rows` is not read when this is given.
   */
  batches?: AsyncIterable<readonly Row[]>;
  /**
   * The same rows packed, when the reader can hand them over so (a worker thread posting a batch
   * as one string): the comparison then cuts out only the cells it reads, when it reads them,
   * instead of an array and a string for every cell of every row. Read instead of `batches`.
   */
  packed?: AsyncIterable<PackedRows>;
}

/**
 * Rows packed end to end: every cell of row r (as text; `columns.length` of them, short rows padded
 * with empty cells) in `text`, cell c of row r ending at `ends[r * columns.length + c]` and starting
 * where the cell before it ends (0 for the first).
 */
export interface PackedRows {
  text: string;
  ends: Uint32Array;
  count: number;
}
export interface SyncTable extends Table {
  rows: Iterable<Row>;
}

export interface PersonFields {
  unique_identifier: string;
  first_name: string | null;
  last_name: string | null;
  full_name: string | null;
  relationship: string | null;
}

export interface DataPointDiscrepancyRecord extends PersonFields {
  data_point_id: string;
  baseline_row_index: number;
  secondary_row_index: number;
  baseline_value: string;
  secondary_value: string;
  discrepancy_function_result: number | null;
  suggested_type: SuggestedType | null;
}

export type MissingKind = 'MISSING_IN_SECONDARY' | 'MISSING_IN_BASELINE' | 'DUPLICATE';

export interface MissingDiscrepancyRecord extends PersonFields {
  kind: MissingKind;
  baseline_row_index: number | null;
  secondary_row_index: number | null;
  /** For DUPLICATE: the repeated row; the first row with the identifier is in baseline_/secondary_row_index. */
  duplicate_identifier_row_index: number | null;
  duplicate_side: 'BASELINE' | 'SECONDARY' | null;
}

export interface ResolvedDataPointInfo {
  id: string;
  value_kind: ValueKind;
  baseline_date_format: string | null;
  secondary_date_format: string | null;
}

export interface ComparisonSummary {
  baseline_rows: number;
  secondary_rows: number;
  matched_rows: number;
  missing_in_secondary: number;
  missing_in_baseline: number;
  duplicates_in_baseline: number;
  duplicates_in_secondary: number;
  blank_identifier_baseline: number;
  blank_identifier_secondary: number;
  discrepancies: number;
  discrepancies_by_data_point: Record<string, number>;
  /** Keyed by suggested type, 'UNCLASSIFIED' when none could be told. */
  discrepancies_by_type: Record<string, number>;
}

export interface ComparisonResult {
  discrepancies: DataPointDiscrepancyRecord[];
  missing: MissingDiscrepancyRecord[];
  blank_identifiers: { baseline: number[]; secondary: number[] };
  summary: ComparisonSummary;
  data_points: ResolvedDataPointInfo[];
}
