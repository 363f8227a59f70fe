/** Companies of an organization. Names are unique within the organization (imports match on them). */
import type { EntityItem } from 'electrodb';
import { COMPANY_CONTACTS } from '../../../shared/permissions/contacts';
import type { CompanyCreate, CompanyUpdate } from '../../../shared/schemas/company';
import { today } from '../../../shared/schemas/fields';
import type { Deactivate } from '../../../shared/schemas/organization';
import type { Caller } from '../tenancy/caller';
import { deleteCompanyConversions } from '../carrier-file-conversions/conversions';
import type { CompanyEntity } from '../db/company';
import { db } from '../db/service';
import { notFound } from '../errors';
import { pageOfQuery, type PageRequest } from '../pagination';
import { companyInScope, organizationKeyInScope } from '../tenancy/scope';
import { lockedPatch, organizationForWrite, plainPatch, present } from './access';
import { fieldError, sameName } from './common';
import { checkContacts } from './contacts';
import { benefitAdminSystemOf } from './organization-settings';

type Company = EntityItem<typeof CompanyEntity>;

export const DUPLICATE_COMPANY = 'A company with this name already exists in this organization';

export async function companiesOf(organizationId: string) {
  const { data } = await db().entities.company.query.byOrganization({ organization_id: organizationId }).go({ pages: 'all' });
  return data;
}

export async function listCompanies(caller: Caller, organizationId: string, page: PageRequest) {
  const organization = await organizationKeyInScope(caller, organizationId);
  return pageOfQuery(db().entities.company.query.byOrganization({ organization_id: organization.id }), page);
}

export const getCompany = (caller: Caller, id: string) => companyInScope(caller, id);

async function checkCompanyFields(organizationId: string, fields: Partial<CompanyCreate>, current?: Company) {
  const ownId = current?.id;
  if (fields.name) {
    const clash = (await companiesOf(organizationId)).find((c) => c.id !== ownId && sameName(c.name, fields.name));
    if (clash) throw fieldError('name', DUPLICATE_COMPANY);
  }
  if (fields.organization_benefit_admin_system_id && !(await benefitAdminSystemOf(organizationId, fields.organization_benefit_admin_system_id))) {
    throw fieldError('organization_benefit_admin_system_id', 'Unknown benefit admin system for this organization');
  }
  await checkContacts(fields, COMPANY_CONTACTS, { organizationId, company: current }, current);
}

export async function createCompany(caller: Caller, organizationId: string, body: CompanyCreate) {
  const organization = await organizationForWrite(caller, organizationId, 'company.create');
  await checkCompanyFields(organization.id, body);
  const { data } = await db().entities.company.create({ ...present(body), organization_id: organization.id }).go();
  return data;
}

/** The company of the path, when it belongs to the organization of the path. */
async function companyOf(organizationId: string, id: string) {
  const { data } = await db().entities.company.get({ organization_id: organizationId, id }).go();
  if (!data) throw notFound();
  return data;
}

export async function updateCompany(caller: Caller, organizationId: string, id: string, body: CompanyUpdate) {
  const organization = await organizationForWrite(caller, organizationId, 'company.update');
  const current = await companyOf(organization.id, id);
  await checkCompanyFields(organization.id, body, current);
  const { updated_at, ...fields } = body;
  return lockedPatch<Company>(db().entities.company, { organization_id: organization.id, id }, fields, updated_at);
}

/**
 * DELETE deactivates: inactive, with a termination date (today unless given) and reason. The
 * company's carrier file conversions (working copies of SSNs and birth dates) are deleted with it.
 */
export async function deactivateCompany(caller: Caller, organizationId: string, id: string, body: Deactivate) {
  const organization = await organizationForWrite(caller, organizationId, 'company.delete');
  const company = await companyOf(organization.id, id);
  const deactivated = await plainPatch<Company>(db().entities.company, { organization_id: organization.id, id }, {
    inactive: true,
    termination_date: body?.termination_date ?? company.termination_date ?? today(),
    termination_reason: body?.termination_reason ?? company.termination_reason ?? undefined,
  });
  await deleteCompanyConversions(organization.id, id);
  return deactivated;
}
