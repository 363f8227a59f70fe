import { fetchAuthSession, signOut } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { MESSAGES } from '../config/literals';

/**
 * The bridge between Amplify's token store and the request helper, plus the one place that decides
 * a session is over. cognito-local cannot refresh tokens issued after a challenge, so an expired
 * session is an everyday event locally: it must end in a clean sign-out with a message, not a
 * broken page.
 */

type Listener = (message: string | null) => void;
let expiredMessage: string | null = null;
const listeners = new Set<Listener>();

/** The message the sign-in view shows after a session ended on its own (null when none). */
export function getSessionExpiredMessage(): string | null {
  return expiredMessage;
}

export function subscribeSessionExpired(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function clearSessionExpiredMessage(): void {
  setExpired(null);
}

function setExpired(message: string | null) {
  expiredMessage = message;
  for (const listener of listeners) listener(message);
}

let ending: Promise<void> | null = null;
/** Signs out once however many callers notice the dead session at the same time. */
export function endExpiredSession(cause?: unknown): Promise<void> {
  if (!ending) {
    // Worth a line in the console: locally this is cognito-local refusing a refresh.
    console.warn('Session ended', cause ?? '');
    setExpired(MESSAGES.sessionExpired);
    ending = signOut()
      .catch((error: unknown) => console.error('Sign-out after session expiry failed', error))
      .finally(() => {
        ending = null;
      });
  }
  return ending;
}

export const isNetworkError = (error: unknown) =>
  !!error && typeof error === 'object' && (error as { name?: string }).name === 'NetworkError';

/**
 * The bearer for /api calls. Returns null when there is no session at all; a session whose
 * refresh was refused is ended here.
 */
export async function getIdToken(options: { forceRefresh?: boolean } = {}): Promise<string | null> {
  try {
    const session = await fetchAuthSession({ forceRefresh: options.forceRefresh });
    const token = session.tokens?.idToken?.toString();
    if (token) return token;
    // Amplify answers a refused refresh with an empty session rather than an error.
    if (options.forceRefresh) await endExpiredSession('refresh returned no token');
    return null;
  } catch (error) {
    if (isNetworkError(error)) throw error;
    await endExpiredSession(error);
    return null;
  }
}

/** Forces a token refresh; true when a fresh token is available. */
export async function refreshSession(): Promise<boolean> {
  try {
    return (await getIdToken({ forceRefresh: true })) !== null;
  } catch {
    return false;
  }
}

/** Amplify also reports refresh failures on the Hub (e.g. a refresh started by the Authenticator). */
export function listenForRefreshFailures(): () => void {
  return Hub.listen('auth', ({ payload }) => {
    if (payload.event !== 'tokenRefresh_failure') return;
    const error = (payload as { data?: { error?: unknown } }).data?.error;
    if (isNetworkError(error)) return;
    void endExpiredSession(error);
  });
}
