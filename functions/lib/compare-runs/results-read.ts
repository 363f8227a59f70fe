import { maskIdentifier, maskSsnColumnValue, maskSsnLike } from '../../../shared/mask';
import { DEFAULT_RESULTS_PAGE } from '../../../shared/schemas/results';
import type { Caller } from '../tenancy/caller';
import { db } from '../db/service';
import { badRequest, notFound } from '../errors';
import { pageWith } from '../pagination';
import { companyKeyInScope } from '../tenancy/scope';
import { settledRunView } from './interrupted-run';
import { resultsView } from './results-view';

/** Shared by the result reads: scope, paging and the PII rule (SSNs masked but the last four). */
export const DEFAULT_LIMIT = DEFAULT_RESULTS_PAGE;

/** The comparison, when the caller may reach its company; otherwise 404. */
export async function comparisonInScope(caller: Caller, companyId: string, comparisonId: string) {
  const company = await companyKeyInScope(caller, companyId);
  const { data } = await db().entities.comparison.get({ organization_id: company.organization_id, company_id: company.id, id: comparisonId }).go();
  if (!data) throw notFound();
  // A run that stopped without a word reads as the failure it is here too (the comparison's own read records it).
  return settledRunView(data);
}

/**
 * What a list of the comparison's results needs of it (results-view.ts), when the caller may reach
 * its company; otherwise 404. Kept per container for a few seconds, unlike comparisonInScope.
 */
export async function resultsViewInScope(caller: Caller, companyId: string, comparisonId: string) {
  const company = await companyKeyInScope(caller, companyId);
  const view = await resultsView(company.organization_id, company.id, comparisonId);
  if (!view) throw notFound();
  return view;
}

interface Pageable<T> {
  params?: () => unknown;
  go(options: { count?: number; limit?: number; cursor: string | null; pages?: number }): Promise<{ data: T[]; cursor: string | null }>;
}

/** Items a call asks for at least, so a page whose filters leave out many takes few calls. */
const MIN_CALL_ITEMS = 100;

/**
 * A page where most items pass the filters: a first call for the whole page, which DynamoDB stops
 * at a megabyte, then calls for only what is still missing. Asked for the whole page each call,
 * DynamoDB would read items the page does not keep and the next page reads again.
 */
async function readPage<T>(query: Pageable<T>, count: number, cursor: string | null) {
  const first = await query.go({ limit: count, cursor, pages: 1 });
  const missing = count - first.data.length;
  if (!first.cursor || missing <= 0) return first;
  const rest = await query.go({ count: missing, limit: Math.max(missing, Math.min(count, MIN_CALL_ITEMS)), cursor: first.cursor });
  return { data: [...first.data, ...rest.data], cursor: rest.cursor };
}

/**
 * One page: up to `limit` items after filters, and the cursor of the next page or null. A
 * `selective` filter (few items pass) reads by the megabyte, or it would take many calls a page.
 */
export function pageOf<T>(query: Pageable<T>, limit: number | undefined, cursor: string | undefined, options: { selective?: boolean } = {}) {
  const count = limit ?? DEFAULT_LIMIT;
  return pageWith(query, cursor, (start) => (options.selective ? query.go({ count, cursor: start }) : readPage(query, count, start)));
}

/**
 * The run whose results the reads show: the one named by the comparison's summary, which the
 * pipeline publishes only once that run's results are all written. A run in progress, one that
 * failed half-way or one stopped after its time are never mixed in; before any run succeeded there
 * is nothing to show.
 */
export function publishedRunId(comparison: { summary?: unknown }): string | null {
  const runId = (comparison.summary as { run_id?: unknown } | null | undefined)?.run_id;
  return typeof runId === 'string' && runId ? runId : null;
}

/** Data point ids whose values are SSNs (from the last run's summary), for masking whole columns. */
export function ssnDataPoints(summary: unknown): Set<string> {
  const points = (summary as { data_points?: Array<{ id: string; value_kind?: string }> } | null)?.data_points ?? [];
  return new Set(points.filter((p) => p.value_kind === 'ssn').map((p) => p.id));
}

type Person = { unique_identifier?: string | null };

export function maskPerson<T extends Person>(item: T): T {
  return { ...item, unique_identifier: maskIdentifier(item.unique_identifier) ?? item.unique_identifier };
}

export function maskDiscrepancy<
  T extends Person & { data_point_id: string; baseline_value?: string | null; secondary_value?: string | null; resolved_value?: string | null },
>(item: T, ssnPoints: Set<string>): T {
  const mask = ssnPoints.has(item.data_point_id) ? maskSsnColumnValue : maskSsnLike;
  return {
    ...maskPerson(item),
    baseline_value: mask(item.baseline_value),
    secondary_value: mask(item.secondary_value),
    ...(item.resolved_value !== undefined ? { resolved_value: mask(item.resolved_value) } : {}),
  };
}

/** One list of a read across several: a page of it from its own cursor, its items as answered. */
export type PagedSource<V> = (limit: number, cursor: string | undefined) => Promise<{ items: V[]; next: string | null }>;

/** A list read by the one pager (filters selective), each item answered through `view`. */
export const pagedSource =
  <T, V>(query: Pageable<T>, view: (item: T) => V): PagedSource<V> =>
  async (limit, cursor) => {
    const page = await pageOf(query, limit, cursor, { selective: true });
    return { items: page.items.map(view), next: page.next };
  };

const encodeAcross = (source: number, cursor: string | null) => Buffer.from(JSON.stringify({ s: source, c: cursor })).toString('base64url');
function decodeAcross(cursor: string | undefined, sources: number): { source: number; cursor: string | undefined } {
  if (!cursor) return { source: 0, cursor: undefined };
  try {
    const { s, c } = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { s: unknown; c: unknown };
    if (typeof s === 'number' && Number.isInteger(s) && s >= 0 && s < sources && (c === null || typeof c === 'string')) return { source: s, cursor: c ?? undefined };
  } catch {
    /* answered below */
  }
  throw badRequest('The cursor is not valid for this list.', { cursor: 'Invalid cursor' });
}

/**
 * One page of several lists read one after the other: the cursor names the list and that list's
 * own cursor, so a page may end in one list and the next page start in the following one.
 */
export async function pageAcross<V>(sources: ReadonlyArray<PagedSource<V>>, limit: number | undefined, cursor: string | undefined) {
  const want = limit ?? DEFAULT_LIMIT;
  let { source, cursor: inner } = decodeAcross(cursor, sources.length);
  const items: V[] = [];
  while (source < sources.length && items.length < want) {
    const page = await sources[source](want - items.length, inner);
    items.push(...page.items);
    if (page.next) inner = page.next;
    else {
      source++;
      inner = undefined;
    }
  }
  return { items, next: source < sources.length ? encodeAcross(source, inner ?? null) : null };
}
