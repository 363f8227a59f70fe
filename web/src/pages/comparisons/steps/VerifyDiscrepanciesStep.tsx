import { useMemo, useRef, useState, type FormEvent, type ReactNode, type RefObject } from 'react';
import { useSearchParams } from 'react-router';
import { useSWRConfig } from 'swr';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  DataGrid,
  useGridApiRef,
  type GridColDef,
  type GridRowSelectionModel,
  type GridSortModel,
  type GridPaginationModel,
} from '@mui/x-data-grid';
import { DiscrepancyType } from '../../../../../shared/discrepancies';
import { CreditStatus } from '../../../../../shared/invoice/kinds';
import { mayExempt, mayReview, type Reviewer } from '../../../../../shared/four-eyes';
import { can } from '../../../../../shared/permissions';
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
  type GridQuery,
  type GridTab,
  type ResolutionChange,
} from '../../../data/verification';
import { useSnackbar } from '../../../feedback/snackbar';
import { useCurrentUser } from '../../../routes/current-user';
import { moveToStep } from '../move-step';
import type { StepProps } from '../step-props';
import { CreditStatusField, invoiceColumns } from '../../invoices/invoice-columns';
import { formatMonth } from '../../invoices/invoice-dates';
import { formatUsd, invoiceKindLabel } from '../../../data/invoices';

/**
 * VERIFY_DISCREPANCIES (UX "Verify discrepancies"): a server-side grid over the
 * discrepancies (paging, sorting, filters all in the URL), one-click tabs, a resolve editor that the
 * keyboard reaches with Enter, "Resolve and next", bulk resolve with per-row outcomes, the verifier's
 * approve / send back, and a resolved / total counter.
 */
const TABS: Array<{ value: GridTab; label: string }> = [
  { value: 'unresolved', label: 'Unresolved' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'mine', label: 'Resolved by me' },
  { value: 'all', label: 'All' },
];
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
const TYPE_OPTIONS = DiscrepancyType.values.map((value) => ({ value, label: DiscrepancyType.label(value) }));

/** The part of `other` that differs from `base`: [same start, differing middle, same end]. */
export function differingPart(base: string, other: string): [string, string, string] {
  let start = 0;
  while (start < base.length && start < other.length && base[start] === other[start]) start++;
  let end = 0;
  while (end < base.length - start && end < other.length - start && base[base.length - 1 - end] === other[other.length - 1 - end]) end++;
  return [other.slice(0, start), other.slice(start, other.length - end), other.slice(other.length - end)];
}

/** A value with the part that differs from the other side marked in bold and underlined, plus a text marker. */
function MarkedValue({ value, other }: { value: string | null | undefined; other: string | null | undefined }): ReactNode {
  const text = value ?? '';
  if (!text) return <Typography component="span" variant="body2" color="text.secondary">(empty)</Typography>;
  const [before, diff, after] = differingPart(other ?? '', text);
  if (!diff) return text;
  return (
    <span>
      {before}
      <Box component="mark" sx={{ fontWeight: 700, textDecoration: 'underline', bgcolor: 'warning.light', color: 'inherit', px: 0.25 }} title="Differs from the baseline">
        {diff}
      </Box>
      {after}
      <Box component="span" sx={{ ml: 0.5, fontSize: '0.75em', color: 'text.secondary' }}>
        (differs)
      </Box>
    </span>
  );
}

const memberName = (d: Discrepancy) => d.full_name || [d.first_name, d.last_name].filter(Boolean).join(' ') || '—';
const typeLabel = (t: string | null | undefined) => (t && DiscrepancyType.is(t) ? DiscrepancyType.label(t) : t ?? '');

function useGridState(): [GridQuery, (patch: Partial<GridQuery>) => void] {
  const [search, setSearch] = useSearchParams();
  const resolved = search.get('resolved');
  const tabParam = search.get('tab');
  const tab: GridTab =
    tabParam === 'unresolved' || tabParam === 'resolved' || tabParam === 'mine' || tabParam === 'all'
      ? tabParam
      : resolved === 'true'
        ? 'resolved'
        : resolved === 'false'
          ? 'unresolved'
          : search.get('type') || search.get('data_point_id')
            ? 'all'
            : 'unresolved';
  const q: GridQuery = {
    tab,
    type: search.get('type') ?? undefined,
    data_point_id: search.get('data_point_id') ?? undefined,
    sort: search.get('sort') ?? 'baseline_row_index',
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
    if (next.sort !== 'baseline_row_index') params.set('sort', next.sort);
    if (next.order === 'desc') params.set('order', 'desc');
    if (next.page) params.set('page', String(next.page));
    if (next.pageSize !== 25) params.set('pageSize', String(next.pageSize));
    setSearch(params, { replace: true });
  };
  return [q, update];
}

