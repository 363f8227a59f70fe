import { useCallback } from 'react';
import { signOut } from 'aws-amplify/auth';
import { useSWRConfig } from 'swr';

/** Sign out, then drop every cached response so nothing of this user outlives the session. */
export function useLogout() {
  const { mutate } = useSWRConfig();
  return useCallback(async () => {
    try {
      await signOut();
    } finally {
      await mutate(() => true, undefined, { revalidate: true });
    }
  }, [mutate]);
}
