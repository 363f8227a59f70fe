import { can } from '../../../shared/permissions/actions';
import type { DataPointsTemplateCreate, DataPointsTemplateUpdate } from '../../../shared/schemas/data-points-template';
import type { Caller } from '../caller';
import { newId } from '../db/attributes';
import { db } from '../db/service';
import { badRequest, conflict, notFound } from '../errors';
import { accessScope, organizationInScope } from '../scope';
import { isConditionFailure, loadComparison, requireAction, type CompanyContext } from './context';
import { loadDataPoints, saveDataPoints } from './data-points';
import { parsedSides } from './parsed';

/**
 * Data points templates (SPEC §3): a saved selection of column pairs, at company or organization
 * level, applied to a comparison whose files have those columns.
 */
type TemplateRecord = NonNullable<Awaited<ReturnType<typeof getTemplate>>>;

async function getTemplate(organizationId: string, id: string) {
  const { data } = await db().entities.dataPointsTemplate.get({ organization_id: organizationId, id }).go();
  return data;
}

export function templateView(t: TemplateRecord) {
  return { ...t, company_id: t.company_id ?? null, level: t.company_id ? 'COMPANY' : 'ORGANIZATION', columns: t.columns ?? [] };
}

const withIds = (columns: DataPointsTemplateCreate['columns']) => columns.map((c) => ({ id: newId(), ...c }));
const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

async function inOrganization(organizationId: string) {
  const { data } = await db().entities.dataPointsTemplate.query.byOrganization({ organization_id: organizationId }).go({ pages: 'all' });
  return data;
}

/** A company sees its own templates and its organization's. */
export async function listCompanyTemplates(ctx: CompanyContext) {
  const all = await inOrganization(ctx.organizationId);
  return { items: all.filter((t) => !t.company_id || t.company_id === ctx.companyId).sort(byName).map(templateView), next: null };
}

export async function createCompanyTemplate(ctx: CompanyContext, body: DataPointsTemplateCreate) {
  await requireAction(ctx, 'template.create');
  const { data } = await db()
    .entities.dataPointsTemplate.create({
      organization_id: ctx.organizationId,
      company_id: ctx.companyId,
      name: body.name,
      columns: withIds(body.columns),
      updated_by_user_id: ctx.caller.user.id,
    })
    .go();
  return templateView(data);
}

async function companyTemplate(ctx: CompanyContext, id: string, ownOnly: boolean) {
  const t = await getTemplate(ctx.organizationId, id);
  if (!t || (t.company_id && t.company_id !== ctx.companyId) || (ownOnly && t.company_id !== ctx.companyId)) throw notFound();
  return t;
}

export async function getCompanyTemplate(ctx: CompanyContext, id: string) {
  return templateView(await companyTemplate(ctx, id, false));
}

export async function updateCompanyTemplate(ctx: CompanyContext, id: string, body: DataPointsTemplateUpdate) {
  const t = await companyTemplate(ctx, id, true);
  await requireAction(ctx, 'template.update');
  return templateView(await writeUpdate(t, body, ctx.caller));
}

export async function deleteCompanyTemplate(ctx: CompanyContext, id: string) {
  const t = await companyTemplate(ctx, id, true);
  await requireAction(ctx, 'template.delete');
  await db().entities.dataPointsTemplate.delete({ organization_id: t.organization_id, id: t.id }).go();
}

async function requireOrgAction(caller: Caller, organizationId: string, action: 'template.create' | 'template.update' | 'template.delete') {
  if (!can(caller.user, action, { organization_id: organizationId }, await accessScope(caller))) throw notFound();
}

/** The organization's own templates and those of its companies (company_id tells them apart). */
export async function listOrganizationTemplates(caller: Caller, organizationId: string) {
  const org = await organizationInScope(caller, organizationId);
  return { items: (await inOrganization(org.id)).sort(byName).map(templateView), next: null };
}

