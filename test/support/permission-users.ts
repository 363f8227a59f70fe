// Test fixtures shared by the permission tests: one user of every role, placed in tenant "1"
// (agency A1 linked to organization O1, which holds company C1). Tenant "2" is someone else's.
import type { Role } from '../../shared/roles';
import type { AccessScope } from '../../shared/permissions/scope';

export const USERS: Record<Role, { id: string; role: Role; agency_id?: string; organization_id?: string; company_id?: string }> = {
  ADMIN: { id: 'u-admin', role: 'ADMIN' },
  ADMIN_COMPARER: { id: 'u-comparer', role: 'ADMIN_COMPARER' },
  AGENCY_ADMIN: { id: 'u-agency-admin', role: 'AGENCY_ADMIN', agency_id: 'A1' },
  AGENCY_USER: { id: 'u-agency-user', role: 'AGENCY_USER', agency_id: 'A1' },
  ORGANIZATION_ADMIN: { id: 'u-org-admin', role: 'ORGANIZATION_ADMIN', organization_id: 'O1' },
  ORGANIZATION_COMPARER: { id: 'u-org-comparer', role: 'ORGANIZATION_COMPARER', organization_id: 'O1' },
  ORGANIZATION_TASK_MANAGER: { id: 'u-org-tm', role: 'ORGANIZATION_TASK_MANAGER', organization_id: 'O1' },
  ORGANIZATION_USER: { id: 'u-org-user', role: 'ORGANIZATION_USER', organization_id: 'O1' },
  COMPANY_ADMIN: { id: 'u-company-admin', role: 'COMPANY_ADMIN', organization_id: 'O1', company_id: 'C1' },
  COMPANY_USER: { id: 'u-company-user', role: 'COMPANY_USER', organization_id: 'O1', company_id: 'C1' },
};

/** What the data layer would load for the user: agency links and the organization of the company in view. */
export function scopeFor(role: Role, companyId?: string): AccessScope {
  return {
    agencyOrganizationIds: role === 'AGENCY_ADMIN' || role === 'AGENCY_USER' ? ['O1'] : [],
    companyOrganizationId: companyId === 'C1' ? 'O1' : companyId === 'C2' ? 'O2' : undefined,
  };
}

/** Route params pointing at tenant 1 ("own") or tenant 2 ("other"). */
export function paramsFor(which: 'own' | 'other') {
  const n = which === 'own' ? '1' : '2';
  return {
    agency_id: `A${n}`,
    organization_id: `O${n}`,
    company_id: `C${n}`,
    user_id: `U${n}`,
    comparison_id: `CMP${n}`,
    renewal_id: `R${n}`,
    company_carrier_id: `CC${n}`,
    company_carrier_plan_id: `CCP${n}`,
    data_points_template_id: `DPT${n}`,
    export_columns_template_id: `ECT${n}`,
  };
}
