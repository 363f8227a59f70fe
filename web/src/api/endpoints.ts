import useSWR, { type Key, type SWRConfiguration, type SWRResponse } from 'swr';
import type { z } from 'zod';
import type { Endpoint, RequestBodyOf, ResponseOf } from '../../../shared/api/endpoint';
import type { ApiError } from './errors';
import { fillPath } from './endpoint-path';
import { request, requestWithPolicy, type RequestOptions, type RequestResult } from './request';

/**
 * The web's one way to the API: an endpoint object of shared/api, its path parameters and query
 * (typed from its schemas) in, its typed answer out. `useApi` reads through SWR, `callApi` writes
 * (or reads outside SWR). No other module of the web spells an `/api/` path.
 */

type AnyEndpoint = Endpoint;
type QueryScalar = string | number | boolean | null | undefined;

/** The path parameters of an endpoint, as its params schema takes them; `{}` for a path without any. */
export type ParamsOf<E> = E extends Endpoint<infer P, infer _Q, infer _B, infer _R> ? (P extends z.ZodType ? z.input<P> : Record<string, never>) : never;
/** The query an endpoint takes: the names its query schema knows, each a query-string value. */
export type QueryOf<E> = E extends Endpoint<infer _P, infer Q, infer _B, infer _R> ? (Q extends z.ZodType ? { [K in keyof z.input<Q>]?: QueryScalar } : Record<string, never>) : never;
/** The item of a list endpoint (`{ items, next }`). */
export type ItemOf<E> = ResponseOf<E> extends { items: ReadonlyArray<infer I> } ? I : never;

/**
 * An endpoint with its path parameters, ready to read or call. Given a union of endpoints (the same
 * operation under each owner: platform, organization, company, agency), it is the union of each
 * endpoint with its own parameters, so an owner's endpoint never meets another owner's ids.
 */
export type ApiSource<E> = E extends AnyEndpoint ? { endpoint: E; params: ParamsOf<E> } : never;

/**
 * An owner's endpoints (one of a family: platform, organization, company or agency) with the
 * owner's ids as their path parameters. Made by a call rather than an object literal, so a union
 * of owners keeps each pair its own type instead of merging their ids into optional fields.
 */
export const ownedBy = <A, P>(api: A, params: P) => ({ api, params });

/** The path of an endpoint with its parameters filled in. */
export function apiPath<E extends AnyEndpoint>(endpoint: E, params: ParamsOf<E>): string {
  return fillPath(endpoint, params as Record<string, string>);
}

/** An SWR key of this module: the path alone, or the path with its query (and a marker that tells reads of the same query apart). */
export type ApiKey = string | readonly [path: string, query: RequestOptions['query'], ...rest: unknown[]];

/** The query without its empty values; undefined when nothing is left, so a read without query is keyed by its path alone. */
function cleanQuery(query: RequestOptions['query']): RequestOptions['query'] {
  if (!query) return undefined;
  const entries = Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== '');
  return entries.length ? Object.fromEntries(entries) : undefined;
}

/**
 * The SWR key of a read: the bare path when it has no query, as pages revalidate an item with
 * `mutate(path)`; `[path, query]` otherwise. `keyExtra` keeps apart reads that differ in more than
 * the query (a version, another way of reading the same list).
 */
export function apiKey<E extends AnyEndpoint>(endpoint: E, params: ParamsOf<E>, query?: QueryOf<E>, keyExtra?: unknown): ApiKey {
  const path = apiPath(endpoint, params);
  const q = cleanQuery(query as RequestOptions['query']);
  if (keyExtra !== undefined) return [path, q, keyExtra];
  return q ? [path, q] : path;
}

/** The path of any key of this module (a predicate given to `mutate` sees every key of the cache). */
export function keyPath(key: unknown): string | undefined {
  const path = Array.isArray(key) ? (key as unknown[])[0] : key;
  return typeof path === 'string' ? path : undefined;
}

export interface CallInput<E extends AnyEndpoint> {
  params: ParamsOf<E>;
  query?: QueryOf<E>;
  body?: RequestBodyOf<E>;
  /** Send the body gzipped (large row sets). */
  compress?: boolean;
  signal?: AbortSignal;
  /**
   * The SPEC §8 policy (token refresh, one retry of a failed GET): for calls made outside SWR whose
   * failure the page cannot otherwise recover from.
   */
  retry?: boolean;
  /**
   * A write that must not happen twice (a run, an export, an e-mail): sent with a fresh
   * idempotency key and retried once with the same key when it got no answer or a server error.
   */
  idempotent?: boolean;
}

