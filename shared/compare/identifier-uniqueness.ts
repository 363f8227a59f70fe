import { resolveDataPoints, type ResolvedDataPoint } from './resolve-data-points';
import { cellText, rowText } from './rows';
import type { CompareConfig, Row, SyncTable } from './types';

export interface RepeatedIdentifier {
  /** Readable: the normalised parts joined with '|', e.g. '123456789|MEDICAL'. */
  unique_identifier: string;
  row_indexes: number[];
}

export interface SideUniqueness {
  unique: boolean;
  repeated: RepeatedIdentifier[];
  blank_row_indexes: number[];
}

export interface IdentifierUniqueness {
  baseline: SideUniqueness;
  secondary: SideUniqueness;
}

const SAMPLE_ROWS = 2000;

function checkSide(rows: readonly Row[], identifiers: ResolvedDataPoint[], side: 'baseline' | 'secondary'): SideUniqueness {
  const firstRow = new Map<string, number>();
  const repeatedByKey = new Map<string, number[]>();
  const blank: number[] = [];
  rows.forEach((row, index) => {
    let key = '';
    for (const p of identifiers) {
      const raw = cellText(row, side === 'baseline' ? p.baselineIndex : p.secondaryIndex);
      const part = side === 'baseline' ? p.normaliseBaseline(raw) : p.normaliseSecondary(raw);
      if (part === '') {
        blank.push(index);
        return;
      }
      key += '\u001f' + part;
    }
    const first = firstRow.get(key);
    if (first === undefined) firstRow.set(key, index);
    else (repeatedByKey.get(key) ?? repeatedByKey.set(key, [first]).get(key)!).push(index);
  });
  const repeated = [...repeatedByKey.values()].map((indexes) => {
    const row = rows[indexes[0]!]!;
    const unique_identifier = identifiers
      .map((p) =>
        side === 'baseline' ? p.displayBaseline(cellText(row, p.baselineIndex)) : p.displaySecondary(cellText(row, p.secondaryIndex)),
      )
      .join('|');
    return { unique_identifier, row_indexes: indexes };
  });
  return { unique: repeated.length === 0, repeated, blank_row_indexes: blank };
}

/**
 * For the Select data points page: whether the chosen identifier (all identifier data points
 * together, normalised and mapped exactly as the comparison will) is unique on each side, and
 * which values repeat.
 */
export function checkIdentifierUniqueness(
  tables: { baseline: SyncTable; secondary: SyncTable },
  config: CompareConfig,
): IdentifierUniqueness {
  const baselineRows = [...tables.baseline.rows];
  const secondaryRows = [...tables.secondary.rows];
  const identifiers = resolveDataPoints({
    dataPoints: config.data_points.filter((d) => d.is_unique_identifier),
    baselineColumns: tables.baseline.columns,
    secondaryColumns: tables.secondary.columns,
    baselineSample: baselineRows.slice(0, SAMPLE_ROWS).map(rowText),
    secondarySample: secondaryRows.slice(0, SAMPLE_ROWS).map(rowText),
  });
  return {
    baseline: checkSide(baselineRows, identifiers, 'baseline'),
    secondary: checkSide(secondaryRows, identifiers, 'secondary'),
  };
}
