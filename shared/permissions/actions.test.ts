import { describe, expect, it } from 'vitest';
import { Role } from '../roles';
import {
  ACTIONS,
  allowedActions,
  assignableRoles,
  can,
  checkComparerLimit,
  comparerLimitMessage,
  countsTowardComparerLimit,
  isMappingVisible,
  organizationContactRoles,
  visibleOrganizationIds,
  type Action,
} from './actions';
import { USERS, scopeFor } from '../../test/support/permission-users';

/**
 * Authority, written independently of the code: a role may never grant one ranked higher than its
 * own. Staff above agencies, agencies above organizations, organizations above companies; the
 * verify-only roles at the bottom of their tier.
 */
const AUTHORITY: Record<Role, number> = {
  ADMIN: 9,
  ADMIN_COMPARER: 7,
  AGENCY_ADMIN: 6,
  AGENCY_USER: 5,
  ORGANIZATION_ADMIN: 4,
  ORGANIZATION_COMPARER: 3,
  ORGANIZATION_TASK_MANAGER: 3,
  ORGANIZATION_USER: 2,
  COMPANY_ADMIN: 2,
  COMPANY_USER: 1,
};

describe('assignableRoles', () => {
  it.each(Role.values)('never lets %s grant a role above its own', (role) => {
    for (const granted of assignableRoles(USERS[role])) expect(AUTHORITY[granted]).toBeLessThanOrEqual(AUTHORITY[role]);
  });

  it('grants per actor as documented', () => {
    expect(assignableRoles(USERS.ADMIN)).toEqual(Role.values);
    expect(assignableRoles(USERS.AGENCY_ADMIN)).toEqual([
      'AGENCY_ADMIN',
      'AGENCY_USER',
      'ORGANIZATION_ADMIN',
      'ORGANIZATION_COMPARER',
      'ORGANIZATION_TASK_MANAGER',
      'ORGANIZATION_USER',
      'COMPANY_ADMIN',
      'COMPANY_USER',
    ]);
    expect(assignableRoles(USERS.ORGANIZATION_ADMIN)).toEqual([
      'ORGANIZATION_ADMIN',
      'ORGANIZATION_COMPARER',
      'ORGANIZATION_TASK_MANAGER',
      'ORGANIZATION_USER',
      'COMPANY_ADMIN',
      'COMPANY_USER',
    ]);
    expect(assignableRoles(USERS.COMPANY_ADMIN)).toEqual(['COMPANY_ADMIN', 'COMPANY_USER']);
  });

  it.each(['ADMIN_COMPARER', 'AGENCY_USER', 'ORGANIZATION_COMPARER', 'ORGANIZATION_TASK_MANAGER', 'ORGANIZATION_USER', 'COMPANY_USER'] as const)(
    'lets %s grant nothing',
    (role) => {
      expect(assignableRoles(USERS[role])).toEqual([]);
    },
  );

  it('lets a disabled admin grant nothing', () => {
    expect(assignableRoles({ ...USERS.ADMIN, disabled: true })).toEqual([]);
  });
});

