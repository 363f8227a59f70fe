import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { BulkFailure, Discrepancy } from '../../../../data/verification';

/** How far the selection reaches (this page, every page), with Select all matching and Clear selection. */
export function SelectionScope({
  count,
  allSelected,
  pageAllSelected,
  total,
  onPage,
  onSelectEveryMatch,
  onClear,
}: {
  count: number;
  allSelected: boolean;
  pageAllSelected: boolean;
  total: number;
  onPage: number;
  onSelectEveryMatch: () => void;
  onClear: () => void;
}) {
  return (
    <Alert severity="info" data-testid="selection-scope">
      {allSelected ? `All ${count} discrepancies matching these filters are selected (every page).` : `${count} selected${pageAllSelected ? ' — every row on this page' : ''}.`}{' '}
      {!allSelected && pageAllSelected && total > onPage ? (
        <Button size="small" onClick={onSelectEveryMatch}>
          Select all {total} matching
        </Button>
      ) : null}
      <Button size="small" onClick={onClear}>
        Clear selection
      </Button>
    </Alert>
  );
}

/** The rows a bulk resolve could not resolve, each with the API's reason (the first 20 listed). */
export function BulkFailures({ failures, selection, onClose }: { failures: readonly BulkFailure[]; selection: ReadonlyMap<string, Discrepancy>; onClose: () => void }) {
  return (
    <Alert severity="warning" onClose={onClose}>
      {failures.length} not resolved:
      <ul style={{ margin: 0 }}>
        {failures.slice(0, 20).map((f) => (
          <li key={f.id}>
            {selection.get(f.id)?.unique_identifier ?? f.id}: {f.message ?? `status ${f.status}`}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
