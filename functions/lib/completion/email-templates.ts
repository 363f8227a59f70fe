import { EMAIL_PLACEHOLDERS, defaultEmailTemplate } from '../../../shared/email-templates';
import { EmailType } from '../../../shared/email-types';
import { can } from '../../../shared/permissions/actions';
import { planIncludes } from '../../../shared/plans';
import type { EmailTemplatePut, EmailTemplateResponse } from '../../../shared/schemas/email-template';
import type { Caller } from '../tenancy/caller';
import { emailTemplateSlot } from '../db/email-template';
import { db } from '../db/service';
import { conflict, notFound } from '../errors';
import { requirePlan } from '../hierarchy/access';
import { accessScope, companyInScope, organizationInScope } from '../tenancy/scope';
import { isConditionFailure } from '../db/conditions';

/**
 * E-mail template reads and writes. A read lists every e-mail type with the template a send would
 * use at that level and where it comes from (COMPANY, ORGANIZATION, PLATFORM or DEFAULT), so a page
 * shows what people will receive. Writes (organization and company level) need the
 * 'email-template.update' role and a plan with custom e-mail templates (403 with the SPEC §8
 * message otherwise); a DELETE returns the level to the one above.
 */
type Source = 'COMPANY' | 'ORGANIZATION' | 'PLATFORM' | 'DEFAULT';

interface Stored {
  id: string;
  email_type: string;
  subject: string;
  body: string;
  updated_at: string;
  updated_by_user_id?: string;
  company_id?: string;
  organization_id?: string;
}

async function platformStored(): Promise<Map<string, Stored>> {
  const { data } = await db().entities.platformEmailTemplate.query.byType({}).go({ pages: 'all' });
  return new Map(data.map((t) => [t.email_type, t as Stored]));
}

function row(type: EmailType, chosen: Stored | null, source: Source, own: boolean): EmailTemplateResponse {
  const text = chosen ?? defaultEmailTemplate(type);
  return {
    id: own && chosen ? chosen.id : null,
    email_type: type,
    label: EmailType.label(type),
    subject: text.subject,
    body: text.body,
    source,
    /** True when this level has its own template (it can be reset). */
    customized: own,
    placeholders: [...(EMAIL_PLACEHOLDERS[type] ?? [])],
    updated_at: chosen?.updated_at ?? null,
    updated_by_user_id: chosen?.updated_by_user_id ?? null,
  };
}

/** GET /api/platform-email-templates. */
export async function listPlatformTemplates() {
  const stored = await platformStored();
  return { items: EmailType.values.map((t) => platformRow(t, stored)), next: null };
}

function platformRow(type: EmailType, stored: Map<string, Stored>) {
  const own = stored.get(type) ?? null;
  return row(type, own, own ? 'PLATFORM' : 'DEFAULT', !!own);
}

/**
 * PUT /api/platform-email-templates/{email_type}: the platform's own text of a type. The route's
 * gate keeps it to the DMS Admin; a stale or missing updated_at on a stored text is a 409.
 */
export async function putPlatformTemplate(caller: Caller, type: EmailType, body: EmailTemplatePut) {
  const entity = db().entities.platformEmailTemplate;
  const { data: existing } = await entity.get({ email_type: type }).go();
  try {
    if (existing) {
      if (!body.updated_at || body.updated_at !== existing.updated_at) throw conflict();
      await entity
        .patch({ email_type: type })
        .set({ subject: body.subject, body: body.body, updated_by_user_id: caller.user.id })
        .where((a, o) => o.eq(a.updated_at, existing.updated_at))
        .go();
    } else {
      await entity.create({ email_type: type, subject: body.subject, body: body.body, updated_by_user_id: caller.user.id }).go();
    }
  } catch (error) {
    if (isConditionFailure(error)) throw conflict();
    throw error;
  }
  return platformRow(type, await platformStored());
}

/** DELETE /api/platform-email-templates/{email_type}: back to the built-in default text; answers it. */
export async function deletePlatformTemplate(type: EmailType) {
  await db().entities.platformEmailTemplate.delete({ email_type: type }).go();
  return platformRow(type, await platformStored());
}

