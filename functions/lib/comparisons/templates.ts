import type { EntityItem } from 'electrodb';
import type { AppliedTemplateResponse } from '../../../shared/schemas/data-point';
import type { DataPointsTemplateCreate, DataPointsTemplateResponse } from '../../../shared/schemas/data-points-template';
import { newId } from '../db/attributes';
import type { DataPointsTemplateEntity } from '../db/data-points-template';
import { db } from '../db/service';
import { badRequest } from '../errors';
import { templateStore } from '../templates/template-store';
import { loadComparison } from './comparison-record';
import type { CompanyContext } from '../tenancy/company-context';
import { loadDataPoints, saveDataPoints } from './data-points';
import { parsedSides } from './parsed';
import { dataPointView } from './views';

/**
 * Data points templates (SPEC §3): a saved selection of column pairs, at company or organization
 * level, applied to a comparison whose files have those columns.
 */
type TemplateRecord = EntityItem<typeof DataPointsTemplateEntity>;

export function templateView(t: TemplateRecord): DataPointsTemplateResponse {
  return { ...t, company_id: t.company_id ?? null, level: t.company_id ? 'COMPANY' : 'ORGANIZATION', columns: t.columns ?? [] };
}

const store = templateStore({
  entity: () => db().entities.dataPointsTemplate,
  view: templateView,
  columnsWithIds: (columns: DataPointsTemplateCreate['columns']) => columns.map((c) => ({ id: newId(), ...c })),
});
const getTemplate = store.find;

export const listCompanyTemplates = store.listCompany;
export const createCompanyTemplate = store.createCompany;
export const getCompanyTemplate = store.getCompany;
export const updateCompanyTemplate = store.updateCompany;
export const deleteCompanyTemplate = store.deleteCompany;
export const listOrganizationTemplates = store.listOrganization;
export const createOrganizationTemplate = store.createOrganization;
export const getOrganizationTemplate = store.getOrganization;
export const updateOrganizationTemplate = store.updateOrganization;
export const deleteOrganizationTemplate = store.deleteOrganization;

/**
 * POST …/data_points/apply_template: the template's pairs whose columns are in both files replace
 * the comparison's data points (the same rules and checks as PUT). Pairs already chosen keep their
 * mapping and date format. Pairs missing from the files are reported in `skipped`.
 */
export async function applyTemplate(ctx: CompanyContext, comparisonId: string, templateId: string): Promise<AppliedTemplateResponse> {
  const comparison = await loadComparison(ctx, comparisonId);
  const template = await getTemplate(ctx.organizationId, templateId);
  if (!template || (template.company_id && template.company_id !== ctx.companyId)) {
    throw badRequest('There is no such template for this company.', { template_id: 'Unknown template' });
  }
  const sides = await parsedSides(ctx, comparison);
  const existing = new Map((await loadDataPoints(ctx, comparison.id)).map((p) => [`${p.baseline_column_name}\u0000${p.secondary_column_name}`, dataPointView(p)]));
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
        date_format: before?.date_format ?? null,
        discrepancy_function: before?.discrepancy_function ?? null,
        data_mapping_id: before?.data_mapping_id ?? null,
        tolerance: before?.tolerance ?? null,
      };
    }),
  );
  return { ...saved, skipped };
}
