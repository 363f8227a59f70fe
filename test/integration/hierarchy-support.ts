import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { api } from '../support/api';

/** Helpers of the hierarchy tests: every test builds its own tenant with unique names. */
export const ADMIN = 'admin@demo.example';
export const unique = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;

export async function created<T = any>(path: string, body: unknown, as = ADMIN): Promise<T> {
  const res = await api('POST', path, { as, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as T;
}

export async function newOrganization(fields: Record<string, unknown> = {}) {
  return created('/api/admin/organizations', { name: unique('Org'), plan: 'DVP_PLATINUM_ELITE', ...fields });
}

export async function newCompany(organizationId: string, fields: Record<string, unknown> = {}, as = ADMIN) {
  return created(`/api/organizations/${organizationId}/companies`, { name: unique('Company'), ...fields }, as);
}

export async function newCarrier(name = unique('Carrier')) {
  return created('/api/carriers', { name });
}

/** An organization with a company, a carrier on it and a plan. */
export async function newCarrierTree() {
  const organization = await newOrganization();
  const company = await newCompany(organization.id);
  const carrier = await newCarrier();
  const companyCarrier = await created(`/api/companies/${company.id}/company_carriers`, { carrier_id: carrier.id, renewal_month: 'JANUARY' });
  const plan = await created(`/api/companies/${company.id}/company_carriers/${companyCarrier.id}/company_carrier_plans`, {
    name: 'PPO 500',
    benefit_type: 'MEDICAL',
    number_of_eligible: 40,
    number_of_enrolled: 32,
  });
  return { organization, company, carrier, companyCarrier, plan };
}

/** The demo organization 1 ('Harbor Benefits Group') and its company 1, as their users see them. */
export async function demoTenant() {
  const orgAdmin = (await api('GET', '/api/me', { as: 'org-admin@demo.example' })).body;
  const companyAdmin = (await api('GET', '/api/me', { as: 'company-admin@demo.example' })).body;
  const agencyAdmin = (await api('GET', '/api/me', { as: 'agency-admin@demo.example' })).body;
  return { organizationId: orgAdmin.organization_id as string, companyId: companyAdmin.company_id as string, agencyId: agencyAdmin.agency_id as string };
}
