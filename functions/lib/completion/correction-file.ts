import { x12ColumnsOf, x12ValuesOf } from '../../../shared/carrier-files/x12-834-columns';
import { transactionSegments, type X12Line, type X12Maintenance } from '../../../shared/carrier-files/x12-834-writer';
import { membersOf } from '../../../shared/carrier-files/x12-834-writer-members';
import type { Cell } from '../../../shared/compare/types';
import { planCorrections, type CorrectionAction, type CorrectionLine } from '../../../shared/correction-file';
import type { CorrectionFileFormat, CorrectionFileResponse } from '../../../shared/schemas/correction-file';
import { recordAudit } from '../audit/record';
import { buildCompareConfig, loadDataPoints } from '../compare-runs/config';
import { loadComparison } from '../comparisons/comparison-record';
import { loadFiles } from '../comparisons/records';
import { newId } from '../db/attributes';
import { db } from '../db/service';
import { badRequest, conflict } from '../errors';
import { write834Interchange, writeCorrectionWorkbook } from '../export';
import { openParsedRows } from '../files';
import { requireMfaForFullSsns } from '../full-ssn-files';
import { logger } from '../observability/logger';
import { carrierOf } from '../renewals/views';
import { exportKey, openObject, presignDownload, putObject, uploadStream } from '../storage/objects';
import { requireAction, type CompanyContext } from '../tenancy/company-context';

/**
 * POST …/comparisons/{comparison_id}/correction_files {format} → {url, file_name, rows}: the lines
 * the carrier must add, change or terminate (shared/correction-file.ts), as an .xlsx in the carrier
 * file's layout or an 834 change file. Only a complete comparison has one: its decisions are final.
 * The files carry identifiers in full, as the carrier needs them. See docs/merge-export.md.
 */
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const EDI = 'application/edi-x12';
const MAINTENANCE: Record<CorrectionAction, X12Maintenance> = { ADD: '021', CHANGE: '001', TERMINATE: '024' };

const safeName = (s: string) => s.replace(/[^\w .()-]+/g, '_').replace(/\s+/g, ' ').trim().slice(0, 80) || 'comparison';

/** The rows of a stored parsed file at the given 0-based indexes, read once and no further than needed. */
async function rowsAt(key: string | null | undefined, wanted: ReadonlySet<number>): Promise<Map<number, readonly Cell[]>> {
  const found = new Map<number, readonly Cell[]>();
  if (!wanted.size) return found;
  const object = key ? await openObject(key) : null;
  if (!object) throw badRequest('The rows of a file are missing from storage. Import the file again.');
  const opened = await openParsedRows(object.body);
  let index = 0;
  for await (const row of opened.rows) {
    const at = index++;
    if (!wanted.has(at)) continue;
    found.set(at, row);
    if (found.size === wanted.size) break;
  }
  await opened.rows.return(undefined);
  return found;
}

/** The 834 lines of the correction: each line's member and coverage, what to do, and a termination's date. */
export function correctionX12Lines(carrierColumns: readonly string[], lines: readonly CorrectionLine[]): X12Line[] {
  const columns = x12ColumnsOf(carrierColumns);
  return lines.map((line) => {
    const values = x12ValuesOf(line.cells, columns);
    if (line.action === 'TERMINATE' && !values['Term Date']) values['Term Date'] = line.term;
    return { values, maintenance: MAINTENANCE[line.action] };
  });
}