describe('managing users', () => {
  it.each(Role.values)('never lets %s raise or change its own role', (role) => {
    const user = USERS[role];
    for (const other of Role.values.filter((r) => r !== role)) {
      expect(can(user, 'user.update', { id: user.id, role: other, organization_id: 'O1', company_id: 'C1', agency_id: 'A1' }, scopeFor(role, 'C1'))).toBe(false);
    }
    expect(can(user, 'user.delete', { id: user.id, current_role: role })).toBe(false);
  });

  it('keeps an organization admin inside their organization', () => {
    const admin = USERS.ORGANIZATION_ADMIN;
    expect(can(admin, 'user.create', { role: 'ORGANIZATION_COMPARER', organization_id: 'O1' })).toBe(true);
    expect(can(admin, 'user.create', { role: 'ORGANIZATION_COMPARER', organization_id: 'O2' })).toBe(false);
    expect(can(admin, 'user.create', { role: 'COMPANY_USER', organization_id: 'O1', company_id: 'C1' })).toBe(true);
    expect(can(admin, 'user.create', { role: 'COMPANY_USER', organization_id: 'O2', company_id: 'C2' })).toBe(false);
    expect(can(admin, 'user.create', { role: 'AGENCY_USER', agency_id: 'A1' })).toBe(false);
  });

  it('does not let whitelisted organizations be managed', () => {
    const admin = USERS.ORGANIZATION_ADMIN;
    const scope = { whitelist: [{ user_id: admin.id, organization_id: 'O2' }] };
    expect(can(admin, 'user.create', { role: 'ORGANIZATION_USER', organization_id: 'O2' }, scope)).toBe(false);
  });

  it('keeps a company admin inside their company', () => {
    const admin = USERS.COMPANY_ADMIN;
    expect(can(admin, 'user.create', { role: 'COMPANY_USER', organization_id: 'O1', company_id: 'C1' })).toBe(true);
    expect(can(admin, 'user.create', { role: 'COMPANY_USER', organization_id: 'O1', company_id: 'C3' })).toBe(false);
    expect(can(admin, 'user.create', { role: 'ORGANIZATION_USER', organization_id: 'O1' })).toBe(false);
  });

  it('lets an agency admin manage its agency and linked organizations only', () => {
    const admin = USERS.AGENCY_ADMIN;
    const scope = scopeFor('AGENCY_ADMIN');
    expect(can(admin, 'user.create', { role: 'AGENCY_USER', agency_id: 'A1' }, scope)).toBe(true);
    expect(can(admin, 'user.create', { role: 'AGENCY_USER', agency_id: 'A2' }, scope)).toBe(false);
    expect(can(admin, 'user.create', { role: 'ORGANIZATION_ADMIN', organization_id: 'O1' }, scope)).toBe(true);
    expect(can(admin, 'user.create', { role: 'ORGANIZATION_ADMIN', organization_id: 'O2' }, scope)).toBe(false);
  });

  it('does not let anyone demote or delete a user ranked above them', () => {
    const admin = USERS.ORGANIZATION_ADMIN;
    expect(can(admin, 'user.update', { id: 'x', current_role: 'AGENCY_ADMIN', role: 'ORGANIZATION_USER', organization_id: 'O1' })).toBe(false);
    expect(can(admin, 'user.delete', { id: 'x', current_role: 'ADMIN' })).toBe(false);
    expect(can(admin, 'user.delete', { id: 'x', current_role: 'ORGANIZATION_USER', organization_id: 'O1' })).toBe(true);
  });

  it('lets everyone edit their own profile and nobody else’s', () => {
    for (const role of Role.values) {
      expect(can(USERS[role], 'profile.update', { id: USERS[role].id })).toBe(true);
      expect(can(USERS[role], 'profile.update', { id: 'someone-else' })).toBe(false);
    }
  });
});

