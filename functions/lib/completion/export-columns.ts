import type { EntityItem } from 'electrodb';
import type {
  ExportColumnResponse,
  ExportColumnsPut,
  ExportColumnsResponse,
  ExportColumnsTemplateCreate,
  ExportTemplateColumnResponse,
  ExportTemplateResponse,
} from '../../../shared/schemas/export-columns';
import { resolveExportColumns } from '../../../shared/export-columns';
import { loadFiles } from '../comparisons/records';
import { loadComparison } from '../comparisons/comparison-record';
import { requireAction, type CompanyContext } from '../tenancy/company-context';
import { loadDataPoints } from '../comparisons/data-points';
import { newId } from '../db/attributes';
import type { ExportColumnEntity } from '../db/export-column';
import type { ExportColumnsTemplateEntity } from '../db/export-columns-template';
import { db } from '../db/service';
import { MAX_TRANSACTION_ITEMS, writeWithComparisonVersion } from '../comparisons/versioned-write';
import { badRequest } from '../errors';
import { templateStore } from '../templates/template-store';
import { assertNotComplete } from './common';

/**
 * Export columns of a comparison (SPEC §3 ExportColumn: which columns the merged export writes, in
 * which order, under which header, with which SSN format) and export columns templates at company
 * and organization level (the same shape as the data points templates).
 */

const exportColumnView = (c: EntityItem<typeof ExportColumnEntity>): ExportColumnResponse => ({
  id: c.id,
  comparison_id: c.comparison_id,
  file_type: c.file_type,
  baseline_column_name: c.baseline_column_name ?? null,
  secondary_column_name: c.secondary_column_name ?? null,
  index: c.index,
  renamed_column_name: c.renamed_column_name ?? null,
  formatting_rule: c.formatting_rule ?? null,
  updated_at: c.updated_at,
});

export async function loadExportColumns(ctx: CompanyContext, comparisonId: string) {
  const { data } = await db().entities.exportColumn.query.byComparison({ company_id: ctx.companyId, comparison_id: comparisonId }).go({ pages: 'all' });
  return data.map(exportColumnView).sort((a, b) => a.index - b.index);
}

/** The plan the merged export will use, against the two files, with configured columns the files lack. */
async function planOf(ctx: CompanyContext, comparisonId: string, columns: Awaited<ReturnType<typeof loadExportColumns>>) {
  const comparison = await loadComparison(ctx, comparisonId);
  const files = await loadFiles(ctx, comparison);
  const points = await loadDataPoints(ctx, comparisonId);
  const plan = resolveExportColumns(columns, (files.baseline?.columns as string[]) ?? [], (files.secondary?.columns as string[]) ?? [], {
    dataPoints: points,
  });
  return { plan: plan.columns.map((c) => ({ header: c.header, file_type: c.file_type, column_name: c.column_name, formatting_rule: c.formatting_rule })), missing: plan.missing };
}

/** GET …/export_columns → { items, next: null, plan, missing } (empty items: every baseline column). */
export async function getExportColumns(ctx: CompanyContext, comparisonId: string): Promise<ExportColumnsResponse> {
  await loadComparison(ctx, comparisonId);
  const items = await loadExportColumns(ctx, comparisonId);
  return { items, next: null, ...(await planOf(ctx, comparisonId, items)) };
}

/** PUT …/export_columns: replaces the list (refused once the comparison is complete). */
export async function putExportColumns(ctx: CompanyContext, comparisonId: string, body: ExportColumnsPut) {
  const comparison = await loadComparison(ctx, comparisonId);
  await requireAction(ctx, 'comparison.export');
  assertNotComplete(comparison);
  const existing = await loadExportColumns(ctx, comparisonId);
  if (existing.length + body.length + 1 > MAX_TRANSACTION_ITEMS) {
    const message = `At most ${MAX_TRANSACTION_ITEMS - 1} export columns can be saved at once, counting the ones this change replaces.`;
    throw badRequest(message, { _: message });
  }
  // Replaced whole in one transaction, conditional on the comparison's version: two saves at once leave one list.
  await writeWithComparisonVersion(
    ctx,
    comparison,
    ({ exportColumn }) => [
      ...existing.map((c) => exportColumn.delete({ company_id: ctx.companyId, comparison_id: comparisonId, id: c.id }).commit()),
      ...body.map((c) =>
        exportColumn
          .put({
            id: newId(),
            organization_id: ctx.organizationId,
            company_id: ctx.companyId,
            comparison_id: comparisonId,
            file_type: c.file_type,
            baseline_column_name: c.baseline_column_name ?? undefined,
            secondary_column_name: c.secondary_column_name ?? undefined,
            index: c.index,
            renamed_column_name: c.renamed_column_name ?? undefined,
            formatting_rule: c.formatting_rule ?? undefined,
            updated_by_user_id: ctx.caller.user.id,
          })
          .commit(),
      ),
    ],
    'Someone else changed this comparison while you were saving its export columns. Reload it and try again.',
  );
  return getExportColumns(ctx, comparisonId);
}

