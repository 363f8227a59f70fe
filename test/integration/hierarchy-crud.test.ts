import { describe, expect, it } from 'vitest';
import { PLAN_DOES_NOT_SUPPORT_CARRIERS } from '../../shared/messages';
import { api } from '../support/api';
import { ADMIN, created, demoTenant, newCarrier, newCarrierTree, newCompany, newOrganization, unique } from './hierarchy-support';

describe('an admin builds the hierarchy through the API', () => {
  it('creates agency → organization → company → company carrier → plan, each 201 and readable back', async () => {
    const agency = await created('/api/admin/agencies', { name: unique('Agency'), notes: 'Brokers of the north' });
    const organization = await created('/api/admin/organizations', {
      name: unique('Org'),
      plan: 'DVP_PLATINUM_ELITE',
      admin_comparer_limit: 3,
      billing_email: 'billing@example.com',
      billing_phone: '(555) 123-4567',
      contract_renewal_month: 'MARCH',
      first_demo_date: '2025-01-15',
    });
    const link = await created(`/api/organizations/${organization.id}/agencies`, { agency_id: agency.id, agency_management_type: 'ORGANIZATION_PRIMARY' });
    const company = await created(`/api/organizations/${organization.id}/companies`, { name: unique('Company'), activation_date: '2025-02-01' });
    const carrier = await newCarrier();
    const companyCarrier = await created(`/api/companies/${company.id}/company_carriers`, {
      carrier_id: carrier.id,
      group_number: 'G-100',
      renewal_month: 'JULY',
      renewal_kickoff_days_in_advance: 60,
      carrier_invoice_day_of_month: 31,
      contact_email: 'rep@carrier.example',
      eligibility_management_type: 'BBS_MANAGED_EDI',
      inception_date: '2024-07-01',
    });
    const plan = await created(`/api/companies/${company.id}/company_carriers/${companyCarrier.id}/company_carrier_plans`, {
      name: 'Dental High',
      benefit_type: 'DENTAL',
      number_of_eligible: 100,
      number_of_enrolled: 80,
    });

    expect(organization).toMatchObject({ plan: 'DVP_PLATINUM_ELITE', billing_phone: '+15551234567', inactive: false });
    expect(link).toMatchObject({ agency_id: agency.id, agency_name: agency.name });
    expect(companyCarrier).toMatchObject({ company_id: company.id, organization_id: organization.id, carrier_invoice_day_of_month: 31 });
    expect((await api('GET', `/api/agencies/${agency.id}`, { as: ADMIN })).body).toMatchObject({ name: agency.name });
    expect((await api('GET', `/api/organizations/${organization.id}`, { as: ADMIN })).body).toMatchObject({ name: organization.name });
    expect((await api('GET', `/api/companies/${company.id}`, { as: ADMIN })).body).toMatchObject({ name: company.name });
    const carriers = await api('GET', `/api/companies/${company.id}/company_carriers`, { as: ADMIN });
    expect(carriers.body.items.map((c: any) => c.id)).toEqual([companyCarrier.id]);
    const plans = await api('GET', `/api/companies/${company.id}/company_carriers/${companyCarrier.id}/company_carrier_plans`, { as: ADMIN });
    expect(plans.body).toEqual({ items: [expect.objectContaining({ id: plan.id, benefit_type: 'DENTAL' })], next: null });
    const byAgency = await api('GET', `/api/admin/organizations?agency_id=${agency.id}`, { as: ADMIN });
    expect(byAgency.body.items.map((o: any) => o.id)).toEqual([organization.id]);
  });

  it('counts companies, carriers, plans, open comparisons and renewals due per organization in /api/admin/organizations/stats', async () => {
    const { organization, company, companyCarrier } = await newCarrierTree();
    for (const name of ['Open audit', 'Another audit']) await created(`/api/companies/${company.id}/comparisons`, { name, type: 'COMPARE_ONLY', audit_type: 'ENROLLMENT_AUDIT' });
    const open = await created(`/api/companies/${company.id}/renewals`, { company_carrier_id: companyCarrier.id, year: 2041, month: 'JANUARY' });
    const closed = await created(`/api/companies/${company.id}/renewals`, { company_carrier_id: companyCarrier.id, year: 2042, month: 'JANUARY' });
    expect((await api('POST', `/api/companies/${company.id}/renewals/${closed.id}/close`, { as: ADMIN, body: { updated_at: closed.updated_at } })).status).toBe(200);
    expect(open.step).toBe('CLIENT_INFORMATION');
    const res = await api('GET', '/api/admin/organizations/stats', { as: ADMIN });
    expect(res.status).toBe(200);
    expect(res.body.items.find((i: any) => i.organization_id === organization.id)).toMatchObject({
      companies: 1,
      company_carriers: 1,
      carriers: 1,
      plans: 1,
      comparisons_open: 2,
      renewals_due: 1,
    });
    expect(res.body.totals.companies).toBeGreaterThanOrEqual(1);
    expect(res.body.totals.comparisons_open).toBeGreaterThanOrEqual(2);
  });

  it("counts one organization's cards in /api/organizations/{id}/stats as its companies' overviews count them, for its own users only", async () => {
    const { organization, company, companyCarrier } = await newCarrierTree();
    const other = await newCompany(organization.id);
    await created(`/api/companies/${company.id}/comparisons`, { name: 'Open audit', type: 'COMPARE_ONLY', audit_type: 'ENROLLMENT_AUDIT' });
    await created(`/api/companies/${other.id}/comparisons`, { name: 'Other audit', type: 'COMPARE_ONLY', audit_type: 'ENROLLMENT_AUDIT' });
    await created(`/api/companies/${company.id}/renewals`, { company_carrier_id: companyCarrier.id, year: 2043, month: 'JANUARY' });
    const closed = await created(`/api/companies/${company.id}/renewals`, { company_carrier_id: companyCarrier.id, year: 2044, month: 'JANUARY' });
    expect((await api('POST', `/api/companies/${company.id}/renewals/${closed.id}/close`, { as: ADMIN, body: { updated_at: closed.updated_at } })).status).toBe(200);

    const res = await api('GET', `/api/organizations/${organization.id}/stats`, { as: ADMIN });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ organization_id: organization.id, companies: 2, company_carriers: 1, plans: 1, comparisons_open: 2, renewals_due: 1 });
    // The company overview's own reads: comparisons not complete, renewals open.
    let inProgress = 0;
    let open = 0;
    for (const c of [company, other]) {
      inProgress += (await api('GET', `/api/companies/${c.id}/comparisons`, { as: ADMIN })).body.items.filter((x: any) => x.step !== 'COMPLETE').length;
      open += (await api('GET', `/api/companies/${c.id}/renewals?state=open`, { as: ADMIN })).body.items.length;
    }
    expect([res.body.comparisons_open, res.body.renewals_due]).toEqual([inProgress, open]);
    const admin = await api('GET', '/api/admin/organizations/stats', { as: ADMIN });
    expect(admin.body.items.find((i: any) => i.organization_id === organization.id)).toEqual(res.body);

    // Another organization's admin is told it does not exist; the demo organization's admin reads their own.
    expect((await api('GET', `/api/organizations/${organization.id}/stats`, { as: 'org-admin@demo.example' })).status).toBe(404);
    const { organizationId } = await demoTenant();
    const own = await api('GET', `/api/organizations/${organizationId}/stats`, { as: 'org-admin@demo.example' });
    expect(own.status).toBe(200);
    expect(own.body.organization_id).toBe(organizationId);
  });

  it('reports carriers and plans with headcounts at organization, agency and admin level', async () => {
    const { organization, carrier } = await newCarrierTree();
    const org = await api('GET', `/api/organizations/${organization.id}/company_carrier_plans_stats`, { as: ADMIN });
    expect(org.body.items).toEqual([expect.objectContaining({ carrier_id: carrier.id, companies: 1, plans: 1, number_of_eligible: 40, number_of_enrolled: 32 })]);
    expect(org.body.benefit_types).toEqual([{ benefit_type: 'MEDICAL', plans: 1, number_of_eligible: 40, number_of_enrolled: 32 }]);
    const admin = await api('GET', '/api/admin/company_carrier_plans_stats', { as: ADMIN });
    expect(admin.body.items.some((i: any) => i.carrier_id === carrier.id)).toBe(true);
    const { agencyId } = await demoTenant();
    const agency = await api('GET', `/api/agencies/${agencyId}/company_carrier_plans_stats`, { as: 'agency-admin@demo.example' });
    expect(agency.status).toBe(200);
    expect(agency.body.items.some((i: any) => i.carrier_id === carrier.id)).toBe(false);
  });

  it('pages lists with ?limit= and the cursor it hands back', async () => {
    const organization = await newOrganization();
    for (const service_type of ['ACA', 'HR_SUPPORT', 'AUDIT_SERVICES']) {
      await created(`/api/organizations/${organization.id}/service_types`, { service_type, cost: 10.555, billing_frequency: 'MONTHLY' });
    }
    const first = await api('GET', `/api/organizations/${organization.id}/service_types?limit=2`, { as: ADMIN });
    const second = await api('GET', `/api/organizations/${organization.id}/service_types?limit=2&cursor=${encodeURIComponent(first.body.next)}`, { as: ADMIN });
    expect(first.body.items).toHaveLength(2);
    expect(second.body.items).toHaveLength(1);
    expect(second.body.next).toBeNull();
    expect(first.body.items[0].cost).toBe(10.56);
  });
});

