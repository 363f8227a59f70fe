import { can } from '../../../shared/permissions/actions';
import { patchIfUnchanged } from '../db/optimistic-lock';
import type { Caller } from '../tenancy/caller';
import { requireAction, type CompanyContext } from '../tenancy/company-context';
import { notFound } from '../errors';
import { accessScope, organizationInScope } from '../tenancy/scope';

/**
 * Company- and organization-level template CRUD, shared by the data points templates and the export
 * columns templates: both are stored whole under the organization (company_id set for company
 * templates), so only the entity, the view and how submitted columns are stored differ.
 */

interface TemplateKey {
  organization_id: string;
  id: string;
}

interface TemplateRecordBase extends TemplateKey {
  name: string;
  company_id?: string;
}

/**
 * The part of an ElectroDB template entity used here. Spelled out rather than taken from ElectroDB
 * because its per-entity generics make a union of the two entities uncallable.
 */
export interface TemplateEntity<R, Col> {
  get(key: TemplateKey): { go(): Promise<{ data: R | null }> };
  query: { byOrganization(key: { organization_id: string }): { go(options: { pages: 'all' }): Promise<{ data: R[] }> } };
  create(item: TemplateCreate<Col>): { go(): Promise<{ data: R }> };
  patch(key: TemplateKey): {
    set(values: TemplateSet<Col>): {
      where(condition: (attr: { updated_at: unknown }, op: { eq(attribute: unknown, value: string): string }) => string): {
        go(options: { response: 'all_new' }): Promise<{ data: R }>;
      };
    };
  };
  delete(key: TemplateKey): { go(): Promise<unknown> };
}

/** What a new template is written with: its tenant, name and stored columns. */
interface TemplateCreate<Col> {
  organization_id: string;
  company_id?: string;
  name: string;
  columns: Col[];
  updated_by_user_id: string;
}

/** What an update writes: who, and the name or columns when given. */
interface TemplateSet<Col> {
  name?: string;
  columns?: Col[];
  updated_by_user_id: string;
}

/** Every template a level sees, by name, in a single page. */
interface TemplatePage<V> {
  items: V[];
  next: null;
}

interface TemplateBody<C> {
  name: string;
  columns: C;
}

interface TemplateUpdateBody<C> {
  name?: string;
  columns?: C;
  updated_at: string;
}

export function templateStore<R extends TemplateRecordBase, C, V, Col>(options: {
  /** A function, since the service is bound on first use. */
  entity: () => TemplateEntity<R, Col>;
  view: (t: R) => V;
  columnsWithIds: (columns: C) => Col[];
}) {
  const { entity, view, columnsWithIds } = options;
  const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

  async function find(organizationId: string, id: string): Promise<R | null> {
    const { data } = await entity().get({ organization_id: organizationId, id }).go();
    return data;
  }

  async function inOrganization(organizationId: string): Promise<R[]> {
    const { data } = await entity().query.byOrganization({ organization_id: organizationId }).go({ pages: 'all' });
    return data;
  }

  async function companyTemplate(ctx: CompanyContext, id: string, ownOnly: boolean): Promise<R> {
    const t = await find(ctx.organizationId, id);
    if (!t || (t.company_id && t.company_id !== ctx.companyId) || (ownOnly && t.company_id !== ctx.companyId)) throw notFound();
    return t;
  }

  async function organizationTemplate(caller: Caller, organizationId: string, id: string): Promise<R> {
    const org = await organizationInScope(caller, organizationId);
    const t = await find(org.id, id);
    if (!t) throw notFound();
    return t;
  }

  async function requireOrgAction(caller: Caller, organizationId: string, action: 'template.create' | 'template.update' | 'template.delete') {
    if (!can(caller.user, action, { organization_id: organizationId }, await accessScope(caller))) throw notFound();
  }

  async function remove(t: R): Promise<void> {
    await entity().delete({ organization_id: t.organization_id, id: t.id }).go();
  }

  /** Refused with 409 when the template changed since the caller read it (updated_at). */
  async function writeUpdate(t: R, body: TemplateUpdateBody<C>, caller: Caller): Promise<R> {
    const set: TemplateSet<Col> = { updated_by_user_id: caller.user.id };
    if (body.name !== undefined) set.name = body.name;
    if (body.columns !== undefined) set.columns = columnsWithIds(body.columns);
    const data = await patchIfUnchanged(body.updated_at, (unchanged) =>
      entity()
        .patch({ organization_id: t.organization_id, id: t.id })
        .set(set)
        .where(unchanged)
        .go({ response: 'all_new' }),
    );
    return data;
  }

  return {
    find,

    /** A company sees its own templates and its organization's. */
    async listCompany(ctx: CompanyContext): Promise<TemplatePage<V>> {
      const all = await inOrganization(ctx.organizationId);
      return { items: all.filter((t) => !t.company_id || t.company_id === ctx.companyId).sort(byName).map((t) => view(t)), next: null };
    },

    async createCompany(ctx: CompanyContext, body: TemplateBody<C>): Promise<V> {
      await requireAction(ctx, 'template.create');
      const { data } = await entity()
        .create({
          organization_id: ctx.organizationId,
          company_id: ctx.companyId,
          name: body.name,
          columns: columnsWithIds(body.columns),
          updated_by_user_id: ctx.caller.user.id,
        })
        .go();
      return view(data);
    },

    async getCompany(ctx: CompanyContext, id: string): Promise<V> {
      return view(await companyTemplate(ctx, id, false));
    },

    async updateCompany(ctx: CompanyContext, id: string, body: TemplateUpdateBody<C>): Promise<V> {
      const t = await companyTemplate(ctx, id, true);
      await requireAction(ctx, 'template.update');
      return view(await writeUpdate(t, body, ctx.caller));
    },

    async deleteCompany(ctx: CompanyContext, id: string): Promise<void> {
      const t = await companyTemplate(ctx, id, true);
      await requireAction(ctx, 'template.delete');
      await remove(t);
    },

    /** The organization's own templates and those of its companies (company_id tells them apart). */
    async listOrganization(caller: Caller, organizationId: string): Promise<TemplatePage<V>> {
      const org = await organizationInScope(caller, organizationId);
      return { items: (await inOrganization(org.id)).sort(byName).map((t) => view(t)), next: null };
    },

    async createOrganization(caller: Caller, organizationId: string, body: TemplateBody<C>): Promise<V> {
      const org = await organizationInScope(caller, organizationId);
      await requireOrgAction(caller, org.id, 'template.create');
      const { data } = await entity()
        .create({ organization_id: org.id, name: body.name, columns: columnsWithIds(body.columns), updated_by_user_id: caller.user.id })
        .go();
      return view(data);
    },

    async getOrganization(caller: Caller, organizationId: string, id: string): Promise<V> {
      return view(await organizationTemplate(caller, organizationId, id));
    },

    async updateOrganization(caller: Caller, organizationId: string, id: string, body: TemplateUpdateBody<C>): Promise<V> {
      const t = await organizationTemplate(caller, organizationId, id);
      await requireOrgAction(caller, t.organization_id, 'template.update');
      return view(await writeUpdate(t, body, caller));
    },

    async deleteOrganization(caller: Caller, organizationId: string, id: string): Promise<void> {
      const t = await organizationTemplate(caller, organizationId, id);
      await requireOrgAction(caller, t.organization_id, 'template.delete');
      await remove(t);
    },
  };
}
