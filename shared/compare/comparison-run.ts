import { columnRole } from '../columns';
import { CompositeIndex } from './composite-index';
import { resolveDataPoints, type Normalised, type ResolvedDataPoint } from './resolve-data-points';
import { cellText, rowText } from './rows';
import { suggestType } from './suggested-type';
import { collapseWhitespace } from './text';
import type {
  CompareConfig,
  ComparisonResult,
  DataPointDiscrepancyRecord,
  MissingDiscrepancyRecord,
  PersonFields,
  Row,
} from './types';

interface PersonColumns {
  first: number;
  last: number;
  full: number;
  relationship: number;
}

function personColumns(columns: readonly string[]): PersonColumns {
  const find = (role: string) => columns.findIndex((c) => columnRole(c) === role);
  return { first: find('first_name'), last: find('last_name'), full: find('full_name'), relationship: find('relationship') };
}

const NO_MATCH = -1;
/** Matched carrier rows compared together in baseline order (see defer). */
const BATCH = 32_768;

/** Identifier data points ordered by how many distinct values the samples show, fewest first. */
function keyOrder(points: ResolvedDataPoint[], baselineSample: readonly Row[]): ResolvedDataPoint[] {
  const distinct = (p: ResolvedDataPoint) => new Set(baselineSample.map((r) => p.normaliseBaseline(cellText(r, p.baselineIndex)))).size;
  return points.map((p) => ({ p, n: distinct(p) })).sort((a, b) => a.n - b.n).map((x) => x.p);
}

/**
 * One comparison: the baseline is loaded first (only the columns the comparison needs, as
 * column arrays), then secondary rows stream through one by one and are joined, compared and
 * dropped. Memory therefore grows with the baseline and the findings, not with the secondary file.
 */
export class ComparisonRun {
  private readonly points: ResolvedDataPoint[];
  private readonly identifiers: ResolvedDataPoint[];
  private readonly compared: ResolvedDataPoint[];
  private readonly basePeople: PersonColumns;
  private readonly secPeople: PersonColumns;
  /**
   * Baseline rows cut down to the columns the comparison needs, each row's cells end to end in one
   * string, and where each cell ends in `baselineEnds` (row-major, `keptColumns.length` a row). One
   * string a row instead of an array and a string a cell: a million rows are a million objects to
   * keep, not twenty million, which is what the garbage collector's time grows with. Row-major on
   * purpose: secondary rows arrive in another order, and one row's cells side by side cost one
   * cache miss, not one per column.
   */
  private readonly baselineText: string[] = [];
  private baselineEnds = new Uint32Array(1 << 16);
  private readonly keptCells: string[] = [];
  /** File column index → position in a kept baseline row. */
  private readonly slotOf = new Map<number, number>();
  private readonly keptColumns: number[] = [];
  private readonly comparedSlots: number[];
  /** Identifier data points in key-part order (see CompositeIndex). */
  private readonly keyParts: ResolvedDataPoint[];
  private readonly keyPartSlots: number[];
  private readonly parts: Normalised[];
  private readonly keyIndex: CompositeIndex;
  private readonly onlySecondaryKeys: CompositeIndex;
  /** Baseline rows that were the first with their key, in file order. */
  private readonly firstRows: number[] = [];
  private matchedSecondary = new Int32Array(0);
  private baselineCount = 0;
  private secondaryCount = 0;
  private matchedCount = 0;
  private readonly discrepancies: DataPointDiscrepancyRecord[] = [];
  private readonly batchRows: Row[] = [];
  private readonly batchSecondary = new Int32Array(BATCH);
  private readonly batchOrder = new Float64Array(BATCH);
  private readonly missing: MissingDiscrepancyRecord[] = [];
  private readonly baselineDuplicates: MissingDiscrepancyRecord[] = [];
  private readonly blankBaseline: number[] = [];
  private readonly blankSecondary: number[] = [];
  private readonly relationshipMapper: ((raw: string) => string) | null;

