import { Link as RouterLink } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import MenuIcon from '@mui/icons-material/Menu';
import { useLogout } from '../auth/useLogout';
import { useCurrentUser } from '../auth/current-user';
import { NAV_WIDTH } from './NavDrawer';

export function TopBar({ onOpenNavigation }: { onOpenNavigation: () => void }) {
  const me = useCurrentUser();
  const logout = useLogout();
  return (
    <AppBar
      position="fixed"
      color="default"
      elevation={0}
      sx={{
        width: { md: `calc(100% - ${NAV_WIDTH}px)` },
        ml: { md: `${NAV_WIDTH}px` },
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Toolbar sx={{ gap: 1 }}>
        <IconButton edge="start" aria-label="Open navigation" onClick={onOpenNavigation} sx={{ display: { md: 'none' } }}>
          <MenuIcon />
        </IconButton>
        <Box component={RouterLink} to="/" aria-label="Home" sx={{ display: 'flex', alignItems: 'center', gap: 1, textDecoration: 'none', color: 'primary.main' }}>
          <Box component="img" src="/logo.svg" alt="Data Validation Platform logo" sx={{ width: 32, height: 32 }} />
          <Box component="span" sx={{ fontWeight: 700, display: { xs: 'none', sm: 'inline' } }}>
            Data Validation Platform
          </Box>
        </Box>
        <Box sx={{ flex: 1 }} />
        <Button component={RouterLink} to="/profile" color="inherit" sx={{ textTransform: 'none' }}>
          {me.username}
        </Button>
        <Button variant="outlined" onClick={() => void logout()}>
          Logout
        </Button>
      </Toolbar>
    </AppBar>
  );
}
