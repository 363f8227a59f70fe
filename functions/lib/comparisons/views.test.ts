import { describe, expect, it } from 'vitest';
import { fileView, STALE_PARSE_MESSAGE, STALE_PARSE_MS } from './views';

const base = {
  id: 'f1',
  comparison_id: 'c1',
  company_id: 'co1',
  file_type: 'BASELINE',
  name: 'census.csv',
  size: 1000,
  storage_key: 'uploads/x.csv',
  created_at: '2026-01-01T00:00:00.000Z',
};
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

describe('fileView', () => {
  it('shows a read under way with its rows and, for a CSV, the share of its bytes', () => {
    const csv = fileView({ ...base, status: 'PARSING', updated_at: ago(1000), parse_progress: { rows_read: 1200, bytes_read: 250 } });
    const workbook = fileView({ ...base, name: 'census.xlsx', status: 'PARSING', updated_at: ago(1000), parse_progress: { rows_read: 1200 } });

    expect(csv).toMatchObject({ status: 'PARSING', error: null, progress: { rows_read: 1200, percent: 25 } });
    expect(workbook).toMatchObject({ status: 'PARSING', progress: { rows_read: 1200, percent: null } });
  });

  it('never says 100% before the read has finished', () => {
    const view = fileView({ ...base, status: 'PARSING', updated_at: ago(1000), parse_progress: { rows_read: 9, bytes_read: 1000 } });
    expect(view?.progress?.percent).toBe(99);
  });

  it('reads a job that fell silent as failed, keeping a previous reading when there is one', () => {
    const silent = { ...base, status: 'PARSING', updated_at: ago(STALE_PARSE_MS + 1000) };

    expect(fileView(silent)).toMatchObject({ status: 'FAILED', error: STALE_PARSE_MESSAGE, progress: null });
    expect(fileView({ ...silent, parsed_key: 'parsed/x.jsonl.gz' })).toMatchObject({ status: 'PARSED', error: STALE_PARSE_MESSAGE });
  });

  it('never shows storage keys', () => {
    const view = fileView({ ...base, status: 'PARSED', updated_at: ago(0), parsed_key: 'parsed/x.jsonl.gz', parse_id: 'p1' });
    expect(JSON.stringify(view)).not.toMatch(/uploads\/|parsed\/|p1/);
  });

  it('shows the fill counts of the columns they were counted for, and none for a file read before them', () => {
    const read = { ...base, status: 'PARSED', updated_at: ago(0), columns: ['SSN', 'City'], row_count: 4 };

    expect(fileView({ ...read, filled_counts: [4, 0] })?.filled_counts).toEqual([4, 0]);
    expect(fileView(read)?.filled_counts).toBeNull();
    expect(fileView({ ...read, filled_counts: [4] })?.filled_counts).toBeNull();
  });
});