/** Calls an endpoint with its method; never throws: answers `{ data }` typed by the endpoint, or `{ error }`. */
export function callApi<E extends AnyEndpoint>(endpoint: E, input: CallInput<E>): Promise<RequestResult<ResponseOf<E>>> {
  const send = input.retry || input.idempotent ? requestWithPolicy : request;
  return send<ResponseOf<E>>(apiPath(endpoint, input.params), {
    method: endpoint.method,
    query: input.query as RequestOptions['query'],
    body: input.body,
    compress: input.compress,
    signal: input.signal,
    idempotencyKey: input.idempotent ? crypto.randomUUID() : undefined,
  });
}

/** Calls an endpoint for its data, throwing its error (for SWR fetchers). */
export async function fetchApi<E extends AnyEndpoint>(endpoint: E, input: CallInput<E>): Promise<ResponseOf<E>> {
  const result = await callApi(endpoint, input);
  if (result.error) throw result.error;
  return result.data;
}

export interface ReadOptions<E extends AnyEndpoint, T> extends SWRConfiguration<T, ApiError> {
  query?: QueryOf<E>;
  keyExtra?: unknown;
}

/** A list read page after page; `next` is the cursor of the rest when `maxPages` stopped the read. */
export interface PagedList<T> {
  items: T[];
  next: string | null;
  /** Rows per page asked of the API. */
  pageSize: number;
}

export interface AllPages {
  pageSize: number;
  /** Stop after this many pages (Infinity: to the end of the list). */
  maxPages: number;
}

export type ListEndpoint = Endpoint & { response: z.ZodType<{ items: unknown[]; next: string | null }> };

/** Every page of a list endpoint, following `next` until the list ends or `maxPages` were read. */
export async function fetchAllPages<E extends ListEndpoint>(endpoint: E, params: ParamsOf<E>, query: QueryOf<E> | undefined, pages: AllPages): Promise<PagedList<ItemOf<E>>> {
  const items: ItemOf<E>[] = [];
  let cursor: string | null = null;
  const seen = new Set<string>();
  for (let page = 0; page < pages.maxPages; page++) {
    const data = (await fetchApi(endpoint, { params, query: { ...query, limit: pages.pageSize, cursor } as unknown as QueryOf<E> })) as { items: ItemOf<E>[]; next: string | null };
    items.push(...data.items);
    cursor = data.next;
    // A cursor handed back twice would loop for ever; the rows read so far are all there is.
    if (!cursor || seen.has(cursor)) {
      cursor = null;
      break;
    }
    seen.add(cursor);
  }
  return { items, next: cursor, pageSize: pages.pageSize };
}

/**
 * Reads an endpoint through SWR; `params` null reads nothing (an id not known yet). With `allPages`
 * the list is read whole (up to its cap) and answered as one `PagedList`; its key starts with the
 * list's path, so a revalidation of that path reaches it.
 */
export function useApi<E extends ListEndpoint>(
  endpoint: E,
  params: ParamsOf<E> | null,
  options: ReadOptions<E, PagedList<ItemOf<E>>> & { allPages: AllPages },
): SWRResponse<PagedList<ItemOf<E>>, ApiError>;
export function useApi<E extends AnyEndpoint>(endpoint: E, params: ParamsOf<E> | null, options?: ReadOptions<E, ResponseOf<E>>): SWRResponse<ResponseOf<E>, ApiError>;
export function useApi<E extends AnyEndpoint>(
  endpoint: E,
  params: ParamsOf<E> | null,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the overloads above carry the types
  options: ReadOptions<E, any> & { allPages?: AllPages } = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the overloads above carry the types
): SWRResponse<any, ApiError> {
  const { query, keyExtra, allPages, ...config } = options;
  let key: Key = null;
  if (params) key = allPages ? apiKey(endpoint, params, query, ['all-pages', allPages.pageSize, allPages.maxPages]) : apiKey(endpoint, params, query, keyExtra);
  // A single read goes through the fetcher of the SWR configuration (which reads any key of this
  // module); a whole list needs its own, which follows the cursor.
  const pages = allPages && (() => fetchAllPages(endpoint as unknown as ListEndpoint, params as ParamsOf<ListEndpoint>, query as QueryOf<ListEndpoint>, allPages));
  return useSWR<unknown, ApiError>(key, pages ? { ...config, fetcher: pages } : config);
}

const API_PREFIX = '/api/';

/** A `mutate` predicate: every cached read whose path starts with one of `prefixes` (paths made by `apiPath`). */
export const readsUnder =
  (...prefixes: string[]) =>
  (key: unknown): boolean => {
    const path = keyPath(key);
    return path !== undefined && prefixes.some((prefix) => path.startsWith(prefix));
  };

/** A `mutate` predicate: every cached read of the API but those of the given endpoints (which take no parameters). */
export const readsExcept =
  (...except: AnyEndpoint[]) =>
  (key: unknown): boolean => {
    const path = keyPath(key);
    return path !== undefined && path.startsWith(API_PREFIX) && !except.some((endpoint) => endpoint.path === path);
  };
