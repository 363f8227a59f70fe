import { useMemo, useState } from 'react';
import { useSWRConfig } from 'swr';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DiscrepancyType } from '../../../../../shared/discrepancies';
import { CreditStatus } from '../../../../../shared/invoice/kinds';
import { defaultInclusionFor } from '../../../../../shared/resolution';
import { errorMessage } from '../../../api/errors';
import { useComparison, useDataPoints, type DataPoint } from '../../../data/comparisons';
import {
  resolveMissing,
  revalidateVerification,
  useAllMissingRows,
  useMissingMerges,
  type MissingKind,
  type MissingMerge,
  type MissingRow,
} from '../../../data/verification';
import { useSnackbar } from '../../../feedback/snackbar';
import type { StepProps } from '../step-props';
import { formatUsd, invoiceKindLabel } from '../../../data/invoices';
import { CreditStatusField } from '../../invoices/invoice-columns';
import { formatMonth } from '../../invoices/invoice-dates';

/**
 * VERIFY_MISSING_DATA (UX "Verify missing data"): rows only in the baseline (enrolled but
 * not billed), only at the carrier (billed but not enrolled) and duplicates; each with possible
 * matches on the other side (a name typo looks like two missing rows), include or exclude with a
 * reason (pre-filled by the reason: TERM, COBRA… usually excluded) and, for an included row, the
 * values to merge.
 */
const GROUPS: Array<{ kind: MissingKind; title: string; explain: string; other?: MissingKind }> = [
  { kind: 'MISSING_IN_SECONDARY', title: 'Only in baseline', explain: 'Enrolled but not billed: these people are in your file but not on the carrier’s.', other: 'MISSING_IN_BASELINE' },
  { kind: 'MISSING_IN_BASELINE', title: 'Only at carrier', explain: 'Billed but not enrolled: the carrier bills for these people, but they are not in your file.', other: 'MISSING_IN_SECONDARY' },
  { kind: 'DUPLICATE', title: 'Duplicates', explain: 'The same identifier appears more than once in one file.' },
];

const nameOf = (m: MissingRow) => m.full_name || [m.first_name, m.last_name].filter(Boolean).join(' ') || '—';
const lastNameOf = (m: MissingRow) => (m.last_name || (m.full_name ?? '').trim().split(/\s+/).pop() || '').toLowerCase();
const firstNameOf = (m: MissingRow) => (m.first_name || (m.full_name ?? '').trim().split(/\s+/)[0] || '').toLowerCase();

/** Possible matches on the other side: same last name (and same first name first); the reason is said. */
export function possibleMatches(row: MissingRow, others: MissingRow[]): Array<{ row: MissingRow; reason: string }> {
  const last = lastNameOf(row);
  const first = firstNameOf(row);
  if (!last && !first) return [];
  const out: Array<{ row: MissingRow; reason: string; score: number }> = [];
  for (const o of others) {
    const sameLast = !!last && lastNameOf(o) === last;
    const sameFirst = !!first && firstNameOf(o) === first;
    if (sameLast && sameFirst) out.push({ row: o, reason: 'same name', score: 2 });
    else if (sameLast) out.push({ row: o, reason: 'same last name', score: 1 });
    else if (sameFirst && (o.relationship ?? '') === (row.relationship ?? '')) out.push({ row: o, reason: 'same first name', score: 0 });
  }
  return out.sort((a, b) => b.score - a.score).slice(0, 3);
}

function decisionText(m: MissingRow): string {
  if (m.resolved_inclusion === true) return 'Included';
  if (m.resolved_inclusion === false) return 'Excluded';
  return 'Undecided';
}

