import { isMergeComparison } from '../../../shared/comparisons';
import { x12ColumnsOf, x12ValuesOf } from '../../../shared/carrier-files/x12-834-columns';
import { transactionSegments, type X12Line } from '../../../shared/carrier-files/x12-834-writer';
import { membersOf } from '../../../shared/carrier-files/x12-834-writer-members';
import { resolveExportColumns } from '../../../shared/export-columns';
import { missingMemberRows } from '../../../shared/export-member-columns';
import { buildMergedRows, type DataPointMerge, type MergedRow, type MissingWithMerges } from '../../../shared/merge';
import type { ExportKind, ExportResultResponse } from '../../../shared/schemas/export-columns';
import type { Cell, Row } from '../../../shared/compare/types';
import { loadFiles } from '../comparisons/records';
import { loadComparison, type ComparisonRecord } from '../comparisons/comparison-record';
import { requireAction, type CompanyContext } from '../tenancy/company-context';
import { loadDataPoints } from '../comparisons/data-points';
import { exportKey, openObject, presignDownload, uploadStream } from '../storage/objects';
import { recordAudit } from '../audit/record';
import { requireMfaForFullSsns } from '../full-ssn-files';
import { newId } from '../db/attributes';
import { db } from '../db/service';
import { badRequest } from '../errors';
import { write834Interchange, writeDiscrepanciesWorkbook, writeMergedWorkbook } from '../export';
import { carrierOf } from '../renewals/views';
import type { ExportComparison, ExportMembers } from '../export';
import { openParsedRows } from '../files';
import { logger } from '../observability/logger';
import { displayName } from './common';
import { loadExportColumns } from './export-columns';
import { loadExportMembers } from './export-members';

/**
 * POST …/comparisons/{comparison_id}/export {kind} → {url}: the workbook is streamed by exceljs
 * straight into an S3 multipart upload (never whole in memory), then a presigned GET is answered.
 * DISCREPANCIES: every discrepancy and missing row; a compare-only audit's chosen export columns
 * are its member columns. MERGED (COMPARE_MERGE, MERGE_ONLY only): the merged data set in the
 * export columns' order. X12_834: the enrollment as a full-file 834 (below). See docs/merge-export.md.
 */
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const EDI = 'application/edi-x12';
const PAGE = 500;

async function* paged<T>(query: { go(o: { count: number; cursor: string | null }): Promise<{ data: T[]; cursor: string | null }> }): AsyncGenerator<T> {
  let cursor: string | null = null;
  do {
    const page: { data: T[]; cursor: string | null } = await query.go({ count: PAGE, cursor });
    yield* page.data;
    cursor = page.cursor;
  } while (cursor);
}

const safeName = (s: string) => s.replace(/[^\w .()-]+/g, '_').replace(/\s+/g, ' ').trim().slice(0, 80) || 'comparison';

async function userNames(ids: Iterable<string>): Promise<Map<string, string>> {
  const wanted = [...new Set([...ids].filter(Boolean))];
  const names = new Map<string, string>();
  await Promise.all(
    wanted.map(async (id) => {
      const { data } = await db().entities.user.get({ id }).go();
      if (data) names.set(id, displayName(data));
    }),
  );
  return names;
}

async function parsedRows(key: string | null | undefined): Promise<{ columns: string[]; rows: AsyncGenerator<string[]> }> {
  const object = key ? await openObject(key) : null;
  if (!object) throw badRequest('The rows of a file are missing from storage. Import the file again.');
  const opened = await openParsedRows(object.body);
  return { columns: opened.header.columns, rows: opened.rows };
}

