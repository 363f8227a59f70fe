import { useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DiscrepancyType } from '../../../../../../shared/discrepancies';
import type { CreditStatus } from '../../../../../../shared/invoice/kinds';
import { mayExempt, type Reviewer } from '../../../../../../shared/four-eyes';
import type { Discrepancy, ResolutionChange } from '../../../../data/verification';
import { InvoiceAmountLine } from '../InvoiceAmountLine';
import { CreditStatusField } from '../../../invoices/invoice-columns';
import { MarkedValue } from './marked-value';
import { memberName, typeLabel } from './labels';
import { TypePicker } from './TypePicker';

/**
 * The resolve editor of one discrepancy: its type (the picker has focus), the chosen value, notes,
 * ignore and, for a reviewer who may, the exemption from verification; Save, or Resolve and next.
 */
export function ResolveDialog({
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
            {invoice ? <InvoiceAmountLine row={row} /> : null}
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
