import type { SWRConfiguration } from 'swr';
import { TIMING } from '../config/literals';
import { refreshSession } from './session';
import { isNotFoundError, isReauthenticationError } from './errors';
import { apiFetcher } from './request';

type OnErrorRetry = NonNullable<SWRConfiguration['onErrorRetry']>;

/**
 * SPEC §8 policy inside SWR. SWR's default retry backs off exponentially with jitter; the spec
 * wants exactly one retry after 2 s, none for not-found, and a token refresh before retrying a
 * refused token.
 */
export const onErrorRetry: OnErrorRetry = (error, _key, config, revalidate, opts) => {
  if (isNotFoundError(error)) return;
  const maxRetries = config.errorRetryCount ?? TIMING.swrErrorRetryCount;
  if (opts.retryCount > maxRetries) return;
  if (isReauthenticationError(error)) {
    void refreshSession().then((ok) => {
      if (ok) void revalidate(opts);
    });
    return;
  }
  setTimeout(() => void revalidate(opts), config.errorRetryInterval ?? TIMING.swrErrorRetryIntervalMs);
};

export const swrConfig: SWRConfiguration = {
  fetcher: apiFetcher,
  revalidateOnFocus: false,
  dedupingInterval: TIMING.swrDedupingIntervalMs,
  errorRetryCount: TIMING.swrErrorRetryCount,
  errorRetryInterval: TIMING.swrErrorRetryIntervalMs,
  onErrorRetry,
};
