import { useMemo, useState } from 'react';
import { useSWRConfig } from 'swr';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../../api/errors';
import { useComparison, useDataPoints } from '../../../data/comparisons';
import { revalidateVerification, useAllMissingRows, useMissingMerges, type MissingKind, type MissingMerge, type MissingRow } from '../../../data/verification';
import type { StepProps } from '../step-props';
import { BulkResolveDialog, type BulkChange } from './verify-discrepancies/BulkResolveDialog';
import { BulkFailures, SelectionScope } from './verify-discrepancies/SelectionAlerts';
import { useSelection } from './verify-discrepancies/use-selection';
import { bulkDecideMissing, isMissingBulkFailure, type MissingBulkFailure } from './verify-missing/bulk-decide';
import { DecideDialog } from './verify-missing/DecideDialog';
import { MissingFilters } from './verify-missing/MissingFilters';
import { MissingGroupTable } from './verify-missing/MissingGroupTable';
import { GROUPS, matchesFilter } from './verify-missing/missing-rows';
import { useMissingFilter } from './verify-missing/use-missing-filter';

/**
 * VERIFY_MISSING_DATA (UX "Verify missing data"): rows only in the baseline (enrolled but
 * not billed), only at the carrier (billed but not enrolled) and duplicates; each with possible
 * matches on the other side (a name typo looks like two missing rows), include or exclude with a
 * reason (pre-filled by the reason: TERM, COBRA… usually excluded) and, for an included row, the
 * values to merge. Many rows (chosen, or all that match the filter) are decided at once, without
 * merge values, each only if nobody changed it meanwhile.
 */
export function VerifyMissingDataStep({ companyId, comparisonId }: StepProps) {
  const { mutate } = useSWRConfig();
  const rows = useAllMissingRows(companyId, comparisonId);
  const merges = useMissingMerges(companyId, comparisonId);
  const points = useDataPoints(companyId, comparisonId);
  const comparison = useComparison(companyId, comparisonId);
  const [filter, setFilter] = useMissingFilter();
  const [editing, setEditing] = useState<MissingRow | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [outcome, setOutcome] = useState<{ decided: number; refused: MissingBulkFailure[] } | null>(null);

  const all = useMemo(() => rows.data ?? [], [rows.data]);
  const shown = useMemo(() => all.filter((r) => matchesFilter(r, filter)), [all, filter]);
  const selected = useSelection(shown);
  const byKind = useMemo(() => {
    const map: Record<MissingKind, MissingRow[]> = { MISSING_IN_SECONDARY: [], MISSING_IN_BASELINE: [], DUPLICATE: [] };
    for (const r of all) (map[r.kind] ?? map.DUPLICATE).push(r);
    return map;
  }, [all]);
  const mergesByRow = useMemo(() => {
    const map = new Map<string, MissingMerge[]>();
    for (const m of merges.data?.items ?? []) map.set(m.missing_discrepancy_id, [...(map.get(m.missing_discrepancy_id) ?? []), m]);
    return map;
  }, [merges.data]);

  if (rows.isLoading) return <LinearProgress aria-label="Loading missing rows" />;
  if (rows.error) return <Alert severity="error">{errorMessage(rows.error)}</Alert>;
  const decided = all.filter((r) => r.resolved_inclusion === true || r.resolved_inclusion === false).length;
  const isMerge = comparison.data?.type === 'COMPARE_MERGE' || comparison.data?.type === 'MERGE_ONLY';
  const invoice = comparison.data?.audit_type === 'INVOICE_RECONCILIATION';
  const refresh = () => revalidateVerification(mutate, companyId, comparisonId);

  async function bulkDecide(change: BulkChange, included?: boolean) {
    // Each row is sent as last read (a refresh may have brought a newer version than when it was chosen).
    const current = new Map(all.map((r) => [r.id, r]));
    const chosen = [...selected.selection.values()].map((r) => current.get(r.id) ?? r);
    const results = await bulkDecideMissing(companyId, comparisonId, chosen, { ...change, resolved_inclusion: included });
    const refused = results.filter(isMissingBulkFailure);
    setOutcome({ decided: results.length - refused.length, refused });
    selected.keepOnly(refused.map((f) => f.id));
    setBulkOpen(false);
    await refresh();
  }

  return (
    <Stack spacing={3}>
      <Typography role="status" aria-live="polite" data-testid="missing-counter" sx={{ fontWeight: 600 }}>
        {decided} of {all.length} missing rows decided
      </Typography>
      <MissingFilters
        filter={filter}
        setFilter={setFilter}
        matching={shown.length}
        selected={selected.selection.size}
        onSelectEveryMatch={() => selected.selectEveryMatch(shown)}
        onDecideSelected={() => setBulkOpen(true)}
      />
      {selected.selection.size > 0 ? (
        <SelectionScope
          noun="missing rows"
          count={selected.selection.size}
          allSelected={selected.allSelected}
          pageAllSelected={selected.pageAllSelected}
          total={shown.length}
          onPage={shown.length}
          onSelectEveryMatch={() => selected.selectEveryMatch(shown)}
          onClear={() => selected.keepOnly()}
        />
      ) : null}
      {outcome ? (
        <Alert severity={outcome.refused.length ? 'warning' : 'success'} data-testid="bulk-outcome" onClose={() => setOutcome(null)}>
          {outcome.decided} missing row{outcome.decided === 1 ? '' : 's'} decided.
          {outcome.refused.length ? ' The rows not decided stay selected.' : ''}
        </Alert>
      ) : null}
      {outcome?.refused.length ? <BulkFailures verb="decided" failures={outcome.refused} selection={selected.selection} onClose={() => setOutcome({ ...outcome, refused: [] })} /> : null}
      {GROUPS.filter((g) => !filter.kind || g.kind === filter.kind).map((group) => {
        const groupRows = shown.filter((r) => r.kind === group.kind);
        return (
          <Paper key={group.kind} variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={`group-${group.kind}`}>
            <Typography id={`group-${group.kind}`} variant="h6">
              {group.title} ({byKind[group.kind].length})
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {group.explain}
            </Typography>
            {groupRows.length === 0 ? (
              <Typography variant="body2">{byKind[group.kind].length ? 'No row of this group matches the filter.' : 'None.'}</Typography>
            ) : (
              <MissingGroupTable
                title={group.title}
                rows={groupRows}
                others={group.other ? byKind[group.other] : []}
                mergesByRow={mergesByRow}
                invoice={invoice}
                selection={selected.selection}
                onChoose={selected.choose}
                onDecide={setEditing}
              />
            )}
          </Paper>
        );
      })}
      {editing ? (
        <DecideDialog
          key={editing.id}
          row={editing}
          points={points.data?.items ?? []}
          existing={mergesByRow.get(editing.id) ?? []}
          showMerges={isMerge || editing.kind !== 'MISSING_IN_SECONDARY'}
          invoice={invoice}
          companyId={companyId}
          comparisonId={comparisonId}
          onClose={async (saved) => {
            setEditing(null);
            if (saved) await refresh();
          }}
        />
      ) : null}
      {bulkOpen ? (
        <BulkResolveDialog
          decideInclusion
          verb="Decide"
          noun="missing rows"
          count={selected.selection.size}
          scope={selected.allSelected ? 'every match' : 'selected rows'}
          invoice={invoice}
          onCancel={() => setBulkOpen(false)}
          onSave={bulkDecide}
        />
      ) : null}
    </Stack>
  );
}