  constructor(
    config: CompareConfig,
    baselineColumns: readonly string[],
    secondaryColumns: readonly string[],
    baselineSample: readonly Row[],
    secondarySample: readonly Row[],
  ) {
    this.points = resolveDataPoints({
      dataPoints: config.data_points,
      baselineColumns,
      secondaryColumns,
      baselineSample: baselineSample.map(rowText),
      secondarySample: secondarySample.map(rowText),
    });
    this.identifiers = this.points.filter((p) => p.isIdentifier);
    if (this.identifiers.length === 0) throw new Error('At least one data point must be a unique identifier');
    this.compared = this.points.filter((p) => !p.isIdentifier);
    this.keyParts = keyOrder(this.identifiers, baselineSample);
    this.parts = new Array<Normalised>(this.keyParts.length).fill('');
    this.keyIndex = new CompositeIndex(this.keyParts.length);
    this.onlySecondaryKeys = new CompositeIndex(this.keyParts.length);
    this.basePeople = personColumns(baselineColumns);
    this.secPeople = personColumns(secondaryColumns);
    const keep = (index: number) => {
      if (index >= 0 && !this.slotOf.has(index)) {
        this.slotOf.set(index, this.keptColumns.length);
        this.keptColumns.push(index);
      }
    };
    for (const p of this.points) keep(p.baselineIndex);
    for (const index of Object.values(this.basePeople)) keep(index);
    this.comparedSlots = this.compared.map((p) => this.slotOf.get(p.baselineIndex)!);
    this.keyPartSlots = this.keyParts.map((p) => this.slotOf.get(p.baselineIndex)!);
    this.relationshipMapper =
      this.points.find((p) => p.secondaryIndex === this.secPeople.relationship && p.mapSecondary)?.mapSecondary ?? null;
  }

  /** Fills `parts` with the key of the baseline row whose kept cells are `cells`; false when a part is blank. */
  private baselineKey(cells: readonly string[]): boolean {
    for (let i = 0; i < this.keyParts.length; i++) {
      const part = this.keyParts[i]!.normaliseBaseline(cells[this.keyPartSlots[i]!]!);
      if (part === '') return false;
      this.parts[i] = part;
    }
    return true;
  }

  private secondaryKey(row: Row): boolean {
    for (let i = 0; i < this.keyParts.length; i++) {
      const p = this.keyParts[i]!;
      const part = p.normaliseSecondary(cellText(row, p.secondaryIndex));
      if (part === '') return false;
      this.parts[i] = part;
    }
    return true;
  }

  addBaseline(row: Row): void {
    const index = this.baselineCount++;
    const columns = this.keptColumns;
    const width = columns.length;
    const kept = this.keptCells;
    const at = index * width;
    if (at + width > this.baselineEnds.length) {
      const grown = new Uint32Array(Math.max(this.baselineEnds.length * 2, at + width));
      grown.set(this.baselineEnds);
      this.baselineEnds = grown;
    }
    let end = 0;
    for (let c = 0; c < width; c++) {
      const cell = cellText(row, columns[c]!);
      kept[c] = cell;
      end += cell.length;
      this.baselineEnds[at + c] = end;
    }
    // join makes one flat copy, so the row keeps none of the reader's strings alive.
    this.baselineText.push(kept.join(''));
    if (!this.baselineKey(kept)) {
      this.blankBaseline.push(index);
      return;
    }
    const first = this.keyIndex.addIfAbsent(this.parts, index);
    if (first === undefined) {
      this.firstRows.push(index);
      return;
    }
    this.baselineDuplicates.push({
      kind: 'DUPLICATE',
      baseline_row_index: first,
      secondary_row_index: null,
      duplicate_identifier_row_index: index,
      duplicate_side: 'BASELINE',
      ...this.baselinePerson(index),
    });
  }

  /** Called once, after the last baseline row. */
  endBaseline(): void {
    this.matchedSecondary = new Int32Array(this.baselineCount).fill(NO_MATCH);
  }

