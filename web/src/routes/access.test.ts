import { describe, expect, it } from 'vitest';
import { notFoundError } from '../api/errors';
import { decideAccess, tenantCheckPath } from './access';

const admin = { id: 'u1', role: 'ADMIN' };
const orgAdmin = { id: 'u2', role: 'ORGANIZATION_ADMIN', organization_id: 'o1' };
const agencyAdmin = { id: 'u3', role: 'AGENCY_ADMIN', agency_id: 'a1' };
const companyUser = { id: 'u4', role: 'COMPANY_USER', organization_id: 'o1', company_id: 'c1' };

describe('page access', () => {
  it('lets the rules decide without a call when the user record settles it', () => {
    expect(tenantCheckPath(orgAdmin, 'organization.companies', { organization_id: 'o1' })).toBeNull();
    expect(decideAccess(orgAdmin, 'organization.companies', { organization_id: 'o1' }, {})).toEqual({ status: 'allowed' });
    expect(decideAccess(companyUser, 'organization.companies', { organization_id: 'o1' }, {})).toEqual({ status: 'denied' });
    expect(decideAccess(orgAdmin, 'admin.users', {}, {})).toEqual({ status: 'denied' });
  });

  it('asks the API about a tenant the user record cannot settle', () => {
    expect(tenantCheckPath(agencyAdmin, 'organization', { organization_id: 'o9' })).toBe('/api/organizations/o9');
    expect(tenantCheckPath(orgAdmin, 'company', { company_id: 'c7' })).toBe('/api/companies/c7');
  });

  it('waits for the tenant, then allows it or shows 404 or 500', () => {
    const params = { organization_id: 'o9' };

    expect(decideAccess(agencyAdmin, 'organization', params, {})).toEqual({ status: 'loading' });
    expect(decideAccess(agencyAdmin, 'organization', params, { data: { id: 'o9' } })).toEqual({ status: 'allowed' });
    expect(decideAccess(agencyAdmin, 'organization', params, { error: notFoundError() })).toEqual({ status: 'denied' });
    expect(decideAccess(agencyAdmin, 'organization', params, { error: new Error('boom') }).status).toBe('error');
  });

  it('never asks about a page the role may not see', () => {
    expect(tenantCheckPath(agencyAdmin, 'organization.edit', { organization_id: 'o9' })).toBeNull();
    expect(decideAccess(agencyAdmin, 'agency', { agency_id: 'a2' }, {})).toEqual({ status: 'denied' });
    expect(decideAccess(admin, 'agency', { agency_id: 'a2' }, {})).toEqual({ status: 'allowed' });
  });
});