async function levelTemplates(organizationId: string, companyId: string | null) {
  const [{ data }, platform] = await Promise.all([
    db().entities.emailTemplate.query.byOrganization({ organization_id: organizationId }).go({ pages: 'all' }),
    platformStored(),
  ]);
  const bySlot = new Map(data.map((t) => [t.slot, t as Stored]));
  return EmailType.values.map((type) => {
    const company = companyId ? bySlot.get(emailTemplateSlot(companyId, type)) : undefined;
    if (company) return row(type, company, 'COMPANY', true);
    const org = bySlot.get(emailTemplateSlot(null, type));
    if (org) return row(type, org, 'ORGANIZATION', !companyId);
    const p = platform.get(type);
    return row(type, p ?? null, p ? 'PLATFORM' : 'DEFAULT', false);
  });
}

function planInfo(organization: { plan?: string | null }) {
  return { plan_supports_templates: planIncludes(organization.plan, 'email-templates') };
}

/** GET /api/organizations/{id}/email_templates. */
export async function listOrganizationEmailTemplates(caller: Caller, organizationId: string) {
  const org = await organizationInScope(caller, organizationId);
  return { items: await levelTemplates(org.id, null), next: null, ...planInfo(org) };
}

/** GET /api/companies/{id}/email_templates. */
export async function listCompanyEmailTemplates(caller: Caller, companyId: string) {
  const company = await companyInScope(caller, companyId);
  const { data: org } = await db().entities.organization.get({ id: company.organization_id }).go();
  return { items: await levelTemplates(company.organization_id, company.id), next: null, ...planInfo(org ?? {}) };
}

async function writable(caller: Caller, organizationId: string, companyId: string | null) {
  const organization = companyId ? null : await organizationInScope(caller, organizationId);
  const company = companyId ? await companyInScope(caller, companyId) : null;
  const orgId = company?.organization_id ?? organization!.id;
  const scope = { ...(await accessScope(caller)), companyOrganizationId: orgId };
  if (!can(caller.user, 'email-template.update', { organization_id: orgId, company_id: company?.id ?? null }, scope)) throw notFound();
  const org = organization ?? (await db().entities.organization.get({ id: orgId }).go()).data;
  if (!org) throw notFound();
  requirePlan(org, 'email-templates');
  return { organizationId: orgId, companyId: company?.id ?? null };
}

async function put(caller: Caller, level: { organizationId: string; companyId: string | null }, type: EmailType, body: EmailTemplatePut) {
  const key = { organization_id: level.organizationId, slot: emailTemplateSlot(level.companyId, type) };
  const entity = db().entities.emailTemplate;
  const { data: existing } = await entity.get(key).go();
  try {
    if (existing) {
      if (!body.updated_at || body.updated_at !== existing.updated_at) throw conflict();
      await entity
        .patch(key)
        .set({ subject: body.subject, body: body.body, updated_by_user_id: caller.user.id })
        .where((a, o) => o.eq(a.updated_at, existing.updated_at))
        .go();
    } else {
      await entity
        .create({
          ...key,
          ...(level.companyId ? { company_id: level.companyId } : {}),
          email_type: type,
          subject: body.subject,
          body: body.body,
          updated_by_user_id: caller.user.id,
        })
        .go();
    }
  } catch (error) {
    if (isConditionFailure(error)) throw conflict();
    throw error;
  }
  const items = await levelTemplates(level.organizationId, level.companyId);
  return items.find((i) => i.email_type === type)!;
}

async function remove(level: { organizationId: string; companyId: string | null }, type: EmailType) {
  await db().entities.emailTemplate.delete({ organization_id: level.organizationId, slot: emailTemplateSlot(level.companyId, type) }).go();
  const items = await levelTemplates(level.organizationId, level.companyId);
  return items.find((i) => i.email_type === type)!;
}

export async function putOrganizationEmailTemplate(caller: Caller, organizationId: string, type: EmailType, body: EmailTemplatePut) {
  return put(caller, await writable(caller, organizationId, null), type, body);
}
export async function deleteOrganizationEmailTemplate(caller: Caller, organizationId: string, type: EmailType) {
  return remove(await writable(caller, organizationId, null), type);
}
export async function putCompanyEmailTemplate(caller: Caller, companyId: string, type: EmailType, body: EmailTemplatePut) {
  return put(caller, await writable(caller, '', companyId), type, body);
}
export async function deleteCompanyEmailTemplate(caller: Caller, companyId: string, type: EmailType) {
  return remove(await writable(caller, '', companyId), type);
}
