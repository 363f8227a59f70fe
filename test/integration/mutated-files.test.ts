import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comparisonPath } from '../../infra/local/api-flow';
import { maskPreviewRows } from '../../shared/mask';
import { convertToTempFile } from '../../functions/lib/carrier-file-conversions/guardian-file';
import { FileParseError } from '../../functions/lib/files';
import { GuardianFileError } from '../../shared/carrier-files/guardian-row-based';
import { api, unhandledErrors } from '../support/api';
import { callAs, companyOf } from '../support/comparison-fixture';
import { mutate } from '../support/file-mutations';
import { messageProblem, readInProcess, shapeProblem, type Reading } from '../support/mutation-outcome';
import { MUTATED_FORMATS, validFiles, type MutatedFormat, type ValidFile } from '../support/valid-data-files';

/**
 * Damaged files of every format through the real upload and parse routes of the local stack, as a
 * browser sends them: each is refused with a message that says what is wrong (the reader's own, as
 * this process reads the same bytes), or read into exactly the rows the reader finds here; the
 * server answers /api/health after every one and leaves no error unhandled.
 * The readers themselves meet 1,000 mutations per format in functions/lib/files/mutated-files.test.ts;
 * here a few dozen per format prove the route path (upload, parse job, stored record, rows served),
 * plus every mutation that once failed on this path only. DVP_MUTATIONS sets how many per format
 * (the seed is fixed, so a failure replays).
 */
const ADMIN = 'company-admin@demo.example';
const admin = callAs(ADMIN);
const DEFAULT_PER_FORMAT = 30;
const PER_FORMAT = Number(process.env.DVP_MUTATIONS ?? DEFAULT_PER_FORMAT);
const WORKERS = 3;
const SEED = 'route-mutations';
/** Mutations that failed here though the reader read them, kept as found (the index replays the same bytes). */
const REGRESSIONS: Array<{ format: MutatedFormat; index: number; found: string }> = [
  { format: 'xls', index: 119, found: 'a damaged cell 58,885 columns out made a File record too large to store: the parse answered 500' },
];

/** The mutations sent for a format: the first PER_FORMAT, then its regressions. */
function indicesOf(format: MutatedFormat): number[] {
  const extra = REGRESSIONS.filter((r) => r.format === format && r.index >= PER_FORMAT).map((r) => r.index);
  return [...Array.from({ length: PER_FORMAT }, (_, i) => i), ...extra];
}

/** Rows a parsed file's check reads back: every row of these small files (the preview's maximum). */
const ROWS_READ_BACK = 100;

let companyId: string;

interface Outcome {
  index: number;
  kind: string;
  problem?: string;
  refused?: boolean;
}

/** Runs the given mutations of the format's valid files through `send`, a few at a time. */
async function runMutations(format: MutatedFormat, indices: number[], send: (worker: number, file: ValidFile, bytes: Buffer) => Promise<{ problem?: string; refused: boolean }>) {
  const files = await validFiles(format);
  const outcomes: Outcome[] = [];
  let next = 0;
  const worker = async (w: number) => {
    for (let at = next++; at < indices.length; at = next++) {
      const index = indices[at]!;
      const file = files[index % files.length]!;
      const mutation = await mutate(file.bytes, file.container, `${SEED}-${format}`, index);
      let outcome: Outcome;
      try {
        const sent = await send(w, file, mutation.bytes);
        outcome = { index, kind: mutation.kind, ...sent };
      } catch (error) {
        outcome = { index, kind: mutation.kind, problem: `threw ${(error as Error).stack ?? String(error)}` };
      }
      const health = await api('GET', '/api/health');
      if (health.status !== 200) outcome.problem = `${outcome.problem ?? ''} /api/health answered ${health.status}`;
      outcomes.push(outcome);
    }
  };
  await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
  return outcomes;
}

function report(outcomes: Outcome[]) {
  const problems = outcomes.filter((o) => o.problem).map((o) => `#${o.index} (${o.kind}): ${o.problem}`);
  return { problems, refused: outcomes.filter((o) => o.refused).length, read: outcomes.filter((o) => !o.problem && !o.refused).length };
}

