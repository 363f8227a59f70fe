import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ChangeFilterField } from '../verify-discrepancies/ChangeFilterField';
import { DECISION_LABELS, GROUPS, type Decision, type MissingFilter } from './missing-rows';

// "All groups" and "Any" are choices too, so the empty value shows its label.
const showEmpty = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

/** Which rows are shown (group, decision, since the previous audit), choosing every row shown at once, and deciding the chosen ones. */
export function MissingFilters({
  filter,
  setFilter,
  matching,
  selected,
  onSelectEveryMatch,
  onDecideSelected,
}: {
  filter: MissingFilter;
  setFilter: (next: MissingFilter) => void;
  matching: number;
  selected: number;
  onSelectEveryMatch: () => void;
  onDecideSelected: () => void;
}) {
  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
      <TextField select size="small" label="Group" value={filter.kind ?? ''} onChange={(e) => setFilter({ ...filter, kind: GROUPS.find((g) => g.kind === e.target.value)?.kind })} sx={{ minWidth: 180 }} slotProps={showEmpty}>
        <MenuItem value="">All groups</MenuItem>
        {GROUPS.map((g) => (
          <MenuItem key={g.kind} value={g.kind}>
            {g.title}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label="Decision"
        value={filter.decision ?? ''}
        onChange={(e) => setFilter({ ...filter, decision: (e.target.value || undefined) as Decision | undefined })}
        sx={{ minWidth: 160 }}
        slotProps={showEmpty}
      >
        <MenuItem value="">Any</MenuItem>
        {Object.entries(DECISION_LABELS).map(([value, label]) => (
          <MenuItem key={value} value={value}>
            {label}
          </MenuItem>
        ))}
      </TextField>
      <ChangeFilterField value={filter.change} onChange={(change) => setFilter({ ...filter, change })} showEmpty />
      <Button onClick={onSelectEveryMatch} disabled={matching === 0}>
        Select all {matching} matching
      </Button>
      <Button variant="outlined" onClick={onDecideSelected} disabled={selected === 0}>
        Decide {selected} selected
      </Button>
    </Stack>
  );
}
