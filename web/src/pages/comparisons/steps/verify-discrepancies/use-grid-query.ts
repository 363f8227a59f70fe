import { useSearchParams } from 'react-router';
import type { GridSortModel } from '@mui/x-data-grid';
import type { GridQuery, GridTab } from '../../../../data/verification';

/** The grid's sortable columns and the API's sort field of each. */
const SORT_FIELDS: Record<string, string> = {
  unique_identifier: 'unique_identifier',
  member: 'last_name',
  data_point: 'data_point_id',
  baseline_value: 'baseline_value',
  secondary_value: 'secondary_value',
  resolved_value: 'resolved_value',
  type: 'resolved_discrepancy_type',
  resolved_notes: 'resolved_notes',
  amount: 'amount',
};
const DEFAULT_SORT = 'baseline_row_index';

/** The URL's filter on the change since the previous comparison, when it is one. */
function changeOf(search: URLSearchParams): GridQuery['change'] {
  const change = search.get('change');
  return change === 'NEW' || change === 'STILL_OPEN' ? change : undefined;
}

/** The tab a URL asks for: its own, else the one its older `resolved` or filter parameters meant. */
function tabOf(search: URLSearchParams): GridTab {
  const tab = search.get('tab');
  if (tab === 'unresolved' || tab === 'resolved' || tab === 'mine' || tab === 'all') return tab;
  const resolved = search.get('resolved');
  if (resolved === 'true') return 'resolved';
  if (resolved === 'false') return 'unresolved';
  return search.get('type') || search.get('data_point_id') || changeOf(search) ? 'all' : 'unresolved';
}

/** The grid's tab, filters, sort and page, kept in the URL (defaults left out of it) so a link or a reload shows the same rows. */
export function useGridQuery(): [GridQuery, (patch: Partial<GridQuery>) => void] {
  const [search, setSearch] = useSearchParams();
  const q: GridQuery = {
    tab: tabOf(search),
    type: search.get('type') ?? undefined,
    data_point_id: search.get('data_point_id') ?? undefined,
    change: changeOf(search),
    sort: search.get('sort') ?? DEFAULT_SORT,
    order: search.get('order') === 'desc' ? 'desc' : 'asc',
    page: Math.max(0, Number.parseInt(search.get('page') ?? '0', 10) || 0),
    pageSize: [25, 50, 100].includes(Number(search.get('pageSize'))) ? Number(search.get('pageSize')) : 25,
  };
  const update = (patch: Partial<GridQuery>) => {
    const next = { ...q, ...patch };
    const params = new URLSearchParams();
    params.set('step', search.get('step') ?? 'VERIFY_DISCREPANCIES');
    params.set('tab', next.tab);
    if (next.type) params.set('type', next.type);
    if (next.data_point_id) params.set('data_point_id', next.data_point_id);
    if (next.change) params.set('change', next.change);
    if (next.sort !== DEFAULT_SORT) params.set('sort', next.sort);
    if (next.order === 'desc') params.set('order', 'desc');
    if (next.page) params.set('page', String(next.page));
    if (next.pageSize !== 25) params.set('pageSize', String(next.pageSize));
    setSearch(params, { replace: true });
  };
  return [q, update];
}

/** The grid's sort model of a query. */
export function sortModelOf(q: GridQuery): GridSortModel {
  const field = Object.entries(SORT_FIELDS).find(([, v]) => v === q.sort)?.[0];
  return field ? [{ field, sort: q.order }] : [];
}

/** The query's sort of a grid sort model; back to the file's order when none is chosen. A new sort starts at the first page. */
export function sortOf(model: GridSortModel): Pick<GridQuery, 'sort' | 'order' | 'page'> {
  const s = model[0];
  return { sort: s ? SORT_FIELDS[s.field] ?? DEFAULT_SORT : DEFAULT_SORT, order: s?.sort === 'desc' ? 'desc' : 'asc', page: 0 };
}
