import { useMemo } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { navContextFromPath, navigationFor, pagePath, type Navigation } from '../../../shared/permissions';
import { isCompanyUser } from '../../../shared/roles';
import { LAYOUT } from '../config/literals';
import { useCompany } from '../data/companies';
import { useCurrentUser } from '../auth/current-user';
import { activeLinkPath } from './active-link';
import { NavHeader } from './NavHeader';
import { NavigationList } from './NavigationList';

export function Copyright() {
  return (
    <Typography variant="caption" color="text.secondary" component="p" sx={{ px: 2, py: 1.5 }}>
      {/* The year of the day the page is shown, so the footer never lags behind the calendar. */}
      © {new Date().getFullYear()} Data Validation Platform
    </Typography>
  );
}

/** Inside a company, people who came from the organization need a way back up. */
function BackToOrganization({ companyId }: { companyId: string }) {
  const me = useCurrentUser();
  const { data: company } = useCompany(isCompanyUser(me) ? null : companyId);
  if (!company?.organization_id) return null;
  return (
    <Link
      component={RouterLink}
      to={pagePath('organization', { organization_id: company.organization_id })}
      variant="body2"
      sx={{ display: 'block', px: 2, pb: 1 }}
    >
      ← Back to organization
    </Link>
  );
}

export function NavigationPanel({ navigation, pathname, onNavigate }: { navigation: Navigation; pathname: string; onNavigate?: () => void }) {
  const activePath = activeLinkPath(navigation.items, pathname);
  const context = navContextFromPath(pathname);
  return (
    <Box component="nav" aria-label={navigation.title || 'Navigation'} sx={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      <Typography variant="overline" component="h2" sx={{ px: 2, pt: 1.5, lineHeight: 1.6, color: 'primary.main', fontWeight: 700 }}>
        {navigation.title}
      </Typography>
      {navigation.header && <NavHeader header={navigation.header} />}
      {navigation.header?.kind === 'company-selector' && context.company_id && <BackToOrganization companyId={context.company_id} />}
      <Divider />
      <Box sx={{ flex: 1, overflowY: 'auto' }}>
        {/* Keyed by title so group open/closed state starts afresh in another context. */}
        <NavigationList key={navigation.title} items={navigation.items} activePath={activePath} onNavigate={onNavigate} />
      </Box>
      <Divider />
      <Copyright />
    </Box>
  );
}

export function NavDrawerContent({ onNavigate }: { onNavigate?: () => void }) {
  const me = useCurrentUser();
  const { pathname } = useLocation();
  const navigation = useMemo(() => navigationFor(me, navContextFromPath(pathname)), [me, pathname]);
  return <NavigationPanel navigation={navigation} pathname={pathname} onNavigate={onNavigate} />;
}

export const NAV_WIDTH = LAYOUT.navigationWidth;
