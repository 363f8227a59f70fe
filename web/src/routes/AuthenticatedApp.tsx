import { useCallback, useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { isReauthenticationError } from '../api/errors';
import { endExpiredSession } from '../api/session';
import { useLogout } from '../auth/useLogout';
import { useRuntimeConfig } from '../config/RuntimeConfigContext';
import { useMe } from '../data/me';
import { InactivityMonitor } from '../inactivity/InactivityMonitor';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { ServerErrorPage } from '../components/errors';
import { CurrentUserContext } from '../auth/current-user';
import { AppRoutes } from './routes';

function AccountProblem({ message }: { message: string }) {
  const logout = useLogout();
  return (
    <Box sx={{ maxWidth: '30rem', mx: 'auto', mt: 8, px: 2 }}>
      <Alert severity="warning" action={<Button color="inherit" onClick={() => void logout()}>Logout</Button>}>
        {message}
      </Alert>
    </Box>
  );
}

export function AuthenticatedApp() {
  const config = useRuntimeConfig();
  const { data: me, error, isLoading } = useMe();
  const logout = useLogout();
  const onTimeout = useCallback(() => void logout({ keepLocation: true }), [logout]);
  const refused = isReauthenticationError(error);

  useEffect(() => {
    // A refused token that survived the refresh-and-retry policy means the session is over.
    if (refused) void endExpiredSession();
  }, [refused]);

  if (error) {
    if (refused) return <FullPageSpinner />;
    if (error.kind === 'not-found') return <AccountProblem message="Your user record was not found. Please contact your administrator." />;
    // A disabled account or an inactive agency, organization or company: the API says which.
    if (error.status === 403) return <AccountProblem message={error.message} />;
    return <ServerErrorPage error={error} />;
  }
  if (isLoading || !me) return <FullPageSpinner label="Loading your account" />;
  if (me.disabled) return <AccountProblem message="Your account is disabled. Please contact your administrator." />;

  return (
    <CurrentUserContext.Provider value={me}>
      {/* Mounted after sign-in, so the URL the user asked for before signing in is the first page. */}
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <InactivityMonitor
        settings={config.inactivity}
        signOutOnLocalhost={config.inactivity?.signOutOnLocalhost}
        onTimeout={onTimeout}
      />
    </CurrentUserContext.Provider>
  );
}
