import { resolveDataPoints, type ResolvedDataPoint } from '../compare/resolve-data-points';
import { cellText, rowText } from '../compare/rows';
import { compareConfigSchema, type CompareConfig, type Row } from '../compare/types';

/**
 * Which shard a row belongs to: a hash of its identifier, normalised by the very functions the
 * engine joins with, so rows the engine would join (or call duplicates) always land in one shard.
 * The normalisers depend on the kinds and date formats read from the files' first rows, so every
 * shard is cut and compared with the samples of the whole files.
 */
export interface ShardSamples {
  baseline: Row[];
  secondary: Row[];
}

export interface ShardKeys {
  count: number;
  baseline: (row: Row) => number;
  secondary: (row: Row) => number;
}

/** FNV-1a (32 bits) over the key parts, with a separator no normalised value holds. */
function hashParts(parts: readonly string[]): number {
  let h = 0x811c9dc5;
  for (let p = 0; p < parts.length; p++) {
    const s = parts[p]!;
    for (let i = 0; i < s.length; i++) {
      h ^= s.charCodeAt(i);
      h = Math.imul(h, 0x01000193);
    }
    h ^= 0x1f;
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function keyOf(points: readonly ResolvedDataPoint[], row: Row, side: 'baseline' | 'secondary', count: number): number {
  const parts = new Array<string>(points.length);
  for (let i = 0; i < points.length; i++) {
    const p = points[i]!;
    const part = side === 'baseline' ? p.normaliseBaseline(cellText(row, p.baselineIndex)) : p.normaliseSecondary(cellText(row, p.secondaryIndex));
    // A blank part joins nothing (the engine lists the row as a blank identifier): any shard does.
    if (part === '') return 0;
    parts[i] = String(part);
  }
  return hashParts(parts) % count;
}

export function shardKeys(
  config: CompareConfig,
  columns: { baseline: readonly string[]; secondary: readonly string[] },
  samples: ShardSamples,
  count: number,
): ShardKeys {
  if (!Number.isInteger(count) || count < 1) throw new Error(`A shard count is a positive whole number, not ${count}`);
  const points = resolveDataPoints({
    dataPoints: compareConfigSchema.parse(config).data_points,
    baselineColumns: columns.baseline,
    secondaryColumns: columns.secondary,
    baselineSample: samples.baseline.map(rowText),
    secondarySample: samples.secondary.map(rowText),
  }).filter((p) => p.isIdentifier);
  return {
    count,
    baseline: (row) => keyOf(points, row, 'baseline', count),
    secondary: (row) => keyOf(points, row, 'secondary', count),
  };
}