describe('who may write what', () => {
  it('lets only the DMS admin create agencies, organizations and carriers (others get 404)', async () => {
    for (const as of ['agency-admin@demo.example', 'org-admin@demo.example', 'comparer@demo.example']) {
      expect((await api('POST', '/api/admin/agencies', { as, body: { name: unique('Agency') } })).status).toBe(404);
      expect((await api('POST', '/api/admin/organizations', { as, body: { name: unique('Org') } })).status).toBe(404);
      expect((await api('POST', '/api/carriers', { as, body: { name: unique('Carrier') } })).status).toBe(404);
    }
    expect((await api('GET', '/api/carriers', { as: 'company-user@demo.example' })).status).toBe(200);
  });

  it('lets an agency admin read their own agency only', async () => {
    const { agencyId } = await demoTenant();
    const other = await created('/api/admin/agencies', { name: unique('Agency') });
    expect((await api('GET', `/api/agencies/${agencyId}`, { as: 'agency-admin@demo.example' })).status).toBe(200);
    expect((await api('GET', `/api/agencies/${other.id}`, { as: 'agency-admin@demo.example' })).status).toBe(404);
    expect((await api('GET', `/api/agencies/${agencyId}`, { as: 'agency-user@demo.example' })).status).toBe(404);
  });

  it('lets an organization admin manage companies of their organization; verify-only and company users get 404', async () => {
    const { organizationId } = await demoTenant();
    const company = await newCompany(organizationId, {}, 'org-admin@demo.example');
    const updated = await api('PATCH', `/api/organizations/${organizationId}/companies/${company.id}`, {
      as: 'org-admin@demo.example',
      body: { notes: 'Renews in July', updated_at: company.updated_at },
    });
    expect(updated.status).toBe(200);
    expect(updated.body.notes).toBe('Renews in July');
    for (const as of ['org-user@demo.example', 'org-comparer@demo.example', 'company-admin@demo.example']) {
      expect((await api('POST', `/api/organizations/${organizationId}/companies`, { as, body: { name: unique('Company') } })).status).toBe(404);
      expect((await api('DELETE', `/api/organizations/${organizationId}/companies/${company.id}`, { as })).status).toBe(404);
    }
    const removed = await api('DELETE', `/api/organizations/${organizationId}/companies/${company.id}`, { as: 'org-admin@demo.example' });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ inactive: true, termination_date: new Date().toISOString().slice(0, 10) });
  });

  it('lets renewal managers write company carriers and plans; a company admin reads them but gets 404 on writes', async () => {
    const { organizationId } = await demoTenant();
    const company = await newCompany(organizationId, {}, 'org-admin@demo.example');
    const carrier = await newCarrier();
    const companyCarrier = await created(`/api/companies/${company.id}/company_carriers`, { carrier_id: carrier.id }, 'org-task-manager@demo.example');
    const plan = await created(
      `/api/companies/${company.id}/company_carriers/${companyCarrier.id}/company_carrier_plans`,
      { name: 'Vision', benefit_type: 'VISION' },
      'agency-user@demo.example',
    );
    const planPath = `/api/companies/${company.id}/company_carriers/${companyCarrier.id}/company_carrier_plans`;
    expect((await api('POST', `/api/companies/${company.id}/company_carriers`, { as: 'org-comparer@demo.example', body: { carrier_id: carrier.id } })).status).toBe(404);
    expect((await api('POST', planPath, { as: 'company-user@demo.example', body: { name: 'X', benefit_type: 'VISION' } })).status).toBe(404);
    expect((await api('PATCH', `${planPath}/${plan.id}`, { as: 'company-admin@demo.example', body: { notes: 'x', updated_at: plan.updated_at } })).status).toBe(404);
    const deactivated = await api('DELETE', `${planPath}/${plan.id}`, { as: 'org-task-manager@demo.example' });
    expect(deactivated.body).toMatchObject({ id: plan.id, inactive: true });
  });

  it('keeps service types and agency links to the admin, benefit admin systems to organization set-up roles', async () => {
    const { organizationId } = await demoTenant();
    const { agencyId } = await demoTenant();
    const org = await newOrganization();
    expect((await api('POST', `/api/organizations/${organizationId}/service_types`, { as: 'org-admin@demo.example', body: { service_type: 'ACA' } })).status).toBe(404);
    expect((await api('POST', `/api/organizations/${organizationId}/agencies`, { as: 'org-admin@demo.example', body: { agency_id: agencyId, agency_management_type: 'ADMIN' } })).status).toBe(404);
    const system = await created(`/api/organizations/${organizationId}/benefit_admin_systems`, { benefit_admin_system: 'EASE' }, 'org-admin@demo.example');
    expect((await api('DELETE', `/api/organizations/${organizationId}/benefit_admin_systems/${system.id}`, { as: 'org-admin@demo.example' })).status).toBe(204);

    const link = await created(`/api/organizations/${org.id}/agencies`, { agency_id: agencyId, agency_management_type: 'ADMIN' });
    expect((await api('GET', `/api/organizations/${org.id}`, { as: 'agency-user@demo.example' })).status).toBe(200);
    const relinked = await api('PATCH', `/api/organizations/${org.id}/agencies/${agencyId}`, { as: ADMIN, body: { agency_management_type: 'ORGANIZATION_PRIMARY', updated_at: link.updated_at } });
    expect(relinked.body.agency_management_type).toBe('ORGANIZATION_PRIMARY');
    expect((await api('DELETE', `/api/organizations/${org.id}/agencies/${agencyId}`, { as: ADMIN })).status).toBe(204);
    expect((await api('GET', `/api/organizations/${org.id}/agencies`, { as: ADMIN })).body.items).toEqual([]);
    expect((await api('GET', `/api/organizations/${org.id}`, { as: 'agency-user@demo.example' })).status).toBe(404);
  });
});

