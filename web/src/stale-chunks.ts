/**
 * A deployment replaces the hashed chunks, so a tab opened before it fails to load a page it had not
 * visited yet. Loading the app again fetches the current index.html and its chunks, and the URL
 * brings the user back to the page. A second failure soon after is a real fault: it is left to show
 * the error page instead of reloading in a loop.
 */
const RELOADED_AT = 'dvp-reloaded-for-stale-chunks-at';
const RETRY_AFTER_MS = 60_000;

export function reloadOnStaleChunks(
  target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'> = window,
  reload: () => void = () => window.location.reload(),
  storage: Pick<Storage, 'getItem' | 'setItem'> = sessionStorage,
  now: () => number = Date.now,
): () => void {
  // Vite dispatches this event when a dynamic import or one of the files it needs fails to load.
  const onPreloadError = (event: Event) => {
    const last = Number(storage.getItem(RELOADED_AT) ?? 0);
    if (now() - last < RETRY_AFTER_MS) return;
    storage.setItem(RELOADED_AT, String(now()));
    event.preventDefault();
    reload();
  };
  target.addEventListener('vite:preloadError', onPreloadError);
  return () => target.removeEventListener('vite:preloadError', onPreloadError);
}
