import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import { redirectFor } from '../../../shared/permissions';
import { useCurrentUser } from '../auth/current-user';
import { NAV_WIDTH, NavDrawerContent } from './NavDrawer';
import { TopBar } from './TopBar';

const paperSx = { width: NAV_WIDTH, boxSizing: 'border-box' } as const;

/** SPEC §2 shell: fixed 220 px navigation on the left, top bar, the page in the remaining space. */
export function Shell() {
  const me = useCurrentUser();
  const { pathname, search } = useLocation();
  const [mobileOpen, setMobileOpen] = useState(false);

  const redirect = redirectFor(me, pathname);
  if (redirect && redirect !== pathname) return <Navigate to={`${redirect}${search}`} replace />;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <TopBar onOpenNavigation={() => setMobileOpen(true)} />
      <Box sx={{ width: { md: NAV_WIDTH }, flexShrink: { md: 0 } }}>
        {/* Below the md breakpoint there is no room for a fixed column; the same navigation slides in. */}
        <Drawer
          variant="temporary"
          open={mobileOpen}
          onClose={() => setMobileOpen(false)}
          ModalProps={{ keepMounted: true }}
          sx={{ display: { xs: 'block', md: 'none' }, '& .MuiDrawer-paper': paperSx }}
        >
          <NavDrawerContent onNavigate={() => setMobileOpen(false)} />
        </Drawer>
        <Drawer variant="permanent" open sx={{ display: { xs: 'none', md: 'block' }, '& .MuiDrawer-paper': paperSx }}>
          <NavDrawerContent />
        </Drawer>
      </Box>
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, md: 3 } }}>
        <Toolbar />
        <Outlet />
      </Box>
    </Box>
  );
}
