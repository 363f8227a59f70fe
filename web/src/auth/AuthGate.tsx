import { useEffect } from 'react';
import { useAuthenticator } from '@aws-amplify/ui-react';
import { useSWRConfig } from 'swr';
import { FullPageSpinner } from '../layout/FullPageSpinner';
import { AuthenticatedApp } from '../routes/AuthenticatedApp';
import { SignInPage } from './SignInPage';
import { clearSessionExpiredMessage, listenForRefreshFailures } from './session';

/** SPEC §4 auth status: configuring → spinner; unauthenticated → sign-in; authenticated → the app. */
export function AuthGate() {
  const { authStatus } = useAuthenticator((context) => [context.authStatus]);
  const { mutate } = useSWRConfig();

  useEffect(() => listenForRefreshFailures(), []);

  useEffect(() => {
    // The next person to sign in on this browser must not see the previous user's data.
    if (authStatus === 'unauthenticated') void mutate(() => true, undefined, { revalidate: true });
    if (authStatus === 'authenticated') clearSessionExpiredMessage();
  }, [authStatus, mutate]);

  if (authStatus === 'configuring') return <FullPageSpinner label="Checking your session" />;
  if (authStatus !== 'authenticated') return <SignInPage />;
  return <AuthenticatedApp />;
}
