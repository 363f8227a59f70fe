import { useMemo, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useGridApiRef } from '@mui/x-data-grid';
import { errorMessage } from '../../../api/errors';
import { useComparisonReport } from '../../../data/compare-runs';
import { useComparison, useDataPoints } from '../../../data/comparisons';
import {
  allMatches,
  bulkResolveDiscrepancies,
  resolveDiscrepancy,
  reviewDiscrepancy,
  revalidateVerification,
  useDiscrepancyGrid,
  type BulkFailure,
  isBulkFailure,
  type Discrepancy,
  type ResolutionChange,
} from '../../../data/verification';
import { useSnackbar } from '../../../feedback/snackbar';
import { useCurrentUser } from '../../../auth/current-user';
import { moveToStep } from '../move-step';
import type { StepProps } from '../step-props';
import { BulkResolveDialog } from './verify-discrepancies/BulkResolveDialog';
import { discrepancyColumns, type ReviewAction } from './verify-discrepancies/discrepancy-columns';
import { DiscrepancyFilters } from './verify-discrepancies/DiscrepancyFilters';
import { DiscrepancyGrid, refocusRow } from './verify-discrepancies/DiscrepancyGrid';
import { ResolveDialog } from './verify-discrepancies/ResolveDialog';
import { BulkFailures, SelectionScope } from './verify-discrepancies/SelectionAlerts';
import { useGridQuery } from './verify-discrepancies/use-grid-query';
import { useReviewer } from './verify-discrepancies/use-reviewer';
import { useSelection } from './verify-discrepancies/use-selection';

interface EditorState {
  row: Discrepancy;
  index: number;
}

/**
 * VERIFY_DISCREPANCIES (UX "Verify discrepancies"): a server-side grid over the
 * discrepancies (paging, sorting, filters all in the URL), one-click tabs, a resolve editor that the
 * keyboard reaches with Enter, "Resolve and next", bulk resolve with per-row outcomes, the verifier's
 * approve / send back, and a resolved / total counter.
 */