describe('role × action table', () => {
  // Written from docs/permissions.md: which roles may do each group of actions (role level).
  const STAFF_ONLY: Action[] = [
    'agency.create',
    'agency.update',
    'agency.delete',
    'organization.create',
    'organization.update',
    'organization.delete',
    'organization.service-types.manage',
    'organization.agencies.manage',
    'carrier.create',
    'carrier.update',
    'carrier.delete',
    'data-mapping.share',
    'platform-email-template.update',
  ];
  const COMPARE: Action[] = ['comparison.create', 'comparison.run', 'comparison.edit-data-points', 'comparison.map', 'comparison.complete', 'comparison.export', 'comparison.delete', 'data-mapping.create', 'template.update'];
  const COMPARERS: Role[] = ['ADMIN', 'ADMIN_COMPARER', 'AGENCY_ADMIN', 'AGENCY_USER', 'ORGANIZATION_ADMIN', 'ORGANIZATION_COMPARER', 'COMPANY_ADMIN'];
  const RENEWALS: Action[] = ['renewal.create', 'renewal.update', 'company-carrier.update'];
  const RENEWAL_MANAGERS: Role[] = ['ADMIN', 'AGENCY_ADMIN', 'AGENCY_USER', 'ORGANIZATION_ADMIN', 'ORGANIZATION_TASK_MANAGER'];
  const SETUP: Action[] = ['company.create', 'company.update', 'company.import', 'company-carrier.import', 'organization.benefit-admin-systems.manage', 'email-template.update'];
  const SETUP_ROLES: Role[] = ['ADMIN', 'AGENCY_ADMIN', 'ORGANIZATION_ADMIN'];

  const rows: [Action, Role[]][] = [
    ...STAFF_ONLY.map((a) => [a, ['ADMIN']] as [Action, Role[]]),
    ...COMPARE.map((a) => [a, COMPARERS] as [Action, Role[]]),
    ...RENEWALS.map((a) => [a, RENEWAL_MANAGERS] as [Action, Role[]]),
    ['renewal.work', [...RENEWAL_MANAGERS, 'COMPANY_ADMIN']],
    ...SETUP.map((a) => [a, SETUP_ROLES] as [Action, Role[]]),
    ['comparison.resolve', [...Role.values]],
    ['carrier-files.convert', Role.values.filter((r) => r !== 'ORGANIZATION_USER' && r !== 'COMPANY_USER')],
  ];

  it.each(rows)('%s is for %j', (action, roles) => {
    expect(Role.values.filter((r) => can(USERS[r], action))).toEqual(Role.values.filter((r) => roles.includes(r)));
  });

  it.each(['ORGANIZATION_USER', 'COMPANY_USER'] as const)('lets verify-only %s verify and nothing else', (role) => {
    expect(allowedActions(USERS[role])).toEqual(['profile.update', 'comparison.resolve']);
  });

  it('lets a disabled or unknown-role user do nothing', () => {
    expect(allowedActions({ ...USERS.ADMIN, disabled: true })).toEqual([]);
    expect(allowedActions({ id: 'x', role: 'NOT_A_ROLE' })).toEqual([]);
    expect(ACTIONS.length).toBeGreaterThan(40);
  });
});

describe('tenant checks on actions', () => {
  it('lets an organization comparer run comparisons of its own organization’s companies only', () => {
    const user = USERS.ORGANIZATION_COMPARER;
    expect(can(user, 'comparison.run', { organization_id: 'O1', company_id: 'C1' })).toBe(true);
    expect(can(user, 'comparison.run', { organization_id: 'O2', company_id: 'C2' })).toBe(false);
  });

  it('lets a company admin work in its company but not on organization-level records', () => {
    const user = USERS.COMPANY_ADMIN;
    expect(can(user, 'template.create', { organization_id: 'O1', company_id: 'C1' })).toBe(true);
    expect(can(user, 'template.create', { organization_id: 'O1' })).toBe(false);
    expect(can(user, 'comparison.run', { organization_id: 'O1', company_id: 'C2' })).toBe(false);
  });

  it('lets agency users act only in linked organizations', () => {
    const user = USERS.AGENCY_USER;
    expect(can(user, 'renewal.update', { organization_id: 'O1', company_id: 'C1' }, scopeFor('AGENCY_USER'))).toBe(true);
    expect(can(user, 'renewal.update', { organization_id: 'O2', company_id: 'C2' }, scopeFor('AGENCY_USER'))).toBe(false);
  });

  it('keeps admin data mappings (no organization) to the admin', () => {
    expect(can(USERS.ADMIN, 'data-mapping.update', { id: 'm1', organization_id: null })).toBe(true);
    expect(can(USERS.ADMIN_COMPARER, 'data-mapping.update', { id: 'm1', organization_id: null })).toBe(false);
    expect(can(USERS.ORGANIZATION_ADMIN, 'data-mapping.update', { id: 'm1', organization_id: null })).toBe(false);
    expect(can(USERS.ORGANIZATION_ADMIN, 'data-mapping.update', { id: 'm2', organization_id: 'O1' })).toBe(true);
  });
});

