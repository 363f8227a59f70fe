import { useCallback } from 'react';
import { signOut } from 'aws-amplify/auth';

/**
 * Sign out. The SWR cache belongs to the signed-in tree (see AuthGate), so it goes with it and
 * nothing of this user outlives the session. An explicit Logout also leaves the current URL, so
 * whoever signs in next lands on their own landing page instead of a page of the previous user's
 * tenant (an inactivity time-out keeps it, so the same person can pick up where they were).
 */
export function useLogout() {
  return useCallback(async (options: { keepLocation?: boolean } = {}) => {
    if (!options.keepLocation) window.history.replaceState(null, '', '/');
    try {
      await signOut();
    } catch (error) {
      // cognito-local cannot revoke tokens; the local sign-out still happened.
      console.warn('Sign-out reported an error', error);
    }
  }, []);
}
