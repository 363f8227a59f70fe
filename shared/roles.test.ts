import { describe, it, expect } from 'vitest';
import {
  Role,
  roleLabel,
  rolesForUserType,
  userFlags,
  UserType,
  INVALID_USER_TYPE,
  UNKNOWN_ROLE_LABEL,
  type Role as RoleValue,
} from './roles';

describe('role labels (SPEC §6 table)', () => {
  it('shows each of the ten roles with the label of the spec table, in table order', () => {
    expect(Role.options).toEqual([
      { value: 'ADMIN', label: 'DMS Admin' },
      { value: 'ADMIN_COMPARER', label: 'DMS Compare Access' },
      { value: 'AGENCY_ADMIN', label: 'Agency Admin' },
      { value: 'AGENCY_USER', label: 'Agency User' },
      { value: 'ORGANIZATION_ADMIN', label: 'Organization Admin' },
      { value: 'ORGANIZATION_COMPARER', label: 'Organization Compare Access' },
      { value: 'ORGANIZATION_TASK_MANAGER', label: 'Organization Task Manager' },
      { value: 'ORGANIZATION_USER', label: 'Organization Verifier Access Only' },
      { value: 'COMPANY_ADMIN', label: 'Company Admin' },
      { value: 'COMPANY_USER', label: 'Company Verifier Access Only' },
    ]);
  });

  it('reads any other role as Unknown Role', () => {
    expect(UNKNOWN_ROLE_LABEL).toBe('Unknown Role');
    expect(roleLabel('SUPERUSER')).toBe('Unknown Role');
    expect(roleLabel(undefined)).toBe('Unknown Role');
    expect(roleLabel(null)).toBe('Unknown Role');
    expect(roleLabel('admin')).toBe('Unknown Role');
    expect(roleLabel('COMPANY_USER')).toBe('Company Verifier Access Only');
  });

  it('accepts only the ten roles in API validation', () => {
    expect(Role.schema.safeParse('AGENCY_USER').success).toBe(true);
    expect(Role.schema.safeParse('OWNER').success).toBe(false);
  });
});

describe('roles by user type', () => {
  it('groups the roles as SPEC §6 says', () => {
    expect(rolesForUserType('admin')).toEqual(['ADMIN', 'ADMIN_COMPARER']);
    expect(rolesForUserType('organization')).toEqual([
      'ORGANIZATION_ADMIN',
      'ORGANIZATION_COMPARER',
      'ORGANIZATION_TASK_MANAGER',
      'ORGANIZATION_USER',
    ]);
    expect(rolesForUserType('company')).toEqual(['COMPANY_ADMIN', 'COMPANY_USER']);
    expect(rolesForUserType('agency')).toEqual(['AGENCY_ADMIN']);
    expect(UserType.values).toEqual(['admin', 'organization', 'company', 'agency']);
  });

  it("raises 'invalid user type' for anything else", () => {
    expect(INVALID_USER_TYPE).toBe('invalid user type');
    expect(() => rolesForUserType('x')).toThrow('invalid user type');
    expect(() => rolesForUserType(undefined)).toThrow('invalid user type');
    expect(() => rolesForUserType('Admin')).toThrow('invalid user type');
  });
});

describe('derived user flags', () => {
  type Flag = keyof ReturnType<typeof userFlags>;
  // One row per role: which flags are true. Every flag absent from a row must be false.
  const expected: Record<RoleValue, Flag[]> = {
    ADMIN: ['isAdminUser', 'isAdminOrAgencyOrganizationUser', 'isAdminOrAgencyAdminUser'],
    ADMIN_COMPARER: ['isAdminComparerUser'],
    AGENCY_ADMIN: ['isAgencyUser', 'isAdminOrAgencyOrganizationUser', 'isAdminOrAgencyAdminUser'],
    AGENCY_USER: ['isAgencyUser', 'isAdminOrAgencyOrganizationUser'],
    ORGANIZATION_ADMIN: ['isOrganizationUser', 'isAdminOrAgencyOrganizationUser'],
    ORGANIZATION_COMPARER: ['isOrganizationUser', 'isAdminOrAgencyOrganizationUser'],
    ORGANIZATION_TASK_MANAGER: ['isOrganizationUser', 'isAdminOrAgencyOrganizationUser'],
    ORGANIZATION_USER: ['isOrganizationUser', 'isAdminOrAgencyOrganizationUser', 'isVerifyOnlyUser'],
    COMPANY_ADMIN: ['isCompanyUser'],
    COMPANY_USER: ['isCompanyUser', 'isVerifyOnlyUser'],
  };
  const allFlags = Object.keys(userFlags(null)) as Flag[];

  it('has the eight flags of SPEC §3', () => {
    expect(allFlags.sort()).toEqual(
      [
        'isAdminUser',
        'isAdminComparerUser',
        'isAgencyUser',
        'isOrganizationUser',
        'isCompanyUser',
        'isAdminOrAgencyOrganizationUser',
        'isAdminOrAgencyAdminUser',
        'isVerifyOnlyUser',
      ].sort(),
    );
  });

  for (const role of Role.values) {
    it(`sets exactly ${expected[role].join(', ')} for ${role}`, () => {
      const flags = userFlags({ role });
      for (const flag of allFlags) expect([flag, flags[flag]]).toEqual([flag, expected[role].includes(flag)]);
    });
  }

  it('sets no flag for a missing user or an unknown role', () => {
    for (const u of [null, undefined, {}, { role: 'SUPERUSER' }, { role: null }]) {
      expect(Object.values(userFlags(u)).every((v) => v === false)).toBe(true);
    }
  });
});
