import { can } from '../../../shared/permissions/actions';
import { patchIfUnchanged } from '../db/optimistic-lock';
import type {
  AdminDataMappingResponse,
  DataMappingCreate,
  DataMappingResponse,
  DataMappingUpdate,
  MappingLevel,
} from '../../../shared/schemas/data-mapping';
import type { Caller } from '../tenancy/caller';
import { newId, now } from '../db/attributes';
import { ADMIN_MAPPING_OWNER } from '../db/data-mapping';
import { db } from '../db/service';
import { badRequest, notFound } from '../errors';
import { accessScope, organizationInScope } from '../tenancy/scope';
import { requireAction, type CompanyContext } from '../tenancy/company-context';
import type { EntityItem, UpdateEntityItem } from 'electrodb';
import type { DataMappingEntity } from '../db/data-mapping';
import type { DataMappingsAdminWhitelistEntity } from '../db/data-mappings-admin-whitelist';

/**
 * Data mappings (step 5): value translations from the carrier's vocabulary (source) into
 * the baseline's (target), kept at company, organization or admin level. Admin mappings reach
 * organizations through DataMappingsAdminWhitelist rows.
 */
export type { MappingLevel };
export type MappingRecord = NonNullable<Awaited<ReturnType<typeof getMapping>>>;
type WhitelistRow = EntityItem<typeof DataMappingsAdminWhitelistEntity>;
interface Page<T> {
  items: T[];
  next: null;
}

async function getMapping(id: string) {
  const { data } = await db().entities.dataMapping.query.byId({ id }).go();
  return data[0] ?? null;
}

export const levelOf = (m: { owner: string; company_id?: string }): MappingLevel =>
  m.owner === ADMIN_MAPPING_OWNER ? 'ADMIN' : m.company_id ? 'COMPANY' : 'ORGANIZATION';

export function mappingView(m: MappingRecord): DataMappingResponse {
  const { owner: _owner, ...rest } = m;
  return {
    ...rest,
    organization_id: m.owner === ADMIN_MAPPING_OWNER ? null : m.organization_id ?? null,
    company_id: m.company_id ?? null,
    level: levelOf(m),
    fields: m.fields ?? [],
  };
}

/** An admin mapping as the admin reads it: with the organizations it is shared with. */
function adminMappingView(m: MappingRecord, whitelist: WhitelistRow[]): AdminDataMappingResponse {
  return { ...mappingView(m), whitelist };
}

/** Field ids survive an edit for sources that were already there. */
function withFieldIds(fields: DataMappingCreate['fields'], previous: MappingRecord['fields'] = []) {
  const ids = new Map(previous.map((f) => [f.source.trim().toLowerCase(), f.id]));
  const stamp = now();
  return fields.map((f) => ({ id: ids.get(f.source.trim().toLowerCase()) ?? newId(), source: f.source, target: f.target, updated_at: stamp }));
}

async function whitelistedFor(organizationId: string) {
  const { data } = await db().entities.dataMappingsAdminWhitelist.query.byOrganization({ organization_id: organizationId }).go({ pages: 'all' });
  const mappings = await Promise.all(data.map((row) => getMapping(row.data_mapping_id)));
  return mappings.filter((m): m is MappingRecord => !!m && m.owner === ADMIN_MAPPING_OWNER);
}

