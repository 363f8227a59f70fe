import { isNavGroup, type NavItem } from '../../../shared/permissions';

function links(items: NavItem[]): string[] {
  return items.flatMap((item) => (isNavGroup(item) ? links(item.children) : [item.path]));
}

/**
 * The one link to highlight: the longest link path that is the current path or a parent of it, so
 * `/agencies/a/reports/renewals` lights Renewals, not the Agency link above it.
 */
export function activeLinkPath(items: NavItem[], pathname: string): string | null {
  const current = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  let best: string | null = null;
  for (const path of links(items)) {
    if (current === path || current.startsWith(`${path}/`)) {
      if (!best || path.length > best.length) best = path;
    }
  }
  return best;
}

export function groupContains(item: NavItem, path: string | null): boolean {
  if (!path) return false;
  return isNavGroup(item) ? item.children.some((child) => groupContains(child, path)) : item.path === path;
}
