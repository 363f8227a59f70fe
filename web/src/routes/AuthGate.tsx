import { lazy, Suspense, useEffect } from 'react';
import { useAuthenticator } from '@aws-amplify/ui-react';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { SignInPage } from '../auth/SignInPage';
import { clearSessionExpiredMessage, listenForRefreshFailures } from '../api/session';

// The signed-in app (data layer, router, shell, navigation) is downloaded after sign-in, so the
// sign-in page only waits for what it shows.
const SignedInApp = lazy(() => import('./SignedInApp').then((m) => ({ default: m.SignedInApp })));

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
    <Suspense fallback={<FullPageSpinner label="Loading your account" />}>
      <SignedInApp />
    </Suspense>
  );
}
