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
import type { DiscrepancyType } from '../../../../../../shared/discrepancies';
import { CreditStatus } from '../../../../../../shared/invoice/kinds';
import { defaultInclusionFor } from '../../../../../../shared/resolution';
import { TypePicker } from './TypePicker';

/** What a bulk write sets on every chosen row; a field left out stays as each row has it. */
export interface BulkChange {
  resolved_discrepancy_type?: DiscrepancyType | null;
  resolved_notes?: string;
  credit_status?: CreditStatus;
}

/**
 * One type, note and (on an invoice) credit status for every chosen row. Deciding missing rows
 * (`decideInclusion`) asks Include or Exclude as well, the type being optional there and
 * pre-choosing the usual decision, as the single-row decision does.
 */
export function BulkResolveDialog({
  count,
  scope,
  invoice,
  decideInclusion = false,
  verb = 'Resolve',
  noun = 'discrepancies',
  onCancel,
  onSave,
}: {
  count: number;
  scope: string;
  invoice: boolean;
  decideInclusion?: boolean;
  verb?: string;
  noun?: string;
  onCancel: () => void;
  /** `included` is the Include / Exclude choice when deciding missing rows. */
  onSave: (change: BulkChange, included?: boolean) => Promise<void>;
}) {
  const [type, setType] = useState<DiscrepancyType | null>(null);
  const [inclusion, setInclusion] = useState<'include' | 'exclude' | ''>('');
  const [notes, setNotes] = useState('');
  // '' leaves each row's credit status as it is.
  const [credit, setCredit] = useState<CreditStatus | ''>('');
  const [saving, setSaving] = useState(false);
  const onType = (t: DiscrepancyType | null) => {
    setType(t);
    const usual = t ? defaultInclusionFor(t) : null;
    if (decideInclusion && usual !== null) setInclusion(usual ? 'include' : 'exclude');
  };
  const ready = decideInclusion ? inclusion !== '' : type !== null;
  return (
    <Dialog open onClose={onCancel} fullWidth maxWidth="sm" aria-labelledby="bulk-title">
      <DialogTitle id="bulk-title">
        {verb} {count} {noun} ({scope})
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TypePicker value={type} onChange={onType} autoFocus required={!decideInclusion} />
          {decideInclusion ? (
            <RadioGroup row value={inclusion} onChange={(e) => setInclusion(e.target.value as 'include' | 'exclude')} aria-label="Decision">
              <FormControlLabel value="include" control={<Radio />} label="Include" />
              <FormControlLabel value="exclude" control={<Radio />} label="Exclude" />
            </RadioGroup>
          ) : null}
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
          {decideInclusion ? <Alert severity="info">Values to merge are set one row at a time.</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Cancel</Button>
        <Button
          variant="contained"
          disabled={!ready || saving}
          onClick={async () => {
            setSaving(true);
            const change: BulkChange = { ...(type || !decideInclusion ? { resolved_discrepancy_type: type } : {}), ...(notes ? { resolved_notes: notes } : {}), ...(credit ? { credit_status: credit } : {}) };
            await onSave(change, decideInclusion ? inclusion === 'include' : undefined);
            setSaving(false);
          }}
        >
          {verb} {count}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