  addSecondary(row: Row): void {
    const index = this.secondaryCount++;
    if (!this.secondaryKey(row)) {
      this.blankSecondary.push(index);
      return;
    }
    const baselineIndex = this.keyIndex.get(this.parts);
    if (baselineIndex !== undefined) {
      const earlier = this.matchedSecondary[baselineIndex]!;
      if (earlier === NO_MATCH) {
        this.matchedSecondary[baselineIndex] = index;
        this.matchedCount++;
        this.defer(baselineIndex, row, index);
      } else {
        this.missing.push({
          kind: 'DUPLICATE',
          baseline_row_index: baselineIndex,
          secondary_row_index: earlier,
          duplicate_identifier_row_index: index,
          duplicate_side: 'SECONDARY',
          ...this.baselinePerson(baselineIndex),
        });
      }
      return;
    }
    const earlier = this.onlySecondaryKeys.addIfAbsent(this.parts, index);
    this.missing.push({
      kind: earlier === undefined ? 'MISSING_IN_BASELINE' : 'DUPLICATE',
      baseline_row_index: null,
      secondary_row_index: earlier ?? index,
      duplicate_identifier_row_index: earlier === undefined ? null : index,
      duplicate_side: earlier === undefined ? null : 'SECONDARY',
      ...this.secondaryPerson(row),
    });
  }

  /**
   * Matched rows are compared in batches, in baseline order: the carrier's rows come in another
   * order, and reading the baseline rows they match in ascending order keeps memory reads close
   * together instead of jumping across the whole baseline for every row.
   */
  private defer(baselineIndex: number, row: Row, secondaryIndex: number): void {
    const at = this.batchRows.length;
    this.batchRows.push(row);
    this.batchSecondary[at] = secondaryIndex;
    this.batchOrder[at] = baselineIndex * BATCH + at;
    if (at + 1 === BATCH) this.flushBatch();
  }

  private flushBatch(): void {
    const n = this.batchRows.length;
    if (n === 0) return;
    const order = this.batchOrder.subarray(0, n).sort();
    for (let i = 0; i < n; i++) {
      const key = order[i]!;
      const at = key % BATCH;
      this.compareRow((key - at) / BATCH, this.batchRows[at]!, this.batchSecondary[at]!);
    }
    this.batchRows.length = 0;
  }

  private compareRow(baselineIndex: number, row: Row, secondaryIndex: number): void {
    let person: PersonFields | null = null;
    const compared = this.compared;
    const slots = this.comparedSlots;
    const text = this.baselineText[baselineIndex]!;
    const ends = this.baselineEnds;
    const at = baselineIndex * this.keptColumns.length;
    for (let i = 0; i < compared.length; i++) {
      const p = compared[i]!;
      const slot = slots[i]!;
      const start = slot === 0 ? 0 : ends[at + slot - 1]!;
      const end = ends[at + slot]!;
      const secondaryValue = cellText(row, p.secondaryIndex);
      // The same text as the baseline cell, read in place without cutting the cell out first.
      if (p.mapSecondary === null && secondaryValue.length === end - start && text.startsWith(secondaryValue, start)) continue;
      const baselineValue = text.slice(start, end);
      if (p.equals(baselineValue, secondaryValue)) continue;
      const b = p.normaliseBaseline(baselineValue);
      const s = p.normaliseSecondary(secondaryValue);
      person ??= this.matchedPerson(baselineIndex, row);
      this.discrepancies.push({
        data_point_id: p.id,
        baseline_row_index: baselineIndex,
        secondary_row_index: secondaryIndex,
        baseline_value: baselineValue,
        secondary_value: secondaryValue,
        ...person,
        discrepancy_function_result: p.calculate ? p.calculate(baselineValue, secondaryValue) : null,
        suggested_type: suggestType(p.role, p.kind, b, s),
      });
    }
  }

  private baselineCell(column: number, index: number): string {
    if (column < 0) return '';
    const slot = this.slotOf.get(column)!;
    const at = index * this.keptColumns.length + slot;
    return this.baselineText[index]!.slice(slot === 0 ? 0 : this.baselineEnds[at - 1]!, this.baselineEnds[at]!);
  }

  private baselineIdentifier(index: number): string {
    return this.identifiers.map((p) => p.displayBaseline(this.baselineCell(p.baselineIndex, index))).join('|');
  }

  private secondaryIdentifier(row: Row): string {
    return this.identifiers.map((p) => p.displaySecondary(cellText(row, p.secondaryIndex))).join('|');
  }