/** POST …/export_columns/apply_template: a template's columns become the comparison's export columns. */
export async function applyExportTemplate(ctx: CompanyContext, comparisonId: string, templateId: string) {
  const t = await getTemplate(ctx.organizationId, templateId);
  if (!t || (t.company_id && t.company_id !== ctx.companyId)) throw badRequest('There is no such template for this company.', { template_id: 'Unknown template' });
  const comparison = await loadComparison(ctx, comparisonId);
  const files = await loadFiles(ctx, comparison);
  const baseline = (files.baseline?.columns as string[]) ?? [];
  const has = (name: string | null | undefined) => !!name && baseline.some((c) => c.trim().toLowerCase() === name.trim().toLowerCase());
  const columns = (t.columns ?? []).map((c) => {
    const side = has(c.baseline_column_name) || !c.secondary_column_name ? 'BASELINE' : 'SECONDARY';
    return {
      file_type: side as 'BASELINE' | 'SECONDARY',
      baseline_column_name: c.baseline_column_name ?? null,
      secondary_column_name: c.secondary_column_name ?? null,
      index: c.index,
      renamed_column_name: c.renamed_column_name ?? null,
      formatting_rule: c.formatting_rule ?? null,
    };
  });
  return putExportColumns(ctx, comparisonId, columns);
}

// ── Templates ────────────────────────────────────────────────────────────────────────────────────

type TemplateRecord = EntityItem<typeof ExportColumnsTemplateEntity>;

const columnOut = (c: TemplateRecord['columns'][number]): ExportTemplateColumnResponse => ({
  id: c.id,
  baseline_column_name: c.baseline_column_name ?? null,
  secondary_column_name: c.secondary_column_name ?? null,
  index: c.index,
  renamed_column_name: c.renamed_column_name ?? null,
  formatting_rule: c.formatting_rule ?? null,
});

export function exportTemplateView(t: TemplateRecord): ExportTemplateResponse {
  return {
    ...t,
    company_id: t.company_id ?? null,
    level: t.company_id ? 'COMPANY' : 'ORGANIZATION',
    columns: (t.columns ?? []).map(columnOut).sort((a, b) => a.index - b.index),
  };
}

const store = templateStore({
  entity: () => db().entities.exportColumnsTemplate,
  view: exportTemplateView,
  columnsWithIds: (columns: ExportColumnsTemplateCreate['columns']) =>
    // Absent, not empty: a column names only what it was given.
    columns.map((c) => ({
      id: newId(),
      index: c.index,
      ...(c.baseline_column_name ? { baseline_column_name: c.baseline_column_name } : {}),
      ...(c.secondary_column_name ? { secondary_column_name: c.secondary_column_name } : {}),
      ...(c.renamed_column_name ? { renamed_column_name: c.renamed_column_name } : {}),
      ...(c.formatting_rule ? { formatting_rule: c.formatting_rule } : {}),
    })),
});
const getTemplate = store.find;

export const listCompanyExportTemplates = store.listCompany;
export const createCompanyExportTemplate = store.createCompany;
export const getCompanyExportTemplate = store.getCompany;
export const updateCompanyExportTemplate = store.updateCompany;
export const deleteCompanyExportTemplate = store.deleteCompany;
export const listOrganizationExportTemplates = store.listOrganization;
export const createOrganizationExportTemplate = store.createOrganization;
export const getOrganizationExportTemplate = store.getOrganization;
export const updateOrganizationExportTemplate = store.updateOrganization;
export const deleteOrganizationExportTemplate = store.deleteOrganization;
