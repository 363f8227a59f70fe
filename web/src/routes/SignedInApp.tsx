import { ThemeProvider } from '@mui/material/styles';
import CssBaseline from '@mui/material/CssBaseline';
import { SWRConfig } from 'swr';
import { swrConfig } from '../api/swr';
import { SnackbarProvider } from '../feedback/SnackbarProvider';
import { theme } from '../theme';
import { AuthenticatedApp } from './AuthenticatedApp';

// Each signed-in session gets a cache of its own: on sign-out the whole cache (data and errors)
// goes away, so the next session starts clean and never sees the previous user's data.
const sessionCache = () => new Map();

/**
 * Everything only a signed-in user sees: the MUI theme, the data layer (SWR with the SPEC §8 retry
 * policy and a per-session cache), the snackbar and the app itself. AuthGate loads this module
 * after sign-in, so none of it weighs on the sign-in page.
 */
export function SignedInApp() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SnackbarProvider>
        <SWRConfig value={{ ...swrConfig, provider: sessionCache }}>
          <AuthenticatedApp />
        </SWRConfig>
      </SnackbarProvider>
    </ThemeProvider>
  );
}