describe('tenancy', () => {
  it("answers 404 to an organization admin reading or writing another organization's records", async () => {
    const { organization, company, companyCarrier } = await newCarrierTree();
    const as = 'org-admin@demo.example';
    for (const path of [
      `/api/organizations/${organization.id}`,
      `/api/organizations/${organization.id}/companies`,
      `/api/organizations/${organization.id}/service_types`,
      `/api/organizations/${organization.id}/company_carrier_plans_stats`,
      `/api/companies/${company.id}`,
      `/api/companies/${company.id}/company_carriers`,
      `/api/companies/${company.id}/company_carriers/${companyCarrier.id}/company_carrier_plans`,
    ]) {
      expect((await api('GET', path, { as })).status, path).toBe(404);
    }
    const write = await api('PATCH', `/api/organizations/${organization.id}/companies/${company.id}`, { as, body: { notes: 'x', updated_at: company.updated_at } });
    expect(write.status).toBe(404);
    const list = await api('GET', '/api/organizations', { as });
    expect(list.body.items.map((o: any) => o.id)).not.toContain(organization.id);
  });

  it("answers 404 to a company admin on another company, and to an agency user on an unlinked organization", async () => {
    const { organizationId } = await demoTenant();
    const sibling = await newCompany(organizationId);
    const { organization } = await newCarrierTree();
    expect((await api('GET', `/api/companies/${sibling.id}`, { as: 'company-admin@demo.example' })).status).toBe(404);
    expect((await api('GET', `/api/companies/${sibling.id}/company_carriers`, { as: 'company-admin@demo.example' })).status).toBe(404);
    expect((await api('GET', `/api/organizations/${organization.id}`, { as: 'agency-user@demo.example' })).status).toBe(404);
  });

  it('answers 404 when a company id is used under an organization it does not belong to', async () => {
    const { company } = await newCarrierTree();
    const other = await newOrganization();
    const res = await api('PATCH', `/api/organizations/${other.id}/companies/${company.id}`, { as: ADMIN, body: { notes: 'x', updated_at: company.updated_at } });
    expect(res.status).toBe(404);
  });
});