export function VerifyDiscrepanciesStep({ companyId, comparisonId, goTo }: StepProps) {
  const { mutate } = useSWRConfig();
  const snackbar = useSnackbar();
  const me = useCurrentUser();
  const reviewer = useReviewer(companyId, comparisonId);
  const apiRef = useGridApiRef();
  const [q, setQ] = useGridQuery();
  const grid = useDiscrepancyGrid(companyId, comparisonId, q);
  const report = useComparisonReport(companyId, comparisonId);
  const points = useDataPoints(companyId, comparisonId);
  const rows = grid.data?.items ?? [];
  const total = grid.data?.total ?? 0;
  const selected = useSelection(rows);
  const [editor, setEditor] = useState<EditorState | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [bulkFailures, setBulkFailures] = useState<BulkFailure[]>([]);
  const [moving, setMoving] = useState(false);
  const focusAfter = useRef<string | null>(null);

  const pointName = useMemo(() => {
    const map = new Map<string, string>();
    for (const p of points.data?.items ?? []) map.set(p.id, p.baseline_column_name === p.secondary_column_name ? p.baseline_column_name : `${p.baseline_column_name} / ${p.secondary_column_name}`);
    return map;
  }, [points.data]);
  // The operation of each data point that has one: its result is a column of the grid, as in the export.
  const operationOf = useMemo(() => {
    const map = new Map<string, string>();
    for (const p of points.data?.items ?? []) if (p.discrepancy_function) map.set(p.id, p.discrepancy_function);
    return map;
  }, [points.data]);
  const cards = report.data?.cards;
  const invoice = useComparison(companyId, comparisonId).data?.audit_type === 'INVOICE_RECONCILIATION';

  const refresh = () => revalidateVerification(mutate, companyId, comparisonId);

  async function review(row: Discrepancy, action: ReviewAction) {
    const res = await reviewDiscrepancy(companyId, comparisonId, row.id, action, { updated_at: row.updated_at });
    if (res.error) snackbar.error(res.error);
    else snackbar.success(action === 'approve' ? 'Resolution approved' : 'Resolution sent back');
    await refresh();
  }
  const columns = discrepancyColumns({ pointName, operationOf, invoice, myId: me.id, reviewer, onReview: review });

  async function selectEveryMatch() {
    const res = await allMatches(companyId, comparisonId, q);
    if (res.error) return snackbar.error(res.error);
    selected.selectEveryMatch(res.data ?? []);
  }

  function openEditor(row: Discrepancy) {
    setEditor({ row, index: rows.findIndex((r) => r.id === row.id) });
  }

  /** Saves the editor; `next` opens the row below, otherwise focus moves down in the grid. */
  async function saveEditor(change: ResolutionChange, next: boolean) {
    if (!editor) return;
    const res = await resolveDiscrepancy(companyId, comparisonId, editor.row.id, { ...change, updated_at: editor.row.updated_at });
    if (res.error) {
      snackbar.error(res.error);
      if (res.error.status === 409) await refresh();
      return;
    }
    snackbar.success('Discrepancy resolved');
    const below = rows[editor.index + 1] ?? null;
    focusAfter.current = below?.id ?? editor.row.id;
    setEditor(next && below ? { row: below, index: editor.index + 1 } : null);
    await refresh();
  }

  async function bulkResolve(change: ResolutionChange) {
    const { results } = await bulkResolveDiscrepancies(companyId, comparisonId, [...selected.selection.values()], change);
    const failed = results.filter(isBulkFailure);
    const ok = results.length - failed.length;
    setBulkFailures(failed);
    selected.keepOnly(failed.map((f) => f.id));
    setBulkOpen(false);
    if (failed.length) snackbar.show(`${ok} resolved, ${failed.length} failed; the failed rows stay selected.`, 'warning');
    else snackbar.success(`${ok} discrepancies resolved`);
    await refresh();
  }

  async function next() {
    setMoving(true);
    const problem = await moveToStep(mutate, companyId, comparisonId, 'VERIFY_MISSING_DATA');
    setMoving(false);
    if (problem) snackbar.error(problem);
    else goTo('VERIFY_MISSING_DATA');
  }

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}>
        <Typography role="status" aria-live="polite" data-testid="resolved-counter" sx={{ fontWeight: 600 }}>
          {cards ? `${cards.discrepancies_resolved} of ${cards.discrepancies} discrepancies resolved` : 'Counting…'}
        </Typography>
        <Button variant="contained" onClick={next} disabled={moving}>
          Next: Verify missing data
        </Button>
      </Stack>
      <DiscrepancyFilters q={q} setQ={setQ} pointName={pointName} selected={selected.selection.size} onResolveSelected={() => setBulkOpen(true)} />
      {selected.selection.size > 0 ? (
        <SelectionScope
          count={selected.selection.size}
          allSelected={selected.allSelected}
          pageAllSelected={selected.pageAllSelected}
          total={total}
          onPage={rows.length}
          onSelectEveryMatch={selectEveryMatch}
          onClear={() => selected.keepOnly()}
        />
      ) : null}
      {bulkFailures.length ? <BulkFailures failures={bulkFailures} selection={selected.selection} onClose={() => setBulkFailures([])} /> : null}
      {grid.error ? <Alert severity="error">{errorMessage(grid.error)}</Alert> : null}
      <DiscrepancyGrid
        apiRef={apiRef}
        rows={rows}
        columns={columns}
        total={total}
        loading={grid.isLoading}
        q={q}
        setQ={setQ}
        selection={selected.model}
        onSelection={selected.onModelChange}
        onOpen={openEditor}
      />
      {editor ? (
        <ResolveDialog
          key={editor.row.id}
          row={editor.row}
          reviewer={reviewer}
          pointName={pointName.get(editor.row.data_point_id) ?? ''}
          invoice={invoice}
          hasNext={editor.index + 1 < rows.length}
          onCancel={() => {
            focusAfter.current = editor.row.id;
            setEditor(null);
            refocusRow(apiRef, editor.row.id);
          }}
          onSave={async (change, goNext) => {
            await saveEditor(change, goNext);
            if (!goNext && focusAfter.current) refocusRow(apiRef, focusAfter.current);
          }}
        />
      ) : null}
      {bulkOpen ? (
        <BulkResolveDialog count={selected.selection.size} scope={selected.allSelected ? 'every match' : 'selected rows'} invoice={invoice} onCancel={() => setBulkOpen(false)} onSave={bulkResolve} />
      ) : null}
    </Stack>
  );
}