export function VerifyMissingDataStep({ companyId, comparisonId }: StepProps) {
  const { mutate } = useSWRConfig();
  const rows = useAllMissingRows(companyId, comparisonId);
  const merges = useMissingMerges(companyId, comparisonId);
  const points = useDataPoints(companyId, comparisonId);
  const comparison = useComparison(companyId, comparisonId);
  const [editing, setEditing] = useState<MissingRow | null>(null);

  const byKind = useMemo(() => {
    const map: Record<MissingKind, MissingRow[]> = { MISSING_IN_SECONDARY: [], MISSING_IN_BASELINE: [], DUPLICATE: [] };
    for (const r of rows.data ?? []) (map[r.kind] ?? map.DUPLICATE).push(r);
    return map;
  }, [rows.data]);
  const mergesByRow = useMemo(() => {
    const map = new Map<string, MissingMerge[]>();
    for (const m of merges.data?.items ?? []) map.set(m.missing_discrepancy_id, [...(map.get(m.missing_discrepancy_id) ?? []), m]);
    return map;
  }, [merges.data]);

  if (rows.isLoading) return <LinearProgress aria-label="Loading missing rows" />;
  if (rows.error) return <Alert severity="error">{errorMessage(rows.error)}</Alert>;
  const all = rows.data ?? [];
  const decided = all.filter((r) => r.resolved_inclusion === true || r.resolved_inclusion === false).length;
  const isMerge = comparison.data?.type === 'COMPARE_MERGE' || comparison.data?.type === 'MERGE_ONLY';
  const invoice = comparison.data?.audit_type === 'INVOICE_RECONCILIATION';

  return (
    <Stack spacing={3}>
      <Typography role="status" aria-live="polite" data-testid="missing-counter" sx={{ fontWeight: 600 }}>
        {decided} of {all.length} missing rows decided
      </Typography>
      {GROUPS.map((group) => (
        <Paper key={group.kind} variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={`group-${group.kind}`}>
          <Typography id={`group-${group.kind}`} variant="h6">
            {group.title} ({byKind[group.kind].length})
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {group.explain}
          </Typography>
          {byKind[group.kind].length === 0 ? (
            <Typography variant="body2">None.</Typography>
          ) : (
            <Table size="small" aria-label={group.title}>
              <TableHead>
                <TableRow>
                  <TableCell>Identifier</TableCell>
                  <TableCell>Name</TableCell>
                  <TableCell>Relationship</TableCell>
                  {invoice ? (
                    <>
                      <TableCell>Kind</TableCell>
                      <TableCell>Months</TableCell>
                      <TableCell align="right">Amount</TableCell>
                      <TableCell>Credit</TableCell>
                    </>
                  ) : null}
                  <TableCell>Possible matches on the other side</TableCell>
                  <TableCell>Decision</TableCell>
                  <TableCell>Reason</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {byKind[group.kind].map((m) => {
                  const matches = group.other ? possibleMatches(m, byKind[group.other]) : [];
                  const rowMerges = mergesByRow.get(m.id) ?? [];
                  return (
                    <TableRow key={m.id} data-testid={`missing-row-${m.id}`}>
                      <TableCell>{m.unique_identifier}</TableCell>
                      <TableCell>{nameOf(m)}</TableCell>
                      <TableCell>{m.relationship ?? ''}</TableCell>
                      {invoice ? (
                        <>
                          <TableCell>{invoiceKindLabel(m.invoice_kind)}</TableCell>
                          <TableCell>{(m.months ?? []).map(formatMonth).join(', ')}</TableCell>
                          <TableCell align="right">{typeof m.amount === 'number' ? formatUsd(m.amount) : ''}</TableCell>
                          <TableCell>{(m.amount ?? 0) > 0 ? CreditStatus.label(m.credit_status ?? 'NOT_REQUESTED') : ''}</TableCell>
                        </>
                      ) : null}
                      <TableCell>
                        {matches.length
                          ? matches.map((x) => (
                              <Typography key={x.row.id} variant="body2">
                                {nameOf(x.row)} ({x.row.unique_identifier}) — {x.reason}
                              </Typography>
                            ))
                          : '—'}
                      </TableCell>
                      <TableCell>
                        <Chip
                          size="small"
                          label={decisionText(m) + (rowMerges.length ? ` · ${rowMerges.length} merged value${rowMerges.length > 1 ? 's' : ''}` : '')}
                          color={m.resolved_inclusion === true ? 'success' : m.resolved_inclusion === false ? 'default' : 'warning'}
                          variant={m.resolved_inclusion == null ? 'outlined' : 'filled'}
                        />
                      </TableCell>
                      <TableCell>{m.resolved_discrepancy_type ? DiscrepancyType.label(m.resolved_discrepancy_type as DiscrepancyType) : ''}</TableCell>
                      <TableCell>
                        <Button size="small" onClick={() => setEditing(m)} aria-label={`Decide ${nameOf(m)}`}>
                          Decide
                        </Button>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          )}
        </Paper>
      ))}
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
            if (saved) await revalidateVerification(mutate, companyId, comparisonId);
          }}
        />
      ) : null}
    </Stack>
  );
}