describe('optimistic locking', () => {
  it('refuses a stale PATCH with 409 and changes nothing', async () => {
    const organization = await newOrganization({ notes: 'original' });
    const first = await api('PATCH', `/api/admin/organizations/${organization.id}`, { as: ADMIN, body: { notes: 'first edit', updated_at: organization.updated_at } });
    const stale = await api('PATCH', `/api/admin/organizations/${organization.id}`, { as: ADMIN, body: { notes: 'second edit', updated_at: organization.updated_at } });
    const after = await api('GET', `/api/organizations/${organization.id}`, { as: ADMIN });
    expect(first.status).toBe(200);
    expect(stale.status).toBe(409);
    expect(after.body.notes).toBe('first edit');
    expect(after.body.updated_at).toBe(first.body.updated_at);
  });

  it('refuses a stale PATCH of a company carrier plan and of a company carrier', async () => {
    const { company, companyCarrier, plan } = await newCarrierTree();
    const base = `/api/companies/${company.id}/company_carriers/${companyCarrier.id}`;
    expect((await api('PATCH', base, { as: ADMIN, body: { group_number: 'A', updated_at: companyCarrier.updated_at } })).status).toBe(200);
    expect((await api('PATCH', base, { as: ADMIN, body: { group_number: 'B', updated_at: companyCarrier.updated_at } })).status).toBe(409);
    expect((await api('GET', base, { as: ADMIN })).body.group_number).toBe('A');
    expect((await api('PATCH', `${base}/company_carrier_plans/${plan.id}`, { as: ADMIN, body: { name: 'x', updated_at: 'stale' } })).status).toBe(409);
  });

  it('requires updated_at on a PATCH', async () => {
    const organization = await newOrganization();
    const res = await api('PATCH', `/api/admin/organizations/${organization.id}`, { as: ADMIN, body: { notes: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ updated_at: 'updated_at is required' });
  });
});

describe('bad input', () => {
  it('answers 400 naming a missing required field', async () => {
    const organization = await newOrganization();
    const org = await api('POST', '/api/admin/organizations', { as: ADMIN, body: { plan: 'DVP_BASE' } });
    const company = await api('POST', `/api/organizations/${organization.id}/companies`, { as: ADMIN, body: { notes: 'no name' } });
    const plan = await api('POST', '/api/carriers', { as: ADMIN, body: {} });
    expect(org.status).toBe(400);
    expect(org.body.errors).toEqual({ name: 'This field is required' });
    expect(company.body.errors).toEqual({ name: 'This field is required' });
    expect(plan.body.errors).toEqual({ name: 'This field is required' });
  });

  it("refuses an invalid e-mail with 'Please enter a valid email' and an invalid phone", async () => {
    const res = await api('POST', '/api/admin/organizations', { as: ADMIN, body: { name: unique('Org'), billing_email: 'billing@', billing_phone: 'call me' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ billing_email: 'Please enter a valid email', billing_phone: 'Please enter a valid phone number' });
  });

  it('refuses numbers outside their option lists with a message naming the field', async () => {
    const { company, carrier } = await newCarrierTree();
    const kickoff = await api('POST', `/api/companies/${company.id}/company_carriers`, { as: ADMIN, body: { carrier_id: carrier.id, renewal_kickoff_days_in_advance: 10 } });
    const invoice = await api('POST', `/api/companies/${company.id}/company_carriers`, { as: ADMIN, body: { carrier_id: carrier.id, carrier_invoice_day_of_month: 30 } });
    const limit = await api('POST', '/api/admin/organizations', { as: ADMIN, body: { name: unique('Org'), admin_comparer_limit: 500 } });
    expect(kickoff.status).toBe(400);
    expect(kickoff.body.errors).toEqual({ renewal_kickoff_days_in_advance: 'renewal_kickoff_days_in_advance must be between 30 and 90' });
    expect(invoice.body.errors.carrier_invoice_day_of_month).toMatch(/^carrier_invoice_day_of_month must be between 1 and 28/);
    expect(limit.body.errors).toEqual({ admin_comparer_limit: 'admin_comparer_limit must be between 0 and 100' });
  });

  it('refuses unknown fields, unknown carriers and more enrolled than eligible', async () => {
    const { company, companyCarrier } = await newCarrierTree();
    const extra = await api('POST', '/api/admin/agencies', { as: ADMIN, body: { name: unique('Agency'), id: 'mine' } });
    const carrier = await api('POST', `/api/companies/${company.id}/company_carriers`, { as: ADMIN, body: { carrier_id: 'no-such-carrier' } });
    const plan = await api('POST', `/api/companies/${company.id}/company_carriers/${companyCarrier.id}/company_carrier_plans`, {
      as: ADMIN,
      body: { name: 'x', benefit_type: 'MEDICAL', number_of_eligible: 5, number_of_enrolled: 6 },
    });
    expect(extra.body.errors).toEqual({ id: 'This field cannot be set here' });
    expect(carrier.body.errors).toEqual({ carrier_id: 'Unknown carrier' });
    expect(plan.body.errors).toEqual({ number_of_enrolled: 'number_of_enrolled cannot be more than number_of_eligible' });
  });
});

describe('plan gating', () => {
  it('answers the carrier routes of an organization without carriers with 403 and the SPEC §8 message', async () => {
    const organization = await newOrganization({ plan: 'DVP_BASE' });
    const company = await newCompany(organization.id);
    const carrier = await newCarrier();
    const list = await api('GET', `/api/companies/${company.id}/company_carriers`, { as: ADMIN });
    const create = await api('POST', `/api/companies/${company.id}/company_carriers`, { as: ADMIN, body: { carrier_id: carrier.id } });
    const stats = await api('GET', `/api/organizations/${organization.id}/company_carrier_plans_stats`, { as: ADMIN });
    for (const res of [list, create, stats]) expect(res).toEqual({ status: 403, body: { message: PLAN_DOES_NOT_SUPPORT_CARRIERS } });
  });

  it('opens the carrier routes once the plan is upgraded', async () => {
    const organization = await newOrganization({ plan: 'SUBSCRIPTION_BASED_AUDITS' });
    const company = await newCompany(organization.id);
    expect((await api('GET', `/api/companies/${company.id}/company_carriers`, { as: ADMIN })).status).toBe(403);
    await api('PATCH', `/api/admin/organizations/${organization.id}`, { as: ADMIN, body: { plan: 'COMPLIMENTARY', updated_at: organization.updated_at } });
    expect((await api('GET', `/api/companies/${company.id}/company_carriers`, { as: ADMIN })).status).toBe(200);
  });
});

describe('deactivation', () => {
  it('deactivates organizations, agencies and carriers instead of deleting them', async () => {
    const organization = await newOrganization();
    const agency = await created('/api/admin/agencies', { name: unique('Agency') });
    const carrier = await newCarrier();
    const org = await api('DELETE', `/api/admin/organizations/${organization.id}`, { as: ADMIN, body: { termination_reason: 'COST', termination_date: '2025-06-30' } });
    const ag = await api('DELETE', `/api/admin/agencies/${agency.id}`, { as: ADMIN });
    const ca = await api('DELETE', `/api/carriers/${carrier.id}`, { as: ADMIN });
    expect(org.body).toMatchObject({ inactive: true, termination_reason: 'COST', termination_date: '2025-06-30' });
    expect(ag.body).toMatchObject({ inactive: true });
    expect(ca.body).toMatchObject({ inactive: true });
    expect((await api('GET', `/api/organizations/${organization.id}`, { as: ADMIN })).body.inactive).toBe(true);
  });
});