export async function createOrganizationTemplate(caller: Caller, organizationId: string, body: DataPointsTemplateCreate) {
  const org = await organizationInScope(caller, organizationId);
  await requireOrgAction(caller, org.id, 'template.create');
  const { data } = await db()
    .entities.dataPointsTemplate.create({ organization_id: org.id, name: body.name, columns: withIds(body.columns), updated_by_user_id: caller.user.id })
    .go();
  return templateView(data);
}

async function organizationTemplate(caller: Caller, organizationId: string, id: string) {
  const org = await organizationInScope(caller, organizationId);
  const t = await getTemplate(org.id, id);
  if (!t) throw notFound();
  return t;
}

export async function getOrganizationTemplate(caller: Caller, organizationId: string, id: string) {
  return templateView(await organizationTemplate(caller, organizationId, id));
}

export async function updateOrganizationTemplate(caller: Caller, organizationId: string, id: string, body: DataPointsTemplateUpdate) {
  const t = await organizationTemplate(caller, organizationId, id);
  await requireOrgAction(caller, t.organization_id, 'template.update');
  return templateView(await writeUpdate(t, body, caller));
}

export async function deleteOrganizationTemplate(caller: Caller, organizationId: string, id: string) {
  const t = await organizationTemplate(caller, organizationId, id);
  await requireOrgAction(caller, t.organization_id, 'template.delete');
  await db().entities.dataPointsTemplate.delete({ organization_id: t.organization_id, id: t.id }).go();
}

async function writeUpdate(t: TemplateRecord, body: DataPointsTemplateUpdate, caller: Caller) {
  const set: Record<string, unknown> = { updated_by_user_id: caller.user.id };
  if (body.name !== undefined) set.name = body.name;
  if (body.columns !== undefined) set.columns = withIds(body.columns);
  try {
    const { data } = await db()
      .entities.dataPointsTemplate.patch({ organization_id: t.organization_id, id: t.id })
      .set(set as never)
      .where((attr, o) => o.eq(attr.updated_at, body.updated_at))
      .go({ response: 'all_new' });
    return data as TemplateRecord;
  } catch (error) {
    if (isConditionFailure(error)) throw conflict();
    throw error;
  }
}

/**
 * POST …/data_points/apply_template: the template's pairs whose columns are in both files replace
 * the comparison's data points (the same rules and checks as PUT). Pairs already chosen keep their
 * mapping and date format. Pairs missing from the files are reported in `skipped`.
 */
export async function applyTemplate(ctx: CompanyContext, comparisonId: string, templateId: string) {
  const comparison = await loadComparison(ctx, comparisonId);
  const template = await getTemplate(ctx.organizationId, templateId);
  if (!template || (template.company_id && template.company_id !== ctx.companyId)) {
    throw badRequest('There is no such template for this company.', { template_id: 'Unknown template' });
  }
  const sides = await parsedSides(ctx, comparison);
  const existing = new Map((await loadDataPoints(ctx, comparison.id)).map((p) => [`${p.baseline_column_name}\u0000${p.secondary_column_name}`, p]));
  const usable = template.columns.filter(
    (c) => (sides.baseline.columns ?? []).includes(c.baseline_column_name) && (sides.secondary.columns ?? []).includes(c.secondary_column_name),
  );
  const skipped = template.columns
    .filter((c) => !usable.includes(c))
    .map((c) => ({ baseline_column_name: c.baseline_column_name, secondary_column_name: c.secondary_column_name }));
  if (!usable.length) throw badRequest('None of the template’s columns are in both files.', { template_id: 'No matching columns' });
  const saved = await saveDataPoints(
    ctx,
    comparison.id,
    usable.map((c) => {
      const before = existing.get(`${c.baseline_column_name}\u0000${c.secondary_column_name}`);
      return {
        baseline_column_name: c.baseline_column_name,
        secondary_column_name: c.secondary_column_name,
        is_unique_identifier: c.is_unique_identifier,
        date_format: (before?.date_format as never) ?? null,
        discrepancy_function: (before?.discrepancy_function as never) ?? null,
        data_mapping_id: before?.data_mapping_id ?? null,
        tolerance: before?.tolerance ?? null,
      };
    }),
  );
  return { ...saved, skipped };
}
