import { useState } from 'react';
import type { DataGridProps, GridPaginationModel } from '@mui/x-data-grid';

const PAGE_SIZES = [25, 50, 100];

/**
 * A DataGrid paged by the API's cursors: each page is asked for with the cursor the previous page
 * answered, so every row can be reached however many there are; the total is known once the last
 * page is. Cursors belong to one query: give the grid a `key` of its filters so new filters start
 * again from the first page.
 */
export function useCursorPaging() {
  const [model, setModel] = useState<GridPaginationModel>({ page: 0, pageSize: PAGE_SIZES[0] });
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = model.page === 0 ? undefined : cursors[model.page - 1];

  /** The grid's paging props for the page the API answered (sorting and filtering off with them). */
  const gridProps = (data: { next: string | null } | undefined) =>
    ({
      paginationMode: 'server',
      // The API pages and filters: sorting or filtering the page at hand would pretend to cover all.
      disableColumnSorting: true,
      disableColumnFilter: true,
      rowCount: -1,
      paginationMeta: data ? { hasNextPage: !!data.next } : {},
      pageSizeOptions: PAGE_SIZES,
      paginationModel: model,
      onPaginationModelChange: (m: GridPaginationModel) => {
        if (m.pageSize !== model.pageSize) {
          setCursors([]);
          setModel({ page: 0, pageSize: m.pageSize });
          return;
        }
        // Moving on keeps the cursor that leads to the next page; going back reuses the ones known.
        const next = data?.next;
        if (m.page === model.page + 1 && next) setCursors((known) => [...known.slice(0, model.page), next]);
        setModel(m);
      },
    }) satisfies Partial<DataGridProps>;

  return {
    cursor,
    limit: model.pageSize,
    /** False for a page whose cursor is not known yet: nothing to ask for. */
    reachable: model.page === 0 || cursor !== undefined,
    gridProps,
  };
}
