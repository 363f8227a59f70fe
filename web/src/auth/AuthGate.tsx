import { useEffect } from 'react';
import { useAuthenticator } from '@aws-amplify/ui-react';
import { SWRConfig } from 'swr';
import { FullPageSpinner } from '../layout/FullPageSpinner';
import { AuthenticatedApp } from '../routes/AuthenticatedApp';
import { SignInPage } from './SignInPage';
import { clearSessionExpiredMessage, listenForRefreshFailures } from './session';

// Each signed-in session gets a cache of its own: on sign-out the whole cache (data and errors)
// goes away, so the next session starts clean and never sees the previous user's data.
const sessionCache = () => new Map();

/** SPEC §4 auth status: configuring → spinner; unauthenticated → sign-in; authenticated → the app. */
export function AuthGate() {
  const { authStatus } = useAuthenticator((context) => [context.authStatus]);

  useEffect(() => listenForRefreshFailures(), []);

  useEffect(() => {
    if (authStatus === 'authenticated') clearSessionExpiredMessage();
  }, [authStatus]);

  if (authStatus === 'configuring') return <FullPageSpinner label="Checking your session" />;
  if (authStatus !== 'authenticated') return <SignInPage />;
  return (
    <SWRConfig value={{ provider: sessionCache }}>
      <AuthenticatedApp />
    </SWRConfig>
  );
}