/** Compares what the route stored and serves with the reader's own reading of the same bytes. */
function compareReading(expected: Reading, parsed: { status: number; body: any }, rows?: { columns: string[]; rows: string[][] }): string | undefined {
  if (!expected.ok) {
    if (parsed.status !== (expected.code === 'TOO_LARGE' ? 413 : 400)) return `expected a refusal (${expected.code}), the route answered ${parsed.status} ${JSON.stringify(parsed.body).slice(0, 300)}`;
    if (parsed.body?.message !== expected.message) return `refused with "${parsed.body?.message}", the reader says "${expected.message}"`;
    return messageProblem(parsed.body.message) ?? undefined;
  }
  if (parsed.status !== 200) return `the reader reads ${expected.rows.length} rows, the route answered ${parsed.status} ${JSON.stringify(parsed.body).slice(0, 300)}`;
  const file = parsed.body;
  if (JSON.stringify(file.columns) !== JSON.stringify(expected.columns)) return `columns ${JSON.stringify(file.columns)} instead of ${JSON.stringify(expected.columns)}`;
  if (file.row_count !== expected.rows.length) return `${file.row_count} rows instead of ${expected.rows.length}`;
  if (file.header_row_index !== expected.header_row_index || (file.worksheet_name ?? null) !== expected.worksheet_name) return `header at ${file.worksheet_name}!${file.header_row_index}, the reader says ${expected.worksheet_name}!${expected.header_row_index}`;
  const shape = shapeProblem(expected.columns, expected.rows) ?? (rows ? shapeProblem(rows.columns, rows.rows) : null);
  if (shape) return shape;
  const served = rows ? rows.rows : file.preview;
  const want = maskPreviewRows(expected.columns, expected.rows.slice(0, rows ? ROWS_READ_BACK : 10));
  if (JSON.stringify(served) !== JSON.stringify(want)) return `rows served differ from the reader's: ${JSON.stringify(served).slice(0, 300)} vs ${JSON.stringify(want).slice(0, 300)}`;
  return undefined;
}

/** One comparison per worker; each mutation replaces its SECONDARY file, as a user uploading again does. */
async function comparisonSender(format: MutatedFormat, auditType: 'ENROLLMENT_AUDIT' | 'INVOICE_RECONCILIATION') {
  const bases = await Promise.all(
    Array.from({ length: WORKERS }, async (_, w) => {
      const created = await admin('POST', `/api/companies/${companyId}/comparisons`, { name: `Mutated ${format} ${w} ${Date.now()}`, type: 'COMPARE_ONLY', audit_type: auditType });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      return comparisonPath(companyId, created.body.id);
    }),
  );
  return async (w: number, file: ValidFile, bytes: Buffer) => {
    const expected = await readInProcess(bytes, file.name);
    const base = bases[w]!;
    const declared = await admin('POST', `${base}/files`, { file_type: 'SECONDARY', name: file.name, size: bytes.byteLength, content_type: file.contentType });
    if (declared.status !== 201) return { problem: `declare answered ${declared.status} ${JSON.stringify(declared.body)}`, refused: false };
    const put = await fetch(declared.body.upload_url, { method: 'PUT', headers: declared.body.upload_headers, body: new Uint8Array(bytes) });
    if (!put.ok) return { problem: `upload answered ${put.status}`, refused: false };
    const fileId = declared.body.file.id as string;
    const parsed = await admin('POST', `${base}/files/${fileId}/parse`, {});
    if (parsed.status === 202) return { problem: 'still reading after the parse route waited', refused: false };
    let problem = compareReading(expected, parsed);
    if (!problem && !expected.ok) {
      const stored = await admin('GET', `${base}/files/${fileId}`);
      if (stored.body.status !== 'FAILED' || stored.body.error !== expected.message || stored.body.columns.length) problem = `the refused file reads ${stored.body.status} "${stored.body.error}"`;
    }
    if (!problem && expected.ok && expected.rows.length > 10) {
      const rows = await admin('GET', `${base}/files/${fileId}/rows?limit=${ROWS_READ_BACK}`);
      problem = rows.status === 200 ? compareReading(expected, parsed, rows.body) : `rows answered ${rows.status}`;
    }
    return { problem, refused: !expected.ok };
  };
}

