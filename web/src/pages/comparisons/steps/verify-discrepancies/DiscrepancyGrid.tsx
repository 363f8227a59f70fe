import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridApi, type GridColDef, type GridPaginationModel, type GridRowSelectionModel } from '@mui/x-data-grid';
import type { RefObject } from 'react';
import type { Discrepancy, GridQuery } from '../../../../data/verification';
import { sortModelOf, sortOf } from './use-grid-query';

/**
 * The server-side grid of discrepancies: paging and sorting go to the URL's query, rows are chosen
 * with their checkboxes (across pages), and Enter on a cell or a double-click opens the row's editor.
 */
export function DiscrepancyGrid({
  apiRef,
  rows,
  columns,
  total,
  loading,
  q,
  setQ,
  selection,
  onSelection,
  onOpen,
}: {
  apiRef: RefObject<GridApi | null>;
  rows: readonly Discrepancy[];
  columns: GridColDef<Discrepancy>[];
  total: number;
  loading: boolean;
  q: GridQuery;
  setQ: (patch: Partial<GridQuery>) => void;
  selection: GridRowSelectionModel;
  onSelection: (model: GridRowSelectionModel) => void;
  onOpen: (row: Discrepancy) => void;
}) {
  return (
    <>
      <Box sx={{ height: 620 }}>
        <DataGrid
          apiRef={apiRef}
          aria-label="Discrepancies"
          rows={rows}
          columns={columns}
          getRowId={(r) => r.id}
          loading={loading}
          paginationMode="server"
          sortingMode="server"
          filterMode="server"
          rowCount={total}
          paginationModel={{ page: q.page, pageSize: q.pageSize }}
          onPaginationModelChange={(m: GridPaginationModel) => setQ({ page: m.page, pageSize: m.pageSize })}
          pageSizeOptions={[25, 50, 100]}
          sortModel={sortModelOf(q)}
          onSortModelChange={(model) => setQ(sortOf(model))}
          disableColumnFilter
          checkboxSelection
          keepNonExistentRowsSelected
          rowSelectionModel={selection}
          onRowSelectionModelChange={onSelection}
          disableRowSelectionOnClick
          onRowDoubleClick={({ row }) => onOpen(row as Discrepancy)}
          onCellKeyDown={(params, event) => {
            if (event.key === 'Enter' && params.field !== '__check__') {
              event.preventDefault();
              event.defaultMuiPrevented = true;
              onOpen(params.row as Discrepancy);
            }
          }}
          slotProps={{ loadingOverlay: { variant: 'linear-progress' } }}
        />
      </Box>
      <Typography variant="body2" color="text.secondary">
        Keyboard: Tab into the grid, move with the arrow keys, press Enter to resolve the focused row. Double-click a row with the mouse.
      </Typography>
    </>
  );
}

/** Puts the keyboard back on a row's first cell once the grid has re-rendered. */
export function refocusRow(apiRef: RefObject<GridApi | null>, id: string) {
  setTimeout(() => {
    try {
      apiRef.current?.setCellFocus(id, 'unique_identifier');
      const cell = apiRef.current?.getCellElement(id, 'unique_identifier');
      cell?.focus();
    } catch {
      /* the row is no longer on this page */
    }
  }, 50);
}