  private people(
    unique_identifier: string,
    base: ((column: number) => string) | null,
    sec: ((column: number) => string) | null,
  ): PersonFields {
    const pick = (b: number, s: number, mapper: ((raw: string) => string) | null = null): string | null => {
      const fromBase = base && b >= 0 ? collapseWhitespace(base(b)) : '';
      if (fromBase !== '') return fromBase;
      let fromSec = sec && s >= 0 ? collapseWhitespace(sec(s)) : '';
      if (fromSec !== '' && mapper) fromSec = mapper(fromSec);
      return fromSec === '' ? null : fromSec;
    };
    const first_name = pick(this.basePeople.first, this.secPeople.first);
    const last_name = pick(this.basePeople.last, this.secPeople.last);
    const composed = [first_name, last_name].filter(Boolean).join(' ');
    return {
      unique_identifier,
      first_name,
      last_name,
      full_name: pick(this.basePeople.full, this.secPeople.full) ?? (composed === '' ? null : composed),
      relationship: pick(this.basePeople.relationship, this.secPeople.relationship, this.relationshipMapper),
    };
  }

  private baselinePerson(index: number): PersonFields {
    return this.people(this.baselineIdentifier(index), (c) => this.baselineCell(c, index), null);
  }

  private secondaryPerson(row: Row): PersonFields {
    return this.people(this.secondaryIdentifier(row), null, (c) => cellText(row, c));
  }

  private matchedPerson(index: number, row: Row): PersonFields {
    return this.people(this.baselineIdentifier(index), (c) => this.baselineCell(c, index), (c) => cellText(row, c));
  }

  finish(): ComparisonResult {
    this.flushBatch();
    // Back in carrier order, as the rows arrived (a row's data points stay in their order).
    this.discrepancies.sort((a, b) => a.secondary_row_index - b.secondary_row_index);
    const onlyInBaseline: MissingDiscrepancyRecord[] = [];
    for (const index of this.firstRows) {
      if (this.matchedSecondary[index] !== NO_MATCH) continue;
      onlyInBaseline.push({
        kind: 'MISSING_IN_SECONDARY',
        baseline_row_index: index,
        secondary_row_index: null,
        duplicate_identifier_row_index: null,
        duplicate_side: null,
        ...this.baselinePerson(index),
      });
    }
    for (const d of this.baselineDuplicates) {
      const matched = this.matchedSecondary[d.baseline_row_index!]!;
      d.secondary_row_index = matched === NO_MATCH ? null : matched;
    }
    const missing = [...onlyInBaseline, ...this.missing, ...this.baselineDuplicates];

    const byDataPoint: Record<string, number> = {};
    for (const p of this.compared) byDataPoint[p.id] = 0;
    const byType: Record<string, number> = {};
    for (const d of this.discrepancies) {
      byDataPoint[d.data_point_id] = (byDataPoint[d.data_point_id] ?? 0) + 1;
      const type = d.suggested_type ?? 'UNCLASSIFIED';
      byType[type] = (byType[type] ?? 0) + 1;
    }
    const count = (pred: (m: MissingDiscrepancyRecord) => boolean) => missing.filter(pred).length;
    return {
      discrepancies: this.discrepancies,
      missing,
      blank_identifiers: { baseline: this.blankBaseline, secondary: this.blankSecondary },
      summary: {
        baseline_rows: this.baselineCount,
        secondary_rows: this.secondaryCount,
        matched_rows: this.matchedCount,
        missing_in_secondary: onlyInBaseline.length,
        missing_in_baseline: count((m) => m.kind === 'MISSING_IN_BASELINE'),
        duplicates_in_baseline: this.baselineDuplicates.length,
        duplicates_in_secondary: count((m) => m.kind === 'DUPLICATE' && m.duplicate_side === 'SECONDARY'),
        blank_identifier_baseline: this.blankBaseline.length,
        blank_identifier_secondary: this.blankSecondary.length,
        discrepancies: this.discrepancies.length,
        discrepancies_by_data_point: byDataPoint,
        discrepancies_by_type: byType,
      },
      data_points: this.points.map((p) => ({
        id: p.id,
        value_kind: p.kind,
        baseline_date_format: p.baselineDateFormat,
        secondary_date_format: p.secondaryDateFormat,
      })),
    };
  }
}