describe('whitelists', () => {
  it('adds whitelisted organizations to an organization user’s own', () => {
    const user = USERS.ORGANIZATION_USER;
    const rows = [
      { user_id: user.id, organization_id: 'O2' },
      { user_id: user.id, organization_id: 'O3', company_id: 'C3' },
      { user_id: 'someone-else', organization_id: 'O4' },
    ];
    expect(visibleOrganizationIds(user, rows)).toEqual(['O1', 'O2']);
    expect(visibleOrganizationIds(USERS.COMPANY_USER, rows)).toEqual([]);
  });

  it('shows an admin data mapping only to organizations it is shared with', () => {
    const adminMapping = { id: 'm-admin', organization_id: null };
    const shared = [{ data_mapping_id: 'm-admin', organization_id: 'O1' }];
    expect(isMappingVisible(adminMapping, USERS.ORGANIZATION_COMPARER, shared)).toBe(true);
    expect(isMappingVisible(adminMapping, USERS.ORGANIZATION_COMPARER, [])).toBe(false);
    expect(isMappingVisible(adminMapping, { ...USERS.ORGANIZATION_COMPARER, organization_id: 'O2' }, shared)).toBe(false);
    expect(isMappingVisible(adminMapping, USERS.COMPANY_USER, shared)).toBe(true);
    expect(isMappingVisible(adminMapping, USERS.ADMIN, [])).toBe(true);
  });

  it('shows organization and company mappings within their tenant', () => {
    expect(isMappingVisible({ id: 'm', organization_id: 'O1' }, USERS.ORGANIZATION_USER)).toBe(true);
    expect(isMappingVisible({ id: 'm', organization_id: 'O2' }, USERS.ORGANIZATION_USER)).toBe(false);
    expect(isMappingVisible({ id: 'm', organization_id: 'O1', company_id: 'C1' }, USERS.COMPANY_USER)).toBe(true);
    expect(isMappingVisible({ id: 'm', organization_id: 'O1', company_id: 'C9' }, USERS.COMPANY_USER)).toBe(false);
    expect(isMappingVisible({ id: 'm', organization_id: 'O1' }, USERS.AGENCY_USER, [], scopeFor('AGENCY_USER'))).toBe(true);
  });
});

describe('comparer limit (admin_comparer_limit)', () => {
  it('allows another comparer while below the limit', () => {
    expect(checkComparerLimit(2, 3)).toEqual({ ok: true });
  });

  it('refuses one more at the limit with the message', () => {
    expect(checkComparerLimit(3, 3)).toEqual({ ok: false, message: "The organization's comparer limit of 3 has been reached." });
    expect(comparerLimitMessage(6)).toBe("The organization's comparer limit of 6 has been reached.");
  });

  it('treats a limit of 0 as none allowed and a missing limit as no limit', () => {
    expect(checkComparerLimit(0, 0).ok).toBe(false);
    expect(checkComparerLimit(50, null)).toEqual({ ok: true });
    expect(checkComparerLimit(50, undefined)).toEqual({ ok: true });
  });

  it('counts active organization comparers only', () => {
    expect(countsTowardComparerLimit(USERS.ORGANIZATION_COMPARER)).toBe(true);
    expect(countsTowardComparerLimit({ ...USERS.ORGANIZATION_COMPARER, disabled: true })).toBe(false);
    expect(countsTowardComparerLimit(USERS.ADMIN_COMPARER)).toBe(false);
    expect(countsTowardComparerLimit(USERS.ORGANIZATION_ADMIN)).toBe(false);
  });
});

describe('organizationContactRoles', () => {
  it('filters by organization admin, comparer and task manager', () => {
    expect(organizationContactRoles()).toEqual(['ORGANIZATION_ADMIN', 'ORGANIZATION_COMPARER', 'ORGANIZATION_TASK_MANAGER']);
  });
  it('omits comparer and task manager when asked', () => {
    expect(organizationContactRoles({ omitComparerAndTaskManager: true })).toEqual(['ORGANIZATION_ADMIN']);
  });
});
