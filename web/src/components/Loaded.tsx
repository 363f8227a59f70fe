import type { ReactNode } from 'react';
import { isNotFoundError, notFoundError } from '../api/errors';
import { FullPageSpinner } from './FullPageSpinner';
import { NotFoundPage, ServerErrorPage } from './errors';

interface Props<T> {
  /** An SWR result (or anything with data / error / isLoading). */
  result: { data?: T; error?: unknown; isLoading?: boolean };
  children: (data: T) => ReactNode;
}

/**
 * The guard of a page's own data (SPEC §2, §8): spinner while loading, the 404 page for a
 * not-found (the API answers 404 for anything outside the caller's scope too), 500 otherwise.
 */
export function Loaded<T>({ result, children }: Props<T>) {
  if (result.error) return isNotFoundError(result.error) ? <NotFoundPage /> : <ServerErrorPage error={result.error} />;
  if (result.data === undefined) return <FullPageSpinner />;
  return <>{children(result.data)}</>;
}

/** SPEC §6: an id that is not in the loaded list is a 404, exactly like a missing record. */
export function itemOrNotFound<T extends { id: string }>(
  items: readonly T[] | undefined,
  id: string | undefined,
): { data?: T; error?: unknown; isLoading?: boolean } {
  if (!items) return { isLoading: true };
  const item = id ? items.find((candidate) => candidate.id === id) : undefined;
  return item ? { data: item } : { error: notFoundError() };
}