function DecideDialog({
  row,
  points,
  existing,
  showMerges,
  invoice,
  companyId,
  comparisonId,
  onClose,
}: {
  row: MissingRow;
  points: DataPoint[];
  existing: MissingMerge[];
  showMerges: boolean;
  invoice: boolean;
  companyId: string;
  comparisonId: string;
  onClose: (saved: boolean) => void;
}) {
  const snackbar = useSnackbar();
  const [type, setType] = useState(row.resolved_discrepancy_type ?? '');
  const [inclusion, setInclusion] = useState<'include' | 'exclude' | ''>(row.resolved_inclusion === true ? 'include' : row.resolved_inclusion === false ? 'exclude' : '');
  const [notes, setNotes] = useState(row.resolved_notes ?? '');
  const storedCredit: CreditStatus = row.credit_status ?? 'NOT_REQUESTED';
  const [credit, setCredit] = useState<CreditStatus>(storedCredit);
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(existing.map((m) => [m.data_point_id, m.merge_value ?? ''])));
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const onType = (t: string) => {
    setType(t);
    const d = defaultInclusionFor(t);
    if (d !== null) setInclusion(d ? 'include' : 'exclude');
  };

  const save = async () => {
    if (!inclusion) return setProblem('Choose include or exclude');
    setSaving(true);
    const included = inclusion === 'include';
    const merges = included && showMerges ? Object.entries(values).filter(([, v]) => v.trim() !== '').map(([data_point_id, merge_value]) => ({ data_point_id, merge_value })) : undefined;
    const res = await resolveMissing(companyId, comparisonId, row.id, {
      updated_at: row.updated_at,
      resolved_inclusion: included,
      resolved_discrepancy_type: DiscrepancyType.is(type) ? type : null,
      resolved_notes: notes || null,
      ...(merges !== undefined ? { merges } : {}),
      ...(invoice && credit !== storedCredit ? { credit_status: credit } : {}),
    });
    setSaving(false);
    if (res.error) {
      snackbar.error(res.error);
      if (res.error.status === 409) onClose(true);
      return;
    }
    snackbar.success(included ? 'Row included' : 'Row excluded');
    onClose(true);
  };

  return (
    <Dialog open onClose={() => onClose(false)} fullWidth maxWidth="sm" aria-labelledby="decide-title">
      <DialogTitle id="decide-title">Decide: {nameOf(row)}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {invoice && typeof row.amount === 'number' ? (
            <Typography variant="body2">
              {invoiceKindLabel(row.invoice_kind)}: <strong>{formatUsd(row.amount)}</strong>
              {row.months?.length ? ` (${row.months.map(formatMonth).join(', ')})` : ''}
            </Typography>
          ) : null}
          <TextField select label="Reason (type)" value={type} onChange={(e) => onType(e.target.value)}>
            <MenuItem value="">No reason</MenuItem>
            {DiscrepancyType.values.map((t) => (
              <MenuItem key={t} value={t}>
                {DiscrepancyType.label(t)}
              </MenuItem>
            ))}
          </TextField>
          <RadioGroup row value={inclusion} onChange={(e) => setInclusion(e.target.value as 'include' | 'exclude')} aria-label="Decision">
            <FormControlLabel value="include" control={<Radio />} label="Include" />
            <FormControlLabel value="exclude" control={<Radio />} label="Exclude" />
          </RadioGroup>
          {invoice ? <CreditStatusField value={credit} onChange={setCredit} amount={row.amount} /> : null}
          <TextField label="Notes" value={notes} onChange={(e) => setNotes(e.target.value)} multiline minRows={2} />
          {inclusion === 'include' && showMerges && points.length ? (
            <Stack spacing={1}>
              <Typography variant="subtitle2">Values to merge (optional; empty keeps the file’s value)</Typography>
              {points.map((p) => (
                <TextField
                  key={p.id}
                  size="small"
                  label={p.baseline_column_name}
                  value={values[p.id] ?? ''}
                  onChange={(e) => setValues((v) => ({ ...v, [p.id]: e.target.value }))}
                />
              ))}
            </Stack>
          ) : null}
          {problem ? <Alert severity="error">{problem}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => onClose(false)}>Cancel</Button>
        <Button variant="contained" onClick={save} disabled={saving}>
          Save decision
        </Button>
      </DialogActions>
    </Dialog>
  );
}
