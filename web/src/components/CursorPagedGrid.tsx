import { DataGrid, type DataGridProps, type GridValidRowModel } from '@mui/x-data-grid';
import Typography from '@mui/material/Typography';
import type { useCursorPaging } from './cursor-paging';

/** A page as an SWR hook answers it. */
interface PageRead<T> {
  data?: { items: T[]; next: string | null };
  error?: Error;
  isLoading: boolean;
}

/**
 * A list read page by page from the API (useCursorPaging) in a section of its own: the grid with
 * the paging props, and above it what went wrong when the page could not be read.
 */
export function CursorPagedGrid<T extends GridValidRowModel>({
  label,
  subject,
  page,
  paging,
  ...grid
}: {
  /** The section's accessible name. */
  label: string;
  /** What the list holds, as the error line names it ("The renewals"). */
  subject: string;
  page: PageRead<T>;
  paging: ReturnType<typeof useCursorPaging>;
} & Omit<DataGridProps<T>, 'rows' | 'loading'>) {
  return (
    <section aria-label={label}>
      {page.error && (
        <Typography color="error" role="alert" sx={{ mb: 1 }}>
          {subject} could not be read: {page.error.message}
        </Typography>
      )}
      <DataGrid rows={page.data?.items ?? []} loading={page.isLoading} autoHeight disableRowSelectionOnClick {...paging.gridProps(page.data)} {...grid} />
    </section>
  );
}
