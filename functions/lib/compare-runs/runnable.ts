import { db } from '../db/service';
import { matchesByPerson, personFieldsProblem } from '../../../shared/compare/person-fields';
import { loadDataPoints, type StoredDataPoint } from './config';

/**
 * Whether a comparison can be run: both files uploaded and read, at least one data point, at least
 * one of them a unique identifier (or, matching by person, the person's fields), and every chosen column present in its file. The run route
 * answers 400 with the message; the prepare task fails the run with it.
 */
type FileRecord = Awaited<ReturnType<typeof listFiles>>[number];

interface ComparisonLike {
  company_id: string;
  id: string;
  match_by?: string | null;
  audit_type?: string | null;
  baseline_file_id?: string | null;
  secondary_file_id?: string | null;
}

export type Runnable =
  | { ok: true; baseline: FileRecord; secondary: FileRecord; dataPoints: StoredDataPoint[] }
  | { ok: false; message: string };

async function listFiles(companyId: string, comparisonId: string) {
  const { data } = await db().entities.file.query.byComparison({ company_id: companyId, comparison_id: comparisonId }).go({ pages: 'all' });
  return data;
}

/** The file of a side: the one the comparison points at, else the latest one of that type. */
function fileOf(files: FileRecord[], type: 'BASELINE' | 'SECONDARY', id: string | null | undefined): FileRecord | undefined {
  if (id) return files.find((f) => f.id === id);
  return files
    .filter((f) => f.file_type === type)
    .sort((a, b) => String(b.updated_at).localeCompare(String(a.updated_at)))[0];
}

const SIDE_LABEL = { BASELINE: 'baseline', SECONDARY: 'carrier' } as const;

function fileProblem(file: FileRecord | undefined, type: 'BASELINE' | 'SECONDARY'): string | null {
  const side = SIDE_LABEL[type];
  if (!file) return `Upload the ${side} file before comparing.`;
  if (file.status === 'FAILED') return `The ${side} file could not be read. Upload it again before comparing.`;
  if (file.status !== 'PARSED' || !file.parsed_key) return `The ${side} file has not been read yet. Finish importing it before comparing.`;
  return null;
}

export async function checkRunnable(comparison: ComparisonLike): Promise<Runnable> {
  const [files, dataPoints] = await Promise.all([
    listFiles(comparison.company_id, comparison.id),
    loadDataPoints({ company_id: comparison.company_id, comparison_id: comparison.id }),
  ]);
  const baseline = fileOf(files, 'BASELINE', comparison.baseline_file_id);
  const secondary = fileOf(files, 'SECONDARY', comparison.secondary_file_id);
  const problem = fileProblem(baseline, 'BASELINE') ?? fileProblem(secondary, 'SECONDARY');
  if (problem) return { ok: false, message: problem };
  if (dataPoints.length === 0) return { ok: false, message: 'Select the data points to compare before comparing.' };
  if (matchesByPerson(comparison)) {
    const missing = personFieldsProblem(dataPoints);
    if (missing) return { ok: false, message: missing };
  } else if (!dataPoints.some((p) => p.is_unique_identifier)) {
    return { ok: false, message: 'Choose at least one data point as the unique identifier (for example SSN ↔ Member ID) before comparing.' };
  }
  // The engine finds a column by exact name, else trimmed and case-insensitively: the same here.
  const norm = (c: string) => c.trim().toLowerCase();
  const missingColumn = (file: FileRecord, column: string) =>
    Array.isArray(file.columns) && file.columns.length > 0 && !file.columns.some((c) => c === column || norm(c) === norm(column));
  for (const p of dataPoints) {
    if (missingColumn(baseline!, p.baseline_column_name)) {
      return { ok: false, message: `The baseline file has no column "${p.baseline_column_name}". Choose the data points again.` };
    }
    if (missingColumn(secondary!, p.secondary_column_name)) {
      return { ok: false, message: `The carrier file has no column "${p.secondary_column_name}". Choose the data points again.` };
    }
  }
  return { ok: true, baseline: baseline!, secondary: secondary!, dataPoints };
}
