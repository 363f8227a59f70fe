import { defineEnum } from './enum';

/** The ten roles of SPEC §6, in the spec's order, with their display labels. */
export const Role = defineEnum({
  ADMIN: 'DMS Admin',
  ADMIN_COMPARER: 'DMS Compare Access',
  AGENCY_ADMIN: 'Agency Admin',
  AGENCY_USER: 'Agency User',
  ORGANIZATION_ADMIN: 'Organization Admin',
  ORGANIZATION_COMPARER: 'Organization Compare Access',
  ORGANIZATION_TASK_MANAGER: 'Organization Task Manager',
  ORGANIZATION_USER: 'Organization Verifier Access Only',
  COMPANY_ADMIN: 'Company Admin',
  COMPANY_USER: 'Company Verifier Access Only',
});
export type Role = (typeof Role.values)[number];

export const UNKNOWN_ROLE_LABEL = 'Unknown Role';
export const INVALID_USER_TYPE = 'invalid user type';

export function roleLabel(role: unknown): string {
  return Role.label(role, UNKNOWN_ROLE_LABEL);
}

/** User-type groups of SPEC §6. */
export const UserType = defineEnum({ admin: 'Admin', organization: 'Organization', company: 'Company', agency: 'Agency' });
export type UserType = (typeof UserType.values)[number];

export const ROLES_BY_USER_TYPE: Readonly<Record<UserType, readonly Role[]>> = {
  admin: ['ADMIN', 'ADMIN_COMPARER'],
  organization: ['ORGANIZATION_ADMIN', 'ORGANIZATION_COMPARER', 'ORGANIZATION_TASK_MANAGER', 'ORGANIZATION_USER'],
  company: ['COMPANY_ADMIN', 'COMPANY_USER'],
  agency: ['AGENCY_ADMIN'],
};

/** The roles of a user type; throws 'invalid user type' for anything else. */
export function rolesForUserType(userType: unknown): readonly Role[] {
  if (!UserType.is(userType)) throw new Error(INVALID_USER_TYPE);
  return ROLES_BY_USER_TYPE[userType];
}

/** The minimum a rule needs to know about a user. */
export interface UserLike {
  id?: string;
  role?: string | null;
  agency_id?: string | null;
  organization_id?: string | null;
  company_id?: string | null;
  disabled?: boolean | null;
}

/** Derived flags of SPEC §3 (User). */
export const isAdminUser = (u: UserLike | null | undefined) => u?.role === 'ADMIN';
export const isAdminComparerUser = (u: UserLike | null | undefined) => u?.role === 'ADMIN_COMPARER';
export const isAgencyUser = (u: UserLike | null | undefined) => u?.role === 'AGENCY_ADMIN' || u?.role === 'AGENCY_USER';
export const isOrganizationUser = (u: UserLike | null | undefined) => ROLES_BY_USER_TYPE.organization.includes(u?.role as Role);
export const isCompanyUser = (u: UserLike | null | undefined) => ROLES_BY_USER_TYPE.company.includes(u?.role as Role);
export const isAdminOrAgencyOrganizationUser = (u: UserLike | null | undefined) =>
  isAdminUser(u) || isAgencyUser(u) || isOrganizationUser(u);
export const isAdminOrAgencyAdminUser = (u: UserLike | null | undefined) => isAdminUser(u) || u?.role === 'AGENCY_ADMIN';
export const isVerifyOnlyUser = (u: UserLike | null | undefined) => u?.role === 'ORGANIZATION_USER' || u?.role === 'COMPANY_USER';

export function userFlags(u: UserLike | null | undefined) {
  return {
    isAdminUser: isAdminUser(u),
    isAdminComparerUser: isAdminComparerUser(u),
    isAgencyUser: isAgencyUser(u),
    isOrganizationUser: isOrganizationUser(u),
    isCompanyUser: isCompanyUser(u),
    isAdminOrAgencyOrganizationUser: isAdminOrAgencyOrganizationUser(u),
    isAdminOrAgencyAdminUser: isAdminOrAgencyAdminUser(u),
    isVerifyOnlyUser: isVerifyOnlyUser(u),
  };
}
