import { useSearchParams } from 'react-router';
import Button, { type ButtonProps } from '@mui/material/Button';
import { TruncatedNotice } from '../../components/TruncatedNotice';
import { DataGrid, type GridColDef, type GridFilterModel, type GridPaginationModel, type GridSortModel, type GridValidRowModel } from '@mui/x-data-grid';

interface Props<T extends GridValidRowModel> {
  rows: readonly T[];
  columns: GridColDef<T>[];
  loading?: boolean;
  getRowId?: (row: T) => string;
  /** Prefix of this grid's keys in the URL, when a page has more than one grid. */
  urlKey?: string;
  /** The list was longer than what was read (`useList`'s `truncated`): the grid says so above the rows. */
  truncated?: boolean;
}

/**
 * A list in a DataGrid (MUI X community) with sorting, filtering and paging. The list state lives
 * in the URL (DESIGN "Web"), so a sorted, filtered page can be linked and survives a reload.
 */
export function EntityGrid<T extends GridValidRowModel>({ rows, columns, loading, getRowId, urlKey = '', truncated }: Props<T>) {
  const [search, setSearch] = useSearchParams();
  const k = (name: string) => `${urlKey}${name}`;
  const page = Number(search.get(k('page')) ?? 0) || 0;
  const pageSize = Number(search.get(k('size')) ?? 25) || 25;
  const sort = search.get(k('sort'));
  const sortModel: GridSortModel = sort ? [{ field: sort.replace(/^-/, ''), sort: sort.startsWith('-') ? 'desc' : 'asc' }] : [];
  const q = search.get(k('q')) ?? '';
  let items: GridFilterModel['items'];
  try {
    items = JSON.parse(search.get(k('f')) ?? '[]');
  } catch {
    items = [];
  }
  const filterModel: GridFilterModel = { items, quickFilterValues: q ? q.split(' ') : [] };
  const update = (changes: Record<string, string | null>) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [name, value] of Object.entries(changes)) {
          if (value === null || value === '') next.delete(k(name));
          else next.set(k(name), value);
        }
        return next;
      },
      { replace: true },
    );
  return (
    <>
      {truncated && <TruncatedNotice shown={rows.length} />}
      <DataGrid
        rows={rows as T[]}
        columns={columns}
        loading={loading}
        getRowId={getRowId}
        autoHeight
        disableRowSelectionOnClick
        showToolbar
        pageSizeOptions={[10, 25, 50, 100]}
        paginationModel={{ page, pageSize }}
        onPaginationModelChange={(m: GridPaginationModel) => update({ page: String(m.page), size: String(m.pageSize) })}
        sortModel={sortModel}
        onSortModelChange={(m) => update({ sort: m[0] ? `${m[0].sort === 'desc' ? '-' : ''}${m[0].field}` : null })}
        filterModel={filterModel}
        onFilterModelChange={(m) => update({ q: (m.quickFilterValues ?? []).join(' ') || null, f: m.items.length ? JSON.stringify(m.items) : null, page: null })}
        slotProps={{ toolbar: { showQuickFilter: true } }}
      />
    </>
  );
}

export interface RowAction<T> {
  label: string;
  color?: ButtonProps['color'];
  /** Whether the caller may do it on this row. */
  shown: (row: T) => boolean;
  onClick: (row: T) => void;
}

/** The last column of a list: a small button per action the caller may take on the row. */
export function actionsColumn<T extends GridValidRowModel>(width: number, actions: RowAction<T>[]): GridColDef<T> {
  return {
    field: 'actions',
    headerName: '',
    width,
    sortable: false,
    filterable: false,
    renderCell: ({ row }) => (
      <>
        {actions
          .filter((a) => a.shown(row))
          .map((a) => (
            <Button key={a.label} size="small" color={a.color} onClick={() => a.onClick(row)}>
              {a.label}
            </Button>
          ))}
      </>
    ),
  };
}
