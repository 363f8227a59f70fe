import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { ChangeStatus, FINDING_CHANGE_STATUSES, type FindingChangeStatus } from '../../../../../../shared/changes-since';

const isFindingChange = (v: string): v is FindingChangeStatus => (FINDING_CHANGE_STATUSES as readonly string[]).includes(v);

/** The "Since the previous audit" filter of a verify page: any finding, or only the new or the still open ones. */
export function ChangeFilterField({ value, onChange, showEmpty = false }: { value: FindingChangeStatus | undefined; onChange: (next: FindingChangeStatus | undefined) => void; showEmpty?: boolean }) {
  return (
    <TextField
      select
      size="small"
      label="Since the previous audit"
      value={value ?? ''}
      onChange={(e) => onChange(isFindingChange(e.target.value) ? e.target.value : undefined)}
      sx={{ minWidth: 200 }}
      // "Any" is a choice too, so the empty value shows its label where the page's other filters do.
      slotProps={showEmpty ? { select: { displayEmpty: true }, inputLabel: { shrink: true } } : undefined}
    >
      <MenuItem value="">Any</MenuItem>
      {FINDING_CHANGE_STATUSES.map((status) => (
        <MenuItem key={status} value={status}>
          {ChangeStatus.label(status)}
        </MenuItem>
      ))}
    </TextField>
  );
}
