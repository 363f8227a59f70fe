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
    try {
      await signOut();
    } catch (error) {
      // cognito-local cannot revoke tokens; the local sign-out still happened.
      console.warn('Sign-out reported an error', error);
    }
    // A fresh page after sign-out: nothing of this session stays in memory, and the Authenticator
    // starts signed out, the only state in which it applies our sign-in form's fields (a user who
    // had reloaded while signed in would otherwise get the library's default form).
    window.location.replace(options.keepLocation ? window.location.href : '/');
  }, []);
}