export async function exportComparison(ctx: CompanyContext, comparisonId: string, kind: ExportKind): Promise<ExportResultResponse> {
  const comparison = await loadComparison(ctx, comparisonId);
  await requireAction(ctx, 'comparison.export');
  // Both workbooks carry identifiers as they are (SSNs in full): the file a carrier needs.
  await requireMfaForFullSsns(ctx.caller);
  if (kind === 'MERGED' && !isMergeComparison(comparison.type)) {
    throw badRequest('Only a Compare & Merge or Merge Only comparison has a merged file.', { kind: 'MERGED is only for merge comparisons' });
  }
  if (comparison.status !== 'SUCCEEDED') throw badRequest('Run the comparison first: exports are available once a run has succeeded.', { kind: 'The comparison has not run' });

  const key = { company_id: ctx.companyId, comparison_id: comparison.id };
  const [files, dataPoints] = await Promise.all([loadFiles(ctx, comparison), loadDataPoints(ctx, comparison.id)]);
  const exportComparison = {
    id: comparison.id,
    name: comparison.name,
    audit_type: comparison.audit_type,
    type: comparison.type,
    run_date: (comparison.summary as { finished_at?: string } | null)?.finished_at ?? comparison.updated_at,
    updated_at: comparison.updated_at,
    company_name: ctx.company.name,
    invoice: (comparison.summary as { invoice?: ExportComparison['invoice'] } | null)?.invoice ?? null,
  };
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  if (kind === 'X12_834') return enrollment834(ctx, comparison, files, dataPoints, stamp);
  const fileName = `${safeName(comparison.name)} - ${kind === 'MERGED' ? 'Merged' : 'Discrepancies'}.xlsx`;
  const objectKey = exportKey({ organizationId: ctx.organizationId, companyId: ctx.companyId, comparisonId: comparison.id }, `${stamp}-${newId()}.xlsx`);
  const { stream, done } = uploadStream(objectKey, XLSX);
  const started = Date.now();
  let counts: ExportResultResponse['counts'];
  try {
    if (kind === 'DISCREPANCIES') {
      // A compare-only audit has no merged file: its export columns shape the member columns here.
      const exportColumns = isMergeComparison(comparison.type) ? [] : await loadExportColumns(ctx, comparison.id);
      const wanted = { baseline: new Set<number>(), secondary: new Set<number>() };
      const want = (rows: { baseline: number | null | undefined; secondary: number | null | undefined }) => {
        if (!exportColumns.length) return;
        if (rows.baseline !== null && rows.baseline !== undefined) wanted.baseline.add(rows.baseline);
        if (rows.secondary !== null && rows.secondary !== undefined) wanted.secondary.add(rows.secondary);
      };
      // Resolver names and the rows the sheets point at: one small pass (ids only), then the full stream.
      const resolvers = new Set<string>();
      for await (const d of paged(db().entities.dataPointDiscrepancy.query.byComparison(key))) {
        if (d.resolved_by_user_id) resolvers.add(d.resolved_by_user_id);
        want({ baseline: d.baseline_row_index, secondary: d.secondary_row_index });
      }
      for await (const m of paged(db().entities.missingDiscrepancy.query.byComparison(key))) {
        if (m.resolved_by_user_id) resolvers.add(m.resolved_by_user_id);
        want(missingMemberRows(m));
      }
      let members: ExportMembers | undefined;
      if (exportColumns.length) {
        const baselineColumns = (files.baseline?.columns as string[] | undefined) ?? [];
        const secondaryColumns = (files.secondary?.columns as string[] | undefined) ?? [];
        members = await loadExportMembers({
          plan: resolveExportColumns(exportColumns, baselineColumns, secondaryColumns, { dataPoints }).columns,
          baselineColumns,
          secondaryColumns,
          dataPoints,
          wanted,
          openRows: async (side) => (await parsedRows(side === 'BASELINE' ? files.baseline?.parsed_key : files.secondary?.parsed_key)).rows,
        });
      }
      const written = writeDiscrepanciesWorkbook(stream, {
        comparison: exportComparison,
        dataPoints: dataPoints.map((p) => ({ ...p, date_format: p.date_format ?? null })),
        discrepancies: paged(db().entities.dataPointDiscrepancy.query.byComparison(key)),
        missing: paged(db().entities.missingDiscrepancy.query.byComparison(key)),
        users: await userNames(resolvers),
        members,
      });
      counts = { ...(await written) };
    } else {
      const merged = await mergedRows(ctx, comparison.id, files, dataPoints);
      const secondaryColumns = (files.secondary?.columns as string[] | undefined) ?? [];
      const plan = resolveExportColumns(await loadExportColumns(ctx, comparison.id), merged.columns, secondaryColumns, { dataPoints });
      counts = { ...(await writeMergedWorkbook(stream, { columns: merged.columns, rows: merged.rows(), exportColumns: plan.columns, comparison: exportComparison })) };
    }
    await done;
  } catch (error) {
    stream.destroy(error as Error);
    await done.catch(() => undefined);
    throw error;
  }
  logger.info('export written', { comparisonId: comparison.id, kind, ms: Date.now() - started, ...counts });
  await recordAudit(ctx.caller, { action: 'COMPARISON_EXPORTED', organization_id: ctx.organizationId, company_id: ctx.companyId, comparison_id: comparison.id, target_type: 'COMPARISON', target_id: comparison.id, target_name: fileName, detail: kind }, { beforeAccess: true });
  return { url: await presignDownload(objectKey, fileName), kind, file_name: fileName, counts };
}

type LoadedFiles = Awaited<ReturnType<typeof loadFiles>>;
type LoadedDataPoints = Awaited<ReturnType<typeof loadDataPoints>>;

/** A parsed file's rows, read again from storage on every call but the first. */
async function rereadableRows(key: string | null | undefined): Promise<{ columns: string[]; rows: () => AsyncGenerator<string[]> }> {
  let opened: Awaited<ReturnType<typeof parsedRows>> | null = await parsedRows(key);
  const columns = opened.columns;
  return {
    columns,
    rows: async function* () {
      const now = opened ?? (await parsedRows(key));
      opened = null;
      yield* now.rows;
    },
  };
}

/**
 * The merged data set's rows (baseline columns), as the MERGED export and the 834 write them; each
 * call of `rows` merges them again from the stored files (the 834 reads them more than once).
 */
