import { can } from '../../../shared/permissions/actions';
import type { ExportColumnsPut, ExportColumnsTemplateCreate, ExportColumnsTemplateUpdate } from '../../../shared/schemas/export-columns';
import { resolveExportColumns } from '../../../shared/export-columns';
import type { Caller } from '../caller';
import { loadFiles } from '../comparisons/comparisons';
import { isConditionFailure, loadComparison, requireAction, type CompanyContext } from '../comparisons/context';
import { loadDataPoints } from '../comparisons/data-points';
import { newId } from '../db/attributes';
import { db } from '../db/service';
import { badRequest, conflict, notFound } from '../errors';
import { accessScope, organizationInScope } from '../scope';
import { assertNotComplete } from './common';

/**
 * Export columns of a comparison (SPEC §3 ExportColumn: which columns the merged export writes, in
 * which order, under which header, with which SSN format) and export columns templates at company
 * and organization level (the same shape as the data points templates).
 */

const exportColumnView = (c: Record<string, any>) => ({
  id: c.id as string,
  comparison_id: c.comparison_id as string,
  file_type: c.file_type as string,
  baseline_column_name: c.baseline_column_name ?? null,
  secondary_column_name: c.secondary_column_name ?? null,
  index: c.index as number,
  renamed_column_name: c.renamed_column_name ?? null,
  formatting_rule: c.formatting_rule ?? null,
  updated_at: c.updated_at as string,
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
  const plan = resolveExportColumns(columns as never, (files.baseline?.columns as string[]) ?? [], (files.secondary?.columns as string[]) ?? [], {
    dataPoints: points,
  });
  return { plan: plan.columns.map((c) => ({ header: c.header, file_type: c.file_type, column_name: c.column_name, formatting_rule: c.formatting_rule })), missing: plan.missing };
}

/** GET …/export_columns → { items, next: null, plan, missing } (empty items: every baseline column). */
export async function getExportColumns(ctx: CompanyContext, comparisonId: string) {
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
  const entity = db().entities.exportColumn;
  if (existing.length) await entity.delete(existing.map((c) => ({ company_id: ctx.companyId, comparison_id: comparisonId, id: c.id }))).go();
  if (body.length) {
    await entity
      .put(
        body.map((c) => ({
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
        })),
      )
      .go();
  }
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
      formatting_rule: (c.formatting_rule as never) ?? null,
    };
  });
  return putExportColumns(ctx, comparisonId, columns);
}

// ── Templates ────────────────────────────────────────────────────────────────────────────────────

type TemplateRecord = NonNullable<Awaited<ReturnType<typeof getTemplate>>>;

async function getTemplate(organizationId: string, id: string) {
  const { data } = await db().entities.exportColumnsTemplate.get({ organization_id: organizationId, id }).go();
  return data;
}

const columnOut = (c: Record<string, any>) => ({
  id: c.id as string,
  baseline_column_name: c.baseline_column_name ?? null,
  secondary_column_name: c.secondary_column_name ?? null,
  index: c.index as number,
  renamed_column_name: c.renamed_column_name ?? null,
  formatting_rule: c.formatting_rule ?? null,
});

export function exportTemplateView(t: TemplateRecord) {
  return {
    ...t,
    company_id: t.company_id ?? null,
    level: t.company_id ? 'COMPANY' : 'ORGANIZATION',
    columns: (t.columns ?? []).map(columnOut).sort((a, b) => a.index - b.index),
  };
}

const withIds = (columns: ExportColumnsTemplateCreate['columns']) =>
  columns.map((c) => {
    const out: Record<string, unknown> = { id: newId(), index: c.index };
    if (c.baseline_column_name) out.baseline_column_name = c.baseline_column_name;
    if (c.secondary_column_name) out.secondary_column_name = c.secondary_column_name;
    if (c.renamed_column_name) out.renamed_column_name = c.renamed_column_name;
    if (c.formatting_rule) out.formatting_rule = c.formatting_rule;
    return out as { id: string; index: number };
  });
const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

async function inOrganization(organizationId: string) {
  const { data } = await db().entities.exportColumnsTemplate.query.byOrganization({ organization_id: organizationId }).go({ pages: 'all' });
  return data;
}

/** A company sees its own templates and its organization's. */
export async function listCompanyExportTemplates(ctx: CompanyContext) {
  const all = await inOrganization(ctx.organizationId);
  return { items: all.filter((t) => !t.company_id || t.company_id === ctx.companyId).sort(byName).map(exportTemplateView), next: null };
}