type Conversion = { ok: true; counts: unknown; unplaced_rows: number; header_row: number } | { ok: false; message: string; status: number };

async function convertInProcess(bytes: Buffer, name: string): Promise<Conversion> {
  try {
    const converted = await convertToTempFile(bytes, name);
    await converted.cleanup();
    const { summary } = converted;
    return { ok: true, counts: summary.counts, unplaced_rows: summary.unplaced.length, header_row: summary.header_row };
  } catch (error) {
    if (error instanceof GuardianFileError) return { ok: false, message: error.message, status: 400 };
    if (error instanceof FileParseError) return { ok: false, message: error.message, status: error.code === 'TOO_LARGE' ? 413 : 400 };
    throw error;
  }
}

/** A new conversion per mutation (an original is uploaded once), converted by the route. */
async function guardianSender(_w: number, file: ValidFile, bytes: Buffer) {
  const expected = await convertInProcess(bytes, file.name);
  const conversions = `/api/companies/${companyId}/carrier_file_conversions`;
  const declared = await admin('POST', conversions, { name: file.name, size: bytes.byteLength, content_type: file.contentType, source_file_type: 'GUARDIAN_ROW_BASED_ORIGINAL' });
  if (declared.status !== 201) return { problem: `declare answered ${declared.status} ${JSON.stringify(declared.body)}`, refused: false };
  const put = await fetch(declared.body.upload_url, { method: 'PUT', headers: declared.body.upload_headers, body: new Uint8Array(bytes) });
  if (!put.ok) return { problem: `upload answered ${put.status}`, refused: false };
  const converted = await admin('POST', `${conversions}/${declared.body.conversion.id}/convert`, {});
  let problem: string | undefined;
  if (!expected.ok) {
    if (converted.status !== expected.status || converted.body?.message !== expected.message) problem = `expected ${expected.status} "${expected.message}", the route answered ${converted.status} ${JSON.stringify(converted.body).slice(0, 300)}`;
    else problem = messageProblem(converted.body.message) ?? undefined;
  } else if (converted.status !== 200) problem = `the converter converts it, the route answered ${converted.status} ${JSON.stringify(converted.body).slice(0, 300)}`;
  else if (!isDeepStrictEqual(converted.body.counts, expected.counts) || converted.body.unplaced.length !== expected.unplaced_rows || converted.body.header_row !== expected.header_row) {
    problem = `converted ${JSON.stringify(converted.body.counts)}, the converter says ${JSON.stringify(expected.counts)}`;
  }
  return { problem, refused: !expected.ok };
}

beforeAll(async () => {
  ({ companyId } = await companyOf(ADMIN));
});

afterAll(() => {
  // The process guard keeps the server up: its record is where an escaped error would show.
  expect(unhandledErrors().map((e) => `${e.work}: ${e.error.name}: ${e.error.message}`)).toEqual([]);
});

const timeout = 60_000 + (PER_FORMAT + REGRESSIONS.length) * 400;

describe(`${PER_FORMAT} damaged files per format through the upload and parse routes`, () => {
  for (const format of MUTATED_FORMATS) {
    it(`${format}: each refused with a message that says what is wrong, or read into the rows the reader finds`, async () => {
      const started = Date.now();
      const send = format === 'guardian' ? guardianSender : await comparisonSender(format, format === 'list-bill' ? 'INVOICE_RECONCILIATION' : 'ENROLLMENT_AUDIT');
      const indices = indicesOf(format);
      const outcomes = await runMutations(format, indices, send);
      const { problems, refused, read } = report(outcomes);
      console.info(`mutated ${format}: ${outcomes.length} in ${Date.now() - started} ms (${refused} refused, ${read} read)`);
      expect(problems).toEqual([]);
      expect(outcomes).toHaveLength(indices.length);
      // Both outcomes occur (they do in the default set of every format), so neither check is vacuous.
      if (PER_FORMAT >= DEFAULT_PER_FORMAT) expect(Math.min(refused, read)).toBeGreaterThan(0);
      expect(unhandledErrors()).toEqual([]);
    }, timeout);
  }
});

