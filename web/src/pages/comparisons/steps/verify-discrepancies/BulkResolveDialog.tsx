import { useState } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { DiscrepancyType } from '../../../../../../shared/discrepancies';
import { CreditStatus } from '../../../../../../shared/invoice/kinds';
import type { ResolutionChange } from '../../../../data/verification';
import { TypePicker } from './TypePicker';

/** One type, note and (on an invoice) credit status for every selected discrepancy. */
export function BulkResolveDialog({
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
