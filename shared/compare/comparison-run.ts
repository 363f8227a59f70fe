import { columnRole } from '../columns';
import { CompositeIndex } from './composite-index';
import { resolveDataPoints, type Normalised, type ResolvedDataPoint } from './resolve-data-points';
import { cellText, rowText, unpackRow } from './rows';
import { suggestType } from './suggested-type';
import { collapseWhitespace } from './text';
import type {
  CompareConfig,
  ComparisonResult,
  DataPointDiscrepancyRecord,
  MissingDiscrepancyRecord,
  PackedRows,
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

/** Whether `n` characters of `a` from `aFrom` are those of `b` from `bFrom`, without cutting either out. */
function sameRange(a: string, aFrom: number, b: string, bFrom: number, n: number): boolean {
  for (let i = 0; i < n; i++) if (a.charCodeAt(aFrom + i) !== b.charCodeAt(bFrom + i)) return false;
  return true;
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
   * Baseline rows as text: each row's needed cells end to end in one string (a row handed over as
   * an array), or a packed batch's string as it came (many rows). `baselineChunk` says which string
   * holds a row, `baselineStarts` / `baselineEnds` where each needed cell starts and ends in it
   * (row-major, `keptColumns.length` a row). One string a row or a batch instead of an array and a
   * string a cell: a million rows are at most a million objects to keep, not twenty million, which
   * is what the garbage collector's time grows with. Row-major on purpose: secondary rows arrive in
   * another order, and one row's cells side by side cost one cache miss, not one per column.
   */
  private readonly baselineText: string[] = [];
  private baselineChunk = new Int32Array(1 << 12);
  private baselineStarts = new Uint32Array(1 << 16);
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
  /** A deferred carrier row: the row, or the packed batch holding it and its place there. */
  private readonly batchRows: (Row | null)[] = [];
  private readonly batchPacked: (PackedRows | null)[] = [];
  private readonly batchPackedRow = new Int32Array(BATCH);
  private readonly batchSecondary = new Int32Array(BATCH);
  private readonly batchOrder = new Float64Array(BATCH);
  private readonly missing: MissingDiscrepancyRecord[] = [];
  private readonly baselineDuplicates: MissingDiscrepancyRecord[] = [];
  private readonly blankBaseline: number[] = [];
  private readonly blankSecondary: number[] = [];
  private readonly relationshipMapper: ((raw: string) => string) | null;
  private readonly baselineWidth: number;
  private readonly secondaryWidth: number;

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
    this.baselineWidth = baselineColumns.length;
    this.secondaryWidth = secondaryColumns.length;
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

  /** Room for the baseline rows up to `index` in the typed arrays, which grow by doubling. */
  private reserveBaseline(index: number): void {
    if (index >= this.baselineChunk.length) {
      const chunks = new Int32Array(Math.max(this.baselineChunk.length * 2, index + 1));
      chunks.set(this.baselineChunk);
      this.baselineChunk = chunks;
    }
    const need = (index + 1) * this.keptColumns.length;
    if (need > this.baselineEnds.length) {
      const size = Math.max(this.baselineEnds.length * 2, need);
      const starts = new Uint32Array(size);
      starts.set(this.baselineStarts);
      this.baselineStarts = starts;
      const ends = new Uint32Array(size);
      ends.set(this.baselineEnds);
      this.baselineEnds = ends;
    }
  }

  addBaseline(row: Row): void {
    const index = this.baselineCount++;
    this.reserveBaseline(index);
    const columns = this.keptColumns;
    const width = columns.length;
    const kept = this.keptCells;
    const at = index * width;
    let end = 0;
    for (let c = 0; c < width; c++) {
      const cell = cellText(row, columns[c]!);
      kept[c] = cell;
      this.baselineStarts[at + c] = end;
      end += cell.length;
      this.baselineEnds[at + c] = end;
    }
    // join makes one flat copy, so the row keeps none of the reader's strings alive.
    this.baselineChunk[index] = this.baselineText.length;
    this.baselineText.push(kept.join(''));
    this.indexBaseline(index, this.baselineKey(kept));
  }

  /** The baseline rows of a packed batch; the batch's string is kept as it is, not copied. */
  addBaselinePacked(batch: PackedRows): void {
    const { text, ends, count } = batch;
    const chunk = this.baselineText.length;
    this.baselineText.push(text);
    const columns = this.keptColumns;
    const width = columns.length;
    const fileWidth = this.baselineWidth;
    const keyParts = this.keyParts;
    this.reserveBaseline(this.baselineCount + count - 1);
    for (let r = 0; r < count; r++) {
      const index = this.baselineCount++;
      this.baselineChunk[index] = chunk;
      const at = index * width;
      const rowAt = r * fileWidth;
      for (let c = 0; c < width; c++) {
        const k = rowAt + columns[c]!;
        this.baselineStarts[at + c] = k === 0 ? 0 : ends[k - 1]!;
        this.baselineEnds[at + c] = ends[k]!;
      }
      let keyed = true;
      for (let i = 0; i < keyParts.length; i++) {
        const slot = at + this.keyPartSlots[i]!;
        const part = keyParts[i]!.normaliseBaseline(text.slice(this.baselineStarts[slot]!, this.baselineEnds[slot]!));
        if (part === '') {
          keyed = false;
          break;
        }
        this.parts[i] = part;
      }
      this.indexBaseline(index, keyed);
    }
  }

  /** Puts the baseline row `index`, whose key is in `parts` unless a part is blank, in the key index. */
  private indexBaseline(index: number, keyed: boolean): void {
    if (!keyed) {
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
    const baselineIndex = this.matchSecondary(index, row, null, 0);
    if (baselineIndex !== NO_MATCH) this.defer(baselineIndex, row, null, 0, index);
  }

  /** The carrier rows of a packed batch; a row is cut out into cells only when a finding shows it. */
  addSecondaryPacked(batch: PackedRows): void {
    const { text, ends, count } = batch;
    const keyParts = this.keyParts;
    const fileWidth = this.secondaryWidth;
    for (let r = 0; r < count; r++) {
      const index = this.secondaryCount++;
      const rowAt = r * fileWidth;
      let keyed = true;
      for (let i = 0; i < keyParts.length; i++) {
        const p = keyParts[i]!;
        const k = rowAt + p.secondaryIndex;
        const part = p.normaliseSecondary(text.slice(k === 0 ? 0 : ends[k - 1]!, ends[k]!));
        if (part === '') {
          keyed = false;
          break;
        }
        this.parts[i] = part;
      }
      if (!keyed) {
        this.blankSecondary.push(index);
        continue;
      }
      const baselineIndex = this.matchSecondary(index, null, batch, r);
      if (baselineIndex !== NO_MATCH) this.defer(baselineIndex, null, batch, r, index);
    }
  }

  /**
   * Joins the carrier row `index` (key in `parts`): the baseline row to compare it with, or NO_MATCH
   * after recording it as a duplicate or as missing from the baseline.
   */
  private matchSecondary(index: number, row: Row | null, packed: PackedRows | null, r: number): number {
    const baselineIndex = this.keyIndex.get(this.parts);
    if (baselineIndex !== undefined) {
      const earlier = this.matchedSecondary[baselineIndex]!;
      if (earlier === NO_MATCH) {
        this.matchedSecondary[baselineIndex] = index;
        this.matchedCount++;
        return baselineIndex;
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
      return NO_MATCH;
    }
    const earlier = this.onlySecondaryKeys.addIfAbsent(this.parts, index);
    this.missing.push({
      kind: earlier === undefined ? 'MISSING_IN_BASELINE' : 'DUPLICATE',
      baseline_row_index: null,
      secondary_row_index: earlier ?? index,
      duplicate_identifier_row_index: earlier === undefined ? null : index,
      duplicate_side: earlier === undefined ? null : 'SECONDARY',
      ...this.secondaryPerson(row ?? unpackRow(packed!, r, this.secondaryWidth)),
    });
    return NO_MATCH;
  }

  /**
   * Matched rows are compared in batches, in baseline order: the carrier's rows come in another
   * order, and reading the baseline rows they match in ascending order keeps memory reads close
   * together instead of jumping across the whole baseline for every row.
   */
  private defer(baselineIndex: number, row: Row | null, packed: PackedRows | null, r: number, secondaryIndex: number): void {
    const at = this.batchRows.length;
    this.batchRows.push(row);
    this.batchPacked.push(packed);
    this.batchPackedRow[at] = r;
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
      this.compareRow((key - at) / BATCH, this.batchRows[at]!, this.batchPacked[at]!, this.batchPackedRow[at]!, this.batchSecondary[at]!);
    }
    this.batchRows.length = 0;
    this.batchPacked.length = 0;
  }

  private compareRow(baselineIndex: number, row: Row | null, packed: PackedRows | null, r: number, secondaryIndex: number): void {
    let person: PersonFields | null = null;
    const compared = this.compared;
    const slots = this.comparedSlots;
    const text = this.baselineText[this.baselineChunk[baselineIndex]!]!;
    const starts = this.baselineStarts;
    const ends = this.baselineEnds;
    const at = baselineIndex * this.keptColumns.length;
    const rowAt = r * this.secondaryWidth;
    for (let i = 0; i < compared.length; i++) {
      const p = compared[i]!;
      const slot = slots[i]!;
      const start = starts[at + slot]!;
      const end = ends[at + slot]!;
      let secondaryValue: string;
      // The same text as the baseline cell, read in place without cutting the cell out first.
      if (packed === null) {
        secondaryValue = cellText(row!, p.secondaryIndex);
        if (p.mapSecondary === null && secondaryValue.length === end - start && text.startsWith(secondaryValue, start)) continue;
      } else {
        const k = rowAt + p.secondaryIndex;
        const from = k === 0 ? 0 : packed.ends[k - 1]!;
        const to = packed.ends[k]!;
        if (p.mapSecondary === null && to - from === end - start && sameRange(text, start, packed.text, from, end - start)) continue;
        secondaryValue = packed.text.slice(from, to);
      }
      const baselineValue = text.slice(start, end);
      if (p.equals(baselineValue, secondaryValue)) continue;
      const b = p.normaliseBaseline(baselineValue);
      const s = p.normaliseSecondary(secondaryValue);
      person ??= this.matchedPerson(baselineIndex, row ?? unpackRow(packed!, r, this.secondaryWidth));
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
    const at = index * this.keptColumns.length + this.slotOf.get(column)!;
    return this.baselineText[this.baselineChunk[index]!]!.slice(this.baselineStarts[at]!, this.baselineEnds[at]!);
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