export async function writeCorrectionFile(ctx: CompanyContext, comparisonId: string, format: CorrectionFileFormat): Promise<CorrectionFileResponse> {
  const comparison = await loadComparison(ctx, comparisonId);
  await requireAction(ctx, 'comparison.export');
  await requireMfaForFullSsns(ctx.caller);
  if (comparison.step !== 'COMPLETE') {
    throw conflict('Complete the comparison first: the correction file is written from its final decisions.');
  }
  const key = { company_id: ctx.companyId, comparison_id: comparison.id };
  const [files, points, discrepancies, missing] = await Promise.all([
    loadFiles(ctx, comparison),
    loadDataPoints({ company_id: ctx.companyId, comparison_id: comparison.id }),
    db().entities.dataPointDiscrepancy.query.byComparison(key).go({ pages: 'all' }),
    db().entities.missingDiscrepancy.query.byComparison(key).go({ pages: 'all' }),
  ]);
  const config = await buildCompareConfig(points);
  const carrierColumns = (files.secondary?.columns as string[] | undefined) ?? [];
  const baselineColumns = (files.baseline?.columns as string[] | undefined) ?? [];
  // Two passes: the candidate rows' indexes first, so each file is read once for only those rows.
  const wanted = { carrier: new Set<number>(), baseline: new Set<number>() };
  const probe = planCorrections({
    carrierColumns,
    baselineColumns,
    dataPoints: config.data_points,
    discrepancies: discrepancies.data,
    missing: missing.data,
    carrierRow: (i) => (wanted.carrier.add(i), carrierColumns.map(() => '\u0000')),
    baselineRow: (i) => (wanted.baseline.add(i), baselineColumns.map(() => '')),
    today: new Date(),
  });
  if (!probe.length) {
    throw conflict(
      'This comparison has no confirmed findings the carrier must correct: no discrepancy resolved as Cost, Coverage Tier, Wrong Plan, a name, date of birth or gender mismatch, Term, Missing Enrollment, Benefit Amount or Dropped Coverage at OE, no enrolled row included that the carrier lacks, and no billed row excluded.',
    );
  }
  const [carrierRows, baselineRows] = await Promise.all([rowsAt(files.secondary?.parsed_key, wanted.carrier), rowsAt(files.baseline?.parsed_key, wanted.baseline)]);
  const lines = planCorrections({
    carrierColumns,
    baselineColumns,
    dataPoints: config.data_points,
    discrepancies: discrepancies.data,
    missing: missing.data,
    carrierRow: (i) => carrierRows.get(i),
    baselineRow: (i) => baselineRows.get(i),
    today: new Date(),
  });
  if (!lines.length) throw conflict('The findings that say the carrier is wrong leave nothing to correct: the carrier file already has the confirmed values.');

  const at = new Date();
  const stamp = at.toISOString().replace(/[:.]/g, '-');
  const name = `${safeName(comparison.name)} - Corrections for the carrier`;
  const objectKey = exportKey({ organizationId: ctx.organizationId, companyId: ctx.companyId, comparisonId: comparison.id }, `${stamp}-${newId()}-corrections.${format === 'XLSX' ? 'xlsx' : '834'}`);
  let bytes: number;
  let fileName: string;
  if (format === 'XLSX') {
    const body = await writeCorrectionWorkbook({ carrierColumns, lines });
    fileName = `${name}.xlsx`;
    await putObject(objectKey, body, XLSX);
    bytes = body.length;
  } else {
    const carrier = comparison.company_carrier_id ? (await carrierOf(ctx, comparison.company_carrier_id)).carrierName : 'Carrier';
    const x12Lines = correctionX12Lines(carrierColumns, lines);
    const segments = transactionSegments(membersOf(() => x12Lines), { sponsor: ctx.company.name, payer: carrier, reference: comparison.id, at, full: false });
    const controlNumber = Math.floor(at.getTime() / 1000) % 1_000_000_000;
    fileName = `${name}.834`;
    // Streamed into the upload: the segments and their text are never all in memory.
    const { stream, done } = uploadStream(objectKey, EDI);
    try {
      // Awaited together: an upload that fails stops taking bytes, and the writer would wait for it to drain.
      const [written] = await Promise.all([write834Interchange(stream, segments, { controlNumber, sender: ctx.company.name, receiver: carrier, at }), done]);
      bytes = written.bytes;
    } catch (error) {
      stream.destroy(error as Error);
      await done.catch(() => undefined);
      throw error;
    }
  }
  logger.info('correction file written', { comparisonId: comparison.id, format, rows: lines.length, bytes });
  await recordAudit(
    ctx.caller,
    { action: 'COMPARISON_EXPORTED', organization_id: ctx.organizationId, company_id: ctx.companyId, comparison_id: comparison.id, target_type: 'COMPARISON', target_id: comparison.id, target_name: fileName, detail: `CORRECTIONS_${format}` },
    { beforeAccess: true },
  );
  return { url: await presignDownload(objectKey, fileName), file_name: fileName, rows: lines.length };
}
