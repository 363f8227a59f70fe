/** Organization imports: preview (every problem by row, column and message) and commit (all rows or none). */
import type { ImportKind, ImportPreview, ImportProblem } from '../../../shared/imports';
import type { Action } from '../../../shared/permissions/actions';
import type { Caller } from '../caller';
import { requireCan, requirePlan } from '../hierarchy/access';
import type { HttpResult } from '../http';
import { organizationInScope } from '../scope';
import { RESOLVERS } from './kinds';
import type { ImportFile } from '../../../shared/schemas/imports';
import { readImportFile } from './read';
import { writeAllOrNothing } from './write';

export { importTemplate } from './template';

const ACTION: Record<ImportKind, Action> = {
  companies: 'company.import',
  company_carriers: 'company-carrier.import',
  company_carrier_plans: 'company-carrier.import',
};

/** The organization, when the caller may import this kind into it (404), on a plan that allows it (403). */
export async function organizationForImport(caller: Caller, organizationId: string, kind: ImportKind, write: boolean) {
  const organization = await organizationInScope(caller, organizationId);
  if (write) await requireCan(caller, ACTION[kind], { organization_id: organization.id });
  if (kind !== 'companies') requirePlan(organization, 'carriers');
  return organization;
}

async function resolve(caller: Caller, organizationId: string, kind: ImportKind, file: ImportFile) {
  const organization = await organizationForImport(caller, organizationId, kind, true);
  const sheet = await readImportFile(kind, file);
  const resolved = await RESOLVERS[kind](sheet.rows, { organizationId: organization.id, userId: caller.user.id });
  const problems = [...sheet.problems, ...resolved.problems].sort((a, b) => a.row - b.row);
  const preview: ImportPreview = { kind, worksheet_name: sheet.worksheet_name, columns: sheet.columns, rows: resolved.rows, problems };
  return { preview, resolved };
}

export async function previewImport(caller: Caller, organizationId: string, kind: ImportKind, file: ImportFile): Promise<ImportPreview> {
  return (await resolve(caller, organizationId, kind, file)).preview;
}

export interface ImportCommitted {
  kind: ImportKind;
  created: number;
}

/**
 * The commit's refusal: 400 with every problem beside the message, so the page lists them by row
 * and column. That body is wider than the API's error shape `{ message, errors? }`, which is why
 * it is built here as a plain result rather than thrown.
 */
function refused(message: string, problems: ImportProblem[]): HttpResult<ImportCommitted> {
  const answer: HttpResult = { __http: true, status: 400, body: { message, problems } };
  return answer as HttpResult<ImportCommitted>;
}

/** The number of records created (201), or 400 with every problem and nothing written. */
export async function commitImport(caller: Caller, organizationId: string, kind: ImportKind, file: ImportFile): Promise<ImportCommitted | HttpResult<ImportCommitted>> {
  const { preview, resolved } = await resolve(caller, organizationId, kind, file);
  if (preview.problems.length) {
    const n = preview.problems.length;
    return refused(`The file has ${n} problem${n === 1 ? '' : 's'}; nothing was imported.`, preview.problems);
  }
  if (!resolved.items.length) return refused('The file has no rows to import; nothing was imported.', []);
  const created = await writeAllOrNothing(resolved.entity, resolved.items);
  return { kind, created };
}
