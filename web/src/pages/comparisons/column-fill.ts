import type { ComparisonFile } from '../../data/comparisons';

type CountedFile = Pick<ComparisonFile, 'columns' | 'row_count' | 'filled_counts'>;

/**
 * How full a column of a file is, as the column pickers show it: 'empty', '100% filled', or a
 * percentage that is never rounded up to full nor down to empty. Null when the file was read before
 * its columns were counted (saying nothing rather than a wrong number) or the column is not its own.
 */
export function columnFill(file: CountedFile | null | undefined, column: string): string | null {
  const index = file?.columns.indexOf(column) ?? -1;
  const filled = index < 0 ? undefined : file?.filled_counts?.[index];
  const rows = file?.row_count;
  if (filled === undefined || rows === null || rows === undefined) return null;
  if (filled === 0) return 'empty';
  if (filled >= rows) return '100% filled';
  return `${Math.min(99, Math.max(1, Math.floor((filled / rows) * 100)))}% filled`;
}

/** Whether the file's counts say no row fills the column. */
export const isEmptyColumn = (file: CountedFile | null | undefined, column: string) => columnFill(file, column) === 'empty';