async function ownedBy(owner: string) {
  const { data } = await db().entities.dataMapping.query.byOwner({ owner }).go({ pages: 'all' });
  return data;
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

/** A mapping a comparison of this company may use: its own, its organization's, or an admin one shared with the organization. */
export async function loadMappingForCompany(ctx: CompanyContext, id: string): Promise<MappingRecord | null> {
  const m = await getMapping(id);
  if (!m) return null;
  if (m.owner === ADMIN_MAPPING_OWNER) {
    if (ctx.caller.user.role === 'ADMIN') return m;
    const { data } = await db().entities.dataMappingsAdminWhitelist.get({ data_mapping_id: m.id, organization_id: ctx.organizationId }).go();
    return data ? m : null;
  }
  if (m.organization_id !== ctx.organizationId) return null;
  return !m.company_id || m.company_id === ctx.companyId ? m : null;
}

// ── Company level ───────────────────────────────────────────────────────────────────────────────

export async function listCompanyMappings(ctx: CompanyContext): Promise<Page<DataMappingResponse>> {
  const [own, shared] = await Promise.all([ownedBy(ctx.organizationId), whitelistedFor(ctx.organizationId)]);
  const items = [...own.filter((m) => !m.company_id || m.company_id === ctx.companyId), ...shared].sort(byName);
  return { items: items.map((m) => mappingView(m)), next: null };
}

export async function createCompanyMapping(ctx: CompanyContext, body: DataMappingCreate): Promise<DataMappingResponse> {
  await requireAction(ctx, 'data-mapping.create');
  const { data } = await db()
    .entities.dataMapping.create({
      owner: ctx.organizationId,
      organization_id: ctx.organizationId,
      company_id: ctx.companyId,
      name: body.name,
      fields: withFieldIds(body.fields),
      updated_by_user_id: ctx.caller.user.id,
    })
    .go();
  return mappingView(data);
}

async function companyMapping(ctx: CompanyContext, id: string) {
  const m = await getMapping(id);
  if (!m || m.owner !== ctx.organizationId || m.company_id !== ctx.companyId) throw notFound();
  return m;
}

export async function getCompanyMapping(ctx: CompanyContext, id: string): Promise<DataMappingResponse> {
  const m = await loadMappingForCompany(ctx, id);
  if (!m) throw notFound();
  return mappingView(m);
}

export async function updateCompanyMapping(ctx: CompanyContext, id: string, body: DataMappingUpdate): Promise<DataMappingResponse> {
  const m = await companyMapping(ctx, id);
  await requireAction(ctx, 'data-mapping.update');
  return mappingView(await writeUpdate(m, body, ctx.caller));
}

export async function deleteCompanyMapping(ctx: CompanyContext, id: string): Promise<void> {
  const m = await companyMapping(ctx, id);
  await requireAction(ctx, 'data-mapping.delete');
  await remove(m);
}

// ── Organization level ──────────────────────────────────────────────────────────────────────────

async function requireOrgAction(caller: Caller, organizationId: string, action: 'data-mapping.create' | 'data-mapping.update' | 'data-mapping.delete') {
  const scope = await accessScope(caller);
  if (!can(caller.user, action, { organization_id: organizationId }, scope)) throw notFound();
}

export async function listOrganizationMappings(caller: Caller, organizationId: string): Promise<Page<DataMappingResponse>> {
  const org = await organizationInScope(caller, organizationId);
  const [own, shared] = await Promise.all([ownedBy(org.id), whitelistedFor(org.id)]);
  return { items: [...own, ...shared].sort(byName).map((m) => mappingView(m)), next: null };
}

export async function createOrganizationMapping(caller: Caller, organizationId: string, body: DataMappingCreate): Promise<DataMappingResponse> {
  const org = await organizationInScope(caller, organizationId);
  await requireOrgAction(caller, org.id, 'data-mapping.create');
  const { data } = await db()
    .entities.dataMapping.create({ owner: org.id, organization_id: org.id, name: body.name, fields: withFieldIds(body.fields), updated_by_user_id: caller.user.id })
    .go();
  return mappingView(data);
}

async function organizationMapping(caller: Caller, organizationId: string, id: string) {
  const org = await organizationInScope(caller, organizationId);
  const m = await getMapping(id);
  if (!m || m.owner !== org.id) throw notFound();
  return m;
}

export async function getOrganizationMapping(caller: Caller, organizationId: string, id: string): Promise<DataMappingResponse> {
  const org = await organizationInScope(caller, organizationId);
  const m = await getMapping(id);
  if (!m) throw notFound();
  if (m.owner === org.id) return mappingView(m);
  if (m.owner === ADMIN_MAPPING_OWNER && (await whitelistedFor(org.id)).some((x) => x.id === m.id)) return mappingView(m);
  throw notFound();
}

export async function updateOrganizationMapping(caller: Caller, organizationId: string, id: string, body: DataMappingUpdate): Promise<DataMappingResponse> {
  const m = await organizationMapping(caller, organizationId, id);
  await requireOrgAction(caller, m.owner, 'data-mapping.update');
  return mappingView(await writeUpdate(m, body, caller));
}

export async function deleteOrganizationMapping(caller: Caller, organizationId: string, id: string): Promise<void> {
  const m = await organizationMapping(caller, organizationId, id);
  await requireOrgAction(caller, m.owner, 'data-mapping.delete');
  await remove(m);
}

// ── Admin level (the role gate lets only ADMIN reach /api/admin) ─────────────────────────────────

async function adminWhitelist(id: string): Promise<WhitelistRow[]> {
  const { data } = await db().entities.dataMappingsAdminWhitelist.query.byMapping({ data_mapping_id: id }).go({ pages: 'all' });
  return data;
}

export async function listAdminMappings(): Promise<Page<AdminDataMappingResponse>> {
  const items = (await ownedBy(ADMIN_MAPPING_OWNER)).sort(byName);
  const rows = await Promise.all(items.map((m) => adminWhitelist(m.id)));
  return { items: items.map((m, i) => adminMappingView(m, rows[i] ?? [])), next: null };
}

export async function createAdminMapping(caller: Caller, body: DataMappingCreate): Promise<AdminDataMappingResponse> {
  const { data } = await db()
    .entities.dataMapping.create({ owner: ADMIN_MAPPING_OWNER, name: body.name, fields: withFieldIds(body.fields), updated_by_user_id: caller.user.id })
    .go();
  return adminMappingView(data, []);
}

async function adminMapping(id: string) {
  const m = await getMapping(id);
  if (!m || m.owner !== ADMIN_MAPPING_OWNER) throw notFound();
  return m;
}

export async function getAdminMapping(id: string): Promise<AdminDataMappingResponse> {
  const m = await adminMapping(id);
  return adminMappingView(m, await adminWhitelist(m.id));
}

export async function updateAdminMapping(caller: Caller, id: string, body: DataMappingUpdate): Promise<AdminDataMappingResponse> {
  const m = await adminMapping(id);
  return adminMappingView(await writeUpdate(m, body, caller), await adminWhitelist(m.id));
}

export async function deleteAdminMapping(id: string): Promise<void> {
  const m = await adminMapping(id);
  const rows = await adminWhitelist(m.id);
  if (rows.length) await db().entities.dataMappingsAdminWhitelist.delete(rows.map((r) => ({ data_mapping_id: r.data_mapping_id, organization_id: r.organization_id }))).go();
  await remove(m);
}

export async function listMappingWhitelist(id: string): Promise<Page<WhitelistRow>> {
  const m = await adminMapping(id);
  return { items: await adminWhitelist(m.id), next: null };
}

/** Shares an admin mapping with an organization; sharing twice answers the existing row. */
export async function addMappingWhitelist(caller: Caller, id: string, organizationId: string): Promise<WhitelistRow> {
  const m = await adminMapping(id);
  const { data: org } = await db().entities.organization.get({ id: organizationId }).go();
  if (!org) throw badRequest('There is no such organization.', { organization_id: 'Unknown organization' });
  const { data: existing } = await db().entities.dataMappingsAdminWhitelist.get({ data_mapping_id: m.id, organization_id: org.id }).go();
  if (existing) return existing;
  const { data } = await db()
    .entities.dataMappingsAdminWhitelist.create({ data_mapping_id: m.id, organization_id: org.id, created_by_user_id: caller.user.id })
    .go();
  return data;
}

export async function removeMappingWhitelist(id: string, organizationId: string): Promise<void> {
  const m = await adminMapping(id);
  const { data } = await db().entities.dataMappingsAdminWhitelist.get({ data_mapping_id: m.id, organization_id: organizationId }).go();
  if (!data) throw notFound();
  await db().entities.dataMappingsAdminWhitelist.delete({ data_mapping_id: m.id, organization_id: organizationId }).go();
}

// ── Shared writes ───────────────────────────────────────────────────────────────────────────────

async function writeUpdate(m: MappingRecord, body: DataMappingUpdate, caller: Caller): Promise<MappingRecord> {
  const set: UpdateEntityItem<typeof DataMappingEntity> = { updated_by_user_id: caller.user.id };
  if (body.name !== undefined) set.name = body.name;
  if (body.inactive !== undefined) set.inactive = body.inactive;
  if (body.fields !== undefined) set.fields = withFieldIds(body.fields, m.fields);
  const data = await patchIfUnchanged(body.updated_at, (unchanged) =>
    db()
      .entities.dataMapping.patch({ owner: m.owner, id: m.id })
      .set(set)
      .where(unchanged)
      .go({ response: 'all_new' }),
  );
  return data;
}

async function remove(m: MappingRecord) {
  await db().entities.dataMapping.delete({ owner: m.owner, id: m.id }).go();
}
