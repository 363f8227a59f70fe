import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import type { GridQuery, GridTab } from '../../../../data/verification';
import { ChangeFilterField } from './ChangeFilterField';
import { TYPE_OPTIONS } from './labels';

const TABS: Array<{ value: GridTab; label: string }> = [
  { value: 'unresolved', label: 'Unresolved' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'mine', label: 'Resolved by me' },
  { value: 'all', label: 'All' },
];

/** The one-click tabs, the type, data point and since-the-previous-audit filters (each back to the first page), and Resolve selected. */
export function DiscrepancyFilters({
  q,
  setQ,
  pointName,
  selected,
  onResolveSelected,
}: {
  q: GridQuery;
  setQ: (patch: Partial<GridQuery>) => void;
  pointName: ReadonlyMap<string, string>;
  selected: number;
  onResolveSelected: () => void;
}) {
  return (
    <>
      <Paper variant="outlined">
        <Tabs value={q.tab} onChange={(_e, tab: GridTab) => setQ({ tab, page: 0 })} aria-label="Which discrepancies">
          {TABS.map((t) => (
            <Tab key={t.value} value={t.value} label={t.label} />
          ))}
        </Tabs>
      </Paper>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField select size="small" label="Type" value={q.type ?? ''} onChange={(e) => setQ({ type: e.target.value || undefined, page: 0 })} sx={{ minWidth: 220 }}>
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
        <ChangeFilterField value={q.change} onChange={(change) => setQ({ change, page: 0 })} />
        <Box sx={{ flex: 1 }} />
        <Button variant="outlined" disabled={selected === 0} onClick={onResolveSelected}>
          Resolve selected ({selected})
        </Button>
      </Stack>
    </>
  );
}
