import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';

/** A row's outcome that a bulk write refused: its status and the API's message saying why. */
export interface RefusedRow {
  id: string;
  status: number;
  message?: string;
}

/** How far the selection reaches (this page, every page), with Select all matching and Clear selection. */
export function SelectionScope({
  count,
  allSelected,
  pageAllSelected,
  total,
  onPage,
  onSelectEveryMatch,
  onClear,
  noun = 'discrepancies',
}: {
  count: number;
  allSelected: boolean;
  pageAllSelected: boolean;
  total: number;
  onPage: number;
  onSelectEveryMatch: () => void;
  onClear: () => void;
  /** What the rows are, plural ("discrepancies", "missing rows"). */
  noun?: string;
}) {
  return (
    <Alert severity="info" data-testid="selection-scope">
      {allSelected ? `All ${count} ${noun} matching these filters are selected (every page).` : `${count} selected${pageAllSelected ? ' — every row on this page' : ''}.`}{' '}
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

/** The rows a bulk write refused, each with the API's reason (the first 20 listed). */
export function BulkFailures({
  failures,
  selection,
  onClose,
  verb = 'resolved',
}: {
  failures: readonly RefusedRow[];
  selection: ReadonlyMap<string, { unique_identifier?: string | null }>;
  onClose: () => void;
  /** What was not done to them ("resolved", "decided"). */
  verb?: string;
}) {
  return (
    <Alert severity="warning" onClose={onClose} data-testid="bulk-failures">
      {failures.length} not {verb}:
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