export async function createCompanyExportTemplate(ctx: CompanyContext, body: ExportColumnsTemplateCreate) {
  await requireAction(ctx, 'template.create');
  const { data } = await db()
    .entities.exportColumnsTemplate.create({
      organization_id: ctx.organizationId,
      company_id: ctx.companyId,
      name: body.name,
      columns: withIds(body.columns),
      updated_by_user_id: ctx.caller.user.id,
    })
    .go();
  return exportTemplateView(data);
}

async function companyTemplate(ctx: CompanyContext, id: string, ownOnly: boolean) {
  const t = await getTemplate(ctx.organizationId, id);
  if (!t || (t.company_id && t.company_id !== ctx.companyId) || (ownOnly && t.company_id !== ctx.companyId)) throw notFound();
  return t;
}

export async function getCompanyExportTemplate(ctx: CompanyContext, id: string) {
  return exportTemplateView(await companyTemplate(ctx, id, false));
}

export async function updateCompanyExportTemplate(ctx: CompanyContext, id: string, body: ExportColumnsTemplateUpdate) {
  const t = await companyTemplate(ctx, id, true);
  await requireAction(ctx, 'template.update');
  return exportTemplateView(await writeUpdate(t, body, ctx.caller));
}

export async function deleteCompanyExportTemplate(ctx: CompanyContext, id: string) {
  const t = await companyTemplate(ctx, id, true);
  await requireAction(ctx, 'template.delete');
  await db().entities.exportColumnsTemplate.delete({ organization_id: t.organization_id, id: t.id }).go();
}

async function requireOrgAction(caller: Caller, organizationId: string, action: 'template.create' | 'template.update' | 'template.delete') {
  if (!can(caller.user, action, { organization_id: organizationId }, await accessScope(caller))) throw notFound();
}

/** The organization's own templates and those of its companies (company_id tells them apart). */
export async function listOrganizationExportTemplates(caller: Caller, organizationId: string) {
  const org = await organizationInScope(caller, organizationId);
  return { items: (await inOrganization(org.id)).sort(byName).map(exportTemplateView), next: null };
}

export async function createOrganizationExportTemplate(caller: Caller, organizationId: string, body: ExportColumnsTemplateCreate) {
  const org = await organizationInScope(caller, organizationId);
  await requireOrgAction(caller, org.id, 'template.create');
  const { data } = await db()
    .entities.exportColumnsTemplate.create({ organization_id: org.id, name: body.name, columns: withIds(body.columns), updated_by_user_id: caller.user.id })
    .go();
  return exportTemplateView(data);
}

async function organizationTemplate(caller: Caller, organizationId: string, id: string) {
  const org = await organizationInScope(caller, organizationId);
  const t = await getTemplate(org.id, id);
  if (!t) throw notFound();
  return t;
}

export async function getOrganizationExportTemplate(caller: Caller, organizationId: string, id: string) {
  return exportTemplateView(await organizationTemplate(caller, organizationId, id));
}

export async function updateOrganizationExportTemplate(caller: Caller, organizationId: string, id: string, body: ExportColumnsTemplateUpdate) {
  const t = await organizationTemplate(caller, organizationId, id);
  await requireOrgAction(caller, t.organization_id, 'template.update');
  return exportTemplateView(await writeUpdate(t, body, caller));
}

export async function deleteOrganizationExportTemplate(caller: Caller, organizationId: string, id: string) {
  const t = await organizationTemplate(caller, organizationId, id);
  await requireOrgAction(caller, t.organization_id, 'template.delete');
  await db().entities.exportColumnsTemplate.delete({ organization_id: t.organization_id, id: t.id }).go();
}

async function writeUpdate(t: TemplateRecord, body: ExportColumnsTemplateUpdate, caller: Caller) {
  const set: Record<string, unknown> = { updated_by_user_id: caller.user.id };
  if (body.name !== undefined) set.name = body.name;
  if (body.columns !== undefined) set.columns = withIds(body.columns);
  try {
    const { data } = await db()
      .entities.exportColumnsTemplate.patch({ organization_id: t.organization_id, id: t.id })
      .set(set as never)
      .where((attr, o) => o.eq(attr.updated_at, body.updated_at))
      .go({ response: 'all_new' });
    return data as TemplateRecord;
  } catch (error) {
    if (isConditionFailure(error)) throw conflict();
    throw error;
  }
}