interface EditorState {
  row: Discrepancy;
  index: number;
}

/** The four-eyes view of the signed-in user on this comparison; null until the comparison is read. */
function useReviewer(companyId: string, comparisonId: string): Reviewer | null {
  const me = useCurrentUser();
  const { data: comparison } = useComparison(companyId, comparisonId);
  if (!comparison) return null;
  return {
    userId: me.id,
    verifierId: comparison.verifier_user_id ?? null,
    buildsComparisons: can(me, 'comparison.complete'),
  };
}

export function VerifyDiscrepanciesStep({ companyId, comparisonId, goTo }: StepProps) {
  const { mutate } = useSWRConfig();
  const snackbar = useSnackbar();
  const me = useCurrentUser();
  const reviewer = useReviewer(companyId, comparisonId);
  const apiRef = useGridApiRef();
  const [q, setQ] = useGridState();
  const grid = useDiscrepancyGrid(companyId, comparisonId, q);
  const report = useComparisonReport(companyId, comparisonId);
  const points = useDataPoints(companyId, comparisonId);
  const [selection, setSelection] = useState<Map<string, Discrepancy>>(new Map());
  const [allSelected, setAllSelected] = useState(false);
  const [editor, setEditor] = useState<EditorState | null>(null);
  const [bulkOpen, setBulkOpen] = useState(false);
  const [bulkFailures, setBulkFailures] = useState<BulkFailure[]>([]);
  const [moving, setMoving] = useState(false);
  const focusAfter = useRef<string | null>(null);

  const rows = grid.data?.items ?? [];
  const total = grid.data?.total ?? 0;
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

  const columns: GridColDef<Discrepancy>[] = [
    { field: 'unique_identifier', headerName: 'Identifier', width: 150, valueGetter: (_v, row) => row.unique_identifier ?? '' },
    { field: 'member', headerName: 'Member', width: 170, valueGetter: (_v, row) => memberName(row) },
    { field: 'data_point', headerName: 'Data point', width: 160, valueGetter: (_v, row) => pointName.get(row.data_point_id) ?? row.data_point_id },
    ...(invoice ? invoiceColumns<Discrepancy>() : []),
    { field: 'baseline_value', headerName: 'Baseline value', width: 150 },
    {
      field: 'secondary_value',
      headerName: 'Carrier value',
      width: 190,
      renderCell: ({ row }) => <MarkedValue value={row.secondary_value} other={row.baseline_value} />,
    },
    ...(operationOf.size
      ? [
          {
            field: 'discrepancy_function_result',
            headerName: 'Calculation result',
            description: 'The data point\'s calculation on the baseline and carrier values',
            width: 150,
            type: 'number',
            // The API does not sort on it.
            sortable: false,
            valueGetter: (_v, row) => row.discrepancy_function_result ?? null,
            valueFormatter: (value: number | null) => (value === null || value === undefined ? '' : value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })),
            renderCell: ({ row, formattedValue }) => {
              const op = operationOf.get(row.data_point_id);
              return op && formattedValue ? <span title={op}>{formattedValue}</span> : formattedValue;
            },
          } satisfies GridColDef<Discrepancy>,
        ]
      : []),
    {
      field: 'resolved_value',
      headerName: 'Chosen value',
      width: 140,
      valueGetter: (_v, row) => (row.resolved_ignore ? '(ignored)' : row.resolved_value ?? ''),
    },
    {
      field: 'type',
      headerName: 'Type',
      width: 170,
      valueGetter: (_v, row) =>
        row.resolved_discrepancy_type ? typeLabel(row.resolved_discrepancy_type) : row.suggested_type ? `Suggested: ${typeLabel(row.suggested_type)}` : 'Unresolved',
    },
    { field: 'resolved_notes', headerName: 'Notes', width: 180, valueGetter: (_v, row) => row.resolved_notes ?? '' },
    {
      field: 'review',
      headerName: 'Review',
      width: 210,
      sortable: false,
      renderCell: ({ row }) => {
        const who = row.resolved_by_user_id ? (row.resolved_by_user_id === me.id ? 'you' : 'someone else') : null;
        const status = row.verification_status === 'APPROVED' ? 'Approved' : row.verification_status === 'SENT_BACK' ? 'Sent back' : null;
        // Offered only when the API would accept it: never one's own, and only the assigned verifier when there is one.
        const canReview = !!row.resolved_discrepancy_type && !!reviewer && mayReview(row.resolved_by_user_id, reviewer);
        return (
          <Stack direction="row" spacing={0.5} sx={{ height: '100%', alignItems: 'center' }}>
            <Typography variant="caption">{[who && `By ${who}`, status].filter(Boolean).join(' · ')}</Typography>
            {canReview && row.verification_status !== 'APPROVED' ? (
              <Button size="small" tabIndex={-1} onClick={() => review(row, 'approve')}>
                Approve
              </Button>
            ) : null}
            {canReview && row.verification_status !== 'SENT_BACK' ? (
              <Button size="small" tabIndex={-1} onClick={() => review(row, 'send_back')}>
                Send back
              </Button>
            ) : null}
          </Stack>
        );
      },
    },
  ];

  async function review(row: Discrepancy, action: 'approve' | 'send_back') {
    const res = await reviewDiscrepancy(companyId, comparisonId, row.id, action, { updated_at: row.updated_at });
    if (res.error) snackbar.error(res.error);
    else snackbar.success(action === 'approve' ? 'Resolution approved' : 'Resolution sent back');
    await refresh();
  }

  const selectionModel: GridRowSelectionModel = { type: 'include', ids: new Set(selection.keys()) };
  const onSelection = (model: GridRowSelectionModel) => {
    setAllSelected(false);
    const next = new Map<string, Discrepancy>();
    const ids = model.ids;
    for (const [id, row] of selection) if (model.type === 'include' ? ids.has(id) : !ids.has(id)) next.set(id, row);
    for (const row of rows) {
      const inModel = model.type === 'include' ? ids.has(row.id) : !ids.has(row.id);
      if (inModel) next.set(row.id, row);
      else next.delete(row.id);
    }
    setSelection(next);
  };
  const pageAllSelected = rows.length > 0 && rows.every((r) => selection.has(r.id));

  async function selectEveryMatch() {
    const res = await allMatches(companyId, comparisonId, q);
    if (res.error) return snackbar.error(res.error);
    setSelection(new Map((res.data ?? []).map((r) => [r.id, r])));
    setAllSelected(true);
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
    const picked = [...selection.values()];
    const { results } = await bulkResolveDiscrepancies(companyId, comparisonId, picked, change);
    const failed = results.filter(isBulkFailure);
    const ok = results.length - failed.length;
    setBulkFailures(failed);
    const keep = new Map<string, Discrepancy>();
    for (const f of failed) {
      const row = selection.get(f.id);
      if (row) keep.set(f.id, row);
    }
    setSelection(keep);
    setAllSelected(false);
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

  const onSort = (model: GridSortModel) => {
    const s = model[0];
    setQ({ sort: s ? SORT_FIELDS[s.field] ?? 'baseline_row_index' : 'baseline_row_index', order: s?.sort === 'desc' ? 'desc' : 'asc', page: 0 });
  };
  const sortModel: GridSortModel = (() => {
    const field = Object.entries(SORT_FIELDS).find(([, v]) => v === q.sort)?.[0];
    return field ? [{ field, sort: q.order }] : [];
  })();

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
      <Paper variant="outlined">
        <Tabs value={q.tab} onChange={(_e, tab: GridTab) => setQ({ tab, page: 0 })} aria-label="Which discrepancies">
          {TABS.map((t) => (
            <Tab key={t.value} value={t.value} label={t.label} />
          ))}
        </Tabs>
      </Paper>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          size="small"
          label="Type"
          value={q.type ?? ''}
          onChange={(e) => setQ({ type: e.target.value || undefined, page: 0 })}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="">Any type</MenuItem>
          <MenuItem value="UNCLASSIFIED">No type suggested</MenuItem>
          {TYPE_OPTIONS.map((t) => (
            <MenuItem key={t.value} value={t.value}>
              {t.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Data point"
          value={q.data_point_id ?? ''}
          onChange={(e) => setQ({ data_point_id: e.target.value || undefined, page: 0 })}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="">Any data point</MenuItem>
          {[...pointName].map(([id, name]) => (
            <MenuItem key={id} value={id}>
              {name}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flex: 1 }} />
        <Button variant="outlined" disabled={selection.size === 0} onClick={() => setBulkOpen(true)}>
          Resolve selected ({selection.size})
        </Button>
      </Stack>
      {selection.size > 0 ? (
        <Alert severity="info" data-testid="selection-scope">
          {allSelected
            ? `All ${selection.size} discrepancies matching these filters are selected (every page).`
            : `${selection.size} selected${pageAllSelected ? ' — every row on this page' : ''}.`}{' '}
          {!allSelected && pageAllSelected && total > rows.length ? (
            <Button size="small" onClick={selectEveryMatch}>
              Select all {total} matching
            </Button>
          ) : null}
          <Button size="small" onClick={() => (setSelection(new Map()), setAllSelected(false))}>
            Clear selection
          </Button>
        </Alert>
      ) : null}
      {bulkFailures.length ? (
        <Alert severity="warning" onClose={() => setBulkFailures([])}>
          {bulkFailures.length} not resolved:
          <ul style={{ margin: 0 }}>
            {bulkFailures.slice(0, 20).map((f) => (
              <li key={f.id}>
                {selection.get(f.id)?.unique_identifier ?? f.id}: {f.message ?? `status ${f.status}`}
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {grid.error ? <Alert severity="error">{errorMessage(grid.error)}</Alert> : null}
      <Box sx={{ height: 620 }}>
        <DataGrid
          apiRef={apiRef}
          aria-label="Discrepancies"
          rows={rows}
          columns={columns}
          getRowId={(r) => r.id}
          loading={grid.isLoading}
          paginationMode="server"
          sortingMode="server"
          filterMode="server"
          rowCount={total}
          paginationModel={{ page: q.page, pageSize: q.pageSize }}
          onPaginationModelChange={(m: GridPaginationModel) => setQ({ page: m.page, pageSize: m.pageSize })}
          pageSizeOptions={[25, 50, 100]}
          sortModel={sortModel}
          onSortModelChange={onSort}
          disableColumnFilter
          checkboxSelection
          keepNonExistentRowsSelected
          rowSelectionModel={selectionModel}
          onRowSelectionModelChange={onSelection}
          disableRowSelectionOnClick
          onRowDoubleClick={({ row }) => openEditor(row as Discrepancy)}
          onCellKeyDown={(params, event) => {
            if (event.key === 'Enter' && params.field !== '__check__') {
              event.preventDefault();
              event.defaultMuiPrevented = true;
              openEditor(params.row as Discrepancy);
            }
          }}
          slotProps={{ loadingOverlay: { variant: 'linear-progress' } }}
        />
      </Box>
      <Typography variant="body2" color="text.secondary">
        Keyboard: Tab into the grid, move with the arrow keys, press Enter to resolve the focused row. Double-click a row with the mouse.
      </Typography>
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
            refocus(apiRef, editor.row.id);
          }}
          onSave={async (change, goNext) => {
            await saveEditor(change, goNext);
            if (!goNext && focusAfter.current) refocus(apiRef, focusAfter.current);
          }}
        />
      ) : null}
      {bulkOpen ? <BulkDialog count={selection.size} scope={allSelected ? 'every match' : 'selected rows'} invoice={invoice} onCancel={() => setBulkOpen(false)} onSave={bulkResolve} /> : null}
    </Stack>
  );
}

function refocus(apiRef: ReturnType<typeof useGridApiRef>, id: string) {
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

function TypePicker({
  value,
  onChange,
  autoFocus,
  inputRef,
}: {
  value: DiscrepancyType | null;
  onChange: (v: DiscrepancyType | null) => void;
  autoFocus?: boolean;
  inputRef?: RefObject<HTMLInputElement | null>;
}) {
  return (
    <Autocomplete
      options={TYPE_OPTIONS}
      value={TYPE_OPTIONS.find((t) => t.value === value) ?? null}
      onChange={(_e, option) => onChange(option?.value ?? null)}
      autoHighlight
      openOnFocus={false}
      getOptionLabel={(o) => o.label}
      isOptionEqualToValue={(a, b) => a.value === b.value}
      renderInput={(params) => <TextField {...params} inputRef={inputRef} label="Discrepancy type" required autoFocus={autoFocus} />}
    />
  );
}

function ResolveDialog({
  row,
  reviewer,
  pointName,
  invoice,
  hasNext,
  onCancel,
  onSave,
}: {
  row: Discrepancy;
  reviewer: Reviewer | null;
  pointName: string;
  invoice: boolean;
  hasNext: boolean;
  onCancel: () => void;
  onSave: (change: ResolutionChange, next: boolean) => Promise<void>;
}) {
  const [type, setType] = useState<DiscrepancyType | null>(DiscrepancyType.is(row.resolved_discrepancy_type) ? row.resolved_discrepancy_type : null);
  const initialSource: 'BASELINE' | 'SECONDARY' | 'CUSTOM' =
    row.resolved_value != null && row.resolved_value !== row.baseline_value ? (row.resolved_value === row.secondary_value ? 'SECONDARY' : 'CUSTOM') : 'BASELINE';
  const [source, setSource] = useState(initialSource);
  const [custom, setCustom] = useState(row.resolved_value ?? '');
  const [notes, setNotes] = useState(row.resolved_notes ?? '');
  const [verifierNotes, setVerifierNotes] = useState(row.resolved_verifier_notes ?? '');
  const [ignore, setIgnore] = useState(row.resolved_ignore === true);
  const [skip, setSkip] = useState(row.skip_verification === true);
  const storedCredit: CreditStatus = row.credit_status ?? 'NOT_REQUESTED';
  const [credit, setCredit] = useState<CreditStatus>(storedCredit);
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const typeInput = useRef<HTMLInputElement | null>(null);
  // Saving a changed decision makes this user its resolver, who may not exempt it (four eyes).
  const decisionEdited =
    type !== (row.resolved_discrepancy_type ?? null) ||
    ignore !== (row.resolved_ignore === true) ||
    (!ignore && (source !== initialSource || (source === 'CUSTOM' && custom !== (row.resolved_value ?? ''))));
  const offerSkip = !!row.resolved_discrepancy_type && !!reviewer && mayExempt(row.resolved_by_user_id, reviewer) && !decisionEdited;

  const change = (): ResolutionChange | null => {
    const ignoring = ignore || type === 'IGNORE';
    if (!type && !ignoring) {
      setProblem('Choose a discrepancy type');
      return null;
    }
    return {
      resolved_discrepancy_type: type ?? 'IGNORE',
      ...(ignoring ? { resolved_ignore: true } : { resolved_ignore: false, resolved_value_source: source, ...(source === 'CUSTOM' ? { resolved_value: custom } : {}) }),
      resolved_notes: notes || null,
      resolved_verifier_notes: verifierNotes || null,
      // Sent only when this user changed it: re-sending the stored exemption would be asking for it.
      ...(offerSkip && skip !== (row.skip_verification === true) ? { skip_verification: skip } : {}),
      ...(invoice && credit !== storedCredit ? { credit_status: credit } : {}),
    };
  };
  const save = async (next: boolean) => {
    const c = change();
    if (!c) return;
    setSaving(true);
    await onSave(c, next);
    setSaving(false);
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void save(false);
  };

  return (
    <Dialog
      open
      onClose={onCancel}
      fullWidth
      maxWidth="sm"
      aria-labelledby="resolve-title"
      // Opened by Enter on a grid cell, the grid takes focus back from the autofocused picker while
      // it re-renders and the trap then parks it on the dialog; the keyboard user expects to type.
      slotProps={{ transition: { onEntered: () => typeInput.current?.focus() } }}
    >
      <form onSubmit={onSubmit}>
        <DialogTitle id="resolve-title">Resolve: {pointName} of {memberName(row)}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <Typography variant="body2">
              Baseline: <strong>{row.baseline_value || '(empty)'}</strong> · Carrier: <MarkedValue value={row.secondary_value} other={row.baseline_value} />
            </Typography>
            {row.suggested_type ? <Typography variant="body2">Suggested type: {typeLabel(row.suggested_type)}</Typography> : null}
            {invoice && typeof row.amount === 'number' ? (
              <Typography variant="body2">
                {invoiceKindLabel(row.invoice_kind)}: <strong>{formatUsd(row.amount)}</strong>
                {row.months?.length ? ` (${row.months.map(formatMonth).join(', ')})` : ''}
              </Typography>
            ) : null}
            <TypePicker value={type} onChange={(v) => (setType(v), setProblem(null), v === 'IGNORE' && setIgnore(true))} autoFocus inputRef={typeInput} />
            <RadioGroup row value={source} onChange={(e) => setSource(e.target.value as typeof source)} aria-label="Chosen value">
              <FormControlLabel value="BASELINE" control={<Radio />} label="Baseline value" disabled={ignore} />
              <FormControlLabel value="SECONDARY" control={<Radio />} label="Carrier value" disabled={ignore} />
              <FormControlLabel value="CUSTOM" control={<Radio />} label="Typed value" disabled={ignore} />
            </RadioGroup>
            {source === 'CUSTOM' && !ignore ? <TextField label="Value" value={custom} onChange={(e) => setCustom(e.target.value)} /> : null}
            {invoice ? <CreditStatusField value={credit} onChange={setCredit} amount={row.amount} /> : null}
            <TextField label="Notes" value={notes} onChange={(e) => setNotes(e.target.value)} multiline minRows={2} />
            <TextField label="Verifier notes" value={verifierNotes} onChange={(e) => setVerifierNotes(e.target.value)} multiline />
            <Stack direction="row">
              <FormControlLabel control={<Checkbox checked={ignore} onChange={(e) => setIgnore(e.target.checked)} />} label="Ignore this discrepancy" />
              {offerSkip ? <FormControlLabel control={<Checkbox checked={skip} onChange={(e) => setSkip(e.target.checked)} />} label="Skip verification" /> : null}
            </Stack>
            {row.skip_verification && !offerSkip ? (
              <Typography variant="body2" color="text.secondary">
                {decisionEdited ? 'Saving a new decision ends its exemption from verification.' : 'Exempt from verification.'}
              </Typography>
            ) : null}
            {problem ? <Alert severity="error">{problem}</Alert> : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onCancel}>Cancel</Button>
          <Button onClick={() => save(true)} disabled={saving || !hasNext}>
            Resolve and next
          </Button>
          <Button type="submit" variant="contained" disabled={saving}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

function BulkDialog({
  count,
  scope,
  invoice,
  onCancel,
  onSave,
}: {
  count: number;
  scope: string;
  invoice: boolean;
  onCancel: () => void;
  onSave: (change: ResolutionChange) => Promise<void>;
}) {
  const [type, setType] = useState<DiscrepancyType | null>(null);
  const [notes, setNotes] = useState('');
  // '' leaves each row's credit status as it is.
  const [credit, setCredit] = useState<CreditStatus | ''>('');
  const [saving, setSaving] = useState(false);
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="sm" aria-labelledby="bulk-title">
      <DialogTitle id="bulk-title">
        Resolve {count} discrepancies ({scope})
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TypePicker value={type} onChange={setType} autoFocus />
          {invoice ? (
            <TextField select label="Credit status" value={credit} onChange={(e) => setCredit(CreditStatus.is(e.target.value) ? e.target.value : '')}>
              <MenuItem value="">Leave as it is</MenuItem>
              {CreditStatus.options.map((o) => (
                <MenuItem key={o.value} value={o.value}>
                  {o.label}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
          <TextField label="Note for every row" value={notes} onChange={(e) => setNotes(e.target.value)} multiline minRows={2} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button
          variant="contained"
          disabled={!type || saving}
          onClick={async () => {
            setSaving(true);
            await onSave({ resolved_discrepancy_type: type, ...(notes ? { resolved_notes: notes } : {}), ...(credit ? { credit_status: credit } : {}) });
            setSaving(false);
          }}
        >
          Resolve {count}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
