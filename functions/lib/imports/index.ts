/** Organization imports: preview (every problem by row, column and message) and commit (all rows or none). */
import type { ImportKind } from '../../../shared/imports';
import type { ImportPreview, ImportProblem } from '../../../shared/schemas/imports';
import type { Action } from '../../../shared/permissions/actions';
import type { Caller } from '../tenancy/caller';
import { requireCan, requirePlan } from '../hierarchy/access';
import { HttpError } from '../errors';
import { organizationInScope } from '../tenancy/scope';
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

/** The commit's refusal: 400 with every problem beside the message, so the page lists them by row and column. */
const refused = (message: string, problems: ImportProblem[]) => new HttpError(400, message, undefined, { problems });

/** The number of records created (201), or 400 with every problem and nothing written. */
export async function commitImport(caller: Caller, organizationId: string, kind: ImportKind, file: ImportFile): Promise<ImportCommitted> {
  const { preview, resolved } = await resolve(caller, organizationId, kind, file);
  if (preview.problems.length) {
    const n = preview.problems.length;
    throw refused(`The file has ${n} problem${n === 1 ? '' : 's'}; nothing was imported.`, preview.problems);
  }
  if (!resolved.items.length) throw refused('The file has no rows to import; nothing was imported.', []);
  const created = await writeAllOrNothing(resolved.entity, resolved.items);
  return { kind, created };
}