async function mergedRows(ctx: CompanyContext, comparisonId: string, files: LoadedFiles, dataPoints: LoadedDataPoints) {
  const key = { company_id: ctx.companyId, comparison_id: comparisonId };
  const baseline = await rereadableRows(files.baseline?.parsed_key);
  const secondaryColumns = (files.secondary?.columns as string[] | undefined) ?? [];
  const missing = await db().entities.missingDiscrepancy.query.byComparison(key).go({ pages: 'all' });
  // DataPointMerge records are written by the verification step when a discrepancy of a merge comparison is resolved.
  const [dpm, mdm] = await Promise.all([
    db().entities.dataPointMerge.query.byComparison(key).go({ pages: 'all' }),
    db().entities.missingDiscrepancyMerge.query.byComparison(key).go({ pages: 'all' }),
  ]);
  const merges: DataPointMerge[] = dpm.data.map((m) => ({ ...m, merge_value: m.merge_value ?? null }));
  const byMissing = new Map<string, Array<{ data_point_id: string; merge_value: string | null }>>();
  for (const m of mdm.data) byMissing.set(m.missing_discrepancy_id, [...(byMissing.get(m.missing_discrepancy_id) ?? []), { data_point_id: m.data_point_id, merge_value: m.merge_value ?? null }]);
  const decided: MissingWithMerges[] = missing.data
    .filter((m) => m.resolved_inclusion === true || m.resolved_inclusion === false)
    .map((m) => ({ missing: m, merges: byMissing.get(m.id) ?? [] }));
  const secondaryKey = files.secondary?.parsed_key;
  async function* secondaryRows(): AsyncGenerator<Row> {
    yield* (await parsedRows(secondaryKey)).rows;
  }
  const rows = () =>
    buildMergedRows({
      baselineColumns: baseline.columns,
      baselineRows: baseline.rows(),
      secondaryColumns,
      secondaryRows: secondaryRows(),
      dataPoints,
      discrepancyMerges: merges,
      missing: decided,
      markMerged: true,
    });
  return { columns: baseline.columns, rows };
}

/**
 * The enrollment as a full-file 834 (every line maintenance 030): the merged data set of a merge
 * comparison, else the baseline as imported, its columns matched to the 834's fields by name and
 * role (shared/carrier-files/x12-834-columns.ts). See docs/carrier-files.md.
 */
async function enrollment834(ctx: CompanyContext, comparison: ComparisonRecord, files: LoadedFiles, dataPoints: LoadedDataPoints, stamp: string): Promise<ExportResultResponse> {
  const merged = isMergeComparison(comparison.type);
  const source: { columns: string[]; rows: () => AsyncIterable<readonly Cell[] | MergedRow> } = merged
    ? await mergedRows(ctx, comparison.id, files, dataPoints)
    : await rereadableRows(files.baseline?.parsed_key);
  const columns = x12ColumnsOf(source.columns);
  let rows = 0;
  let counting = true;
  // The lines are read once to group them into members and again to write them (./x12-834-writer-members.ts).
  async function* lines(): AsyncGenerator<X12Line> {
    for await (const row of source.rows()) {
      const values: readonly Cell[] = Array.isArray(row) ? row : (row as MergedRow).values;
      if (counting) rows++;
      yield { values: x12ValuesOf(values.map((v) => (v === null || v === undefined ? '' : String(v))), columns), maintenance: '030' };
    }
    counting = false;
  }
  const at = new Date();
  const carrier = comparison.company_carrier_id ? (await carrierOf(ctx, comparison.company_carrier_id)).carrierName : 'Carrier';
  const fileName = `${safeName(comparison.name)} - ${merged ? 'Merged' : 'Baseline'} enrollment.834`;
  const objectKey = exportKey({ organizationId: ctx.organizationId, companyId: ctx.companyId, comparisonId: comparison.id }, `${stamp}-${newId()}.834`);
  const { stream, done } = uploadStream(objectKey, EDI);
  let written: { bytes: number; segments: number };
  try {
    const body = transactionSegments(membersOf(lines), { sponsor: ctx.company.name, payer: carrier, reference: comparison.id, at, full: true });
    // Awaited together: an upload that fails stops taking bytes, and the writer would wait for it to drain.
    [written] = await Promise.all([write834Interchange(stream, body, { controlNumber: Math.floor(at.getTime() / 1000) % 1_000_000_000, sender: ctx.company.name, receiver: carrier, at }), done]);
  } catch (error) {
    stream.destroy(error as Error);
    await done.catch(() => undefined);
    throw error;
  }
  const counts = { discrepancies: 0, missing: 0, rows };
  logger.info('export written', { comparisonId: comparison.id, kind: 'X12_834', bytes: written.bytes, ...counts });
  await recordAudit(ctx.caller, { action: 'COMPARISON_EXPORTED', organization_id: ctx.organizationId, company_id: ctx.companyId, comparison_id: comparison.id, target_type: 'COMPARISON', target_id: comparison.id, target_name: fileName, detail: 'X12_834' }, { beforeAccess: true });
  return { url: await presignDownload(objectKey, fileName), kind: 'X12_834', file_name: fileName, counts };
}
