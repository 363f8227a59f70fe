import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DiscrepancyType } from '../../../../../../shared/discrepancies';
import type { CreditStatus } from '../../../../../../shared/invoice/kinds';
import { defaultInclusionFor } from '../../../../../../shared/resolution';
import type { DataPoint } from '../../../../data/comparisons';
import { InvoiceAmountLine } from '../InvoiceAmountLine';
import { resolveMissing, type MissingMerge, type MissingRow } from '../../../../data/verification';
import { useSnackbar } from '../../../../feedback/snackbar';
import { CreditStatusField } from '../../../invoices/invoice-columns';
import { nameOf } from './missing-rows';

/** One row's decision: include or exclude, the reason, a note, the credit (invoice) and, for an included row, the values to merge. */
export function DecideDialog({
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
          {invoice ? <InvoiceAmountLine row={row} /> : null}
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
