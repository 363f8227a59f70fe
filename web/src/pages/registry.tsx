import type { ComponentType } from 'react';
import { PAGES_BY_ID, type PageId } from '../../../shared/permissions';
import { ComparisonPage } from './comparisons/ComparisonPage';
import { ComparisonsListPage } from './comparisons/ComparisonsListPage';
import { HomePage } from './home/HomePage';
import { PlaceholderPage } from './placeholder/PlaceholderPage';
import { ProfilePage } from './profile/ProfilePage';
import {
  AdminUserNewPage,
  AdminUserShowPage,
  AdminUsersPage,
  CompanyUserShowPage,
  CompanyUsersPage,
  OrganizationUserEditPage,
  OrganizationUserShowPage,
  OrganizationUsersPage,
} from './users/UsersPages';

/**
 * The screen of each page. A page not listed here shows its title as a placeholder, so adding a
 * screen is one line here plus its folder.
 */
const SCREENS: Partial<Record<PageId, ComponentType>> = {
  home: HomePage,
  profile: ProfilePage,
  'admin.users': AdminUsersPage,
  'admin.users.new': AdminUserNewPage,
  'admin.users.show': AdminUserShowPage,
  'organization.users': OrganizationUsersPage,
  'organization.users.show': OrganizationUserShowPage,
  'organization.users.edit': OrganizationUserEditPage,
  'company.users': CompanyUsersPage,
  'company.users.show': CompanyUserShowPage,
  'company.comparisons': ComparisonsListPage,
  'company.comparisons.show': ComparisonPage,
};

export function screenFor(pageId: PageId): ComponentType {
  const screen = SCREENS[pageId];
  if (screen) return screen;
  const title = PAGES_BY_ID[pageId].title;
  const Placeholder = () => <PlaceholderPage title={title} />;
  Placeholder.displayName = `Placeholder(${pageId})`;
  return Placeholder;
}
