import { useEffect, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import { useMappingWhitelist, useMappingWhitelistWrites, useShareableOrganizations, type DataMapping, type MappingWhitelistRow } from '../../data/mappings';
import type { Organization } from '../../data/organizations';
import { useSnackbar, type SnackbarApi } from '../../feedback/snackbar';

/** "Shared with" of an admin mapping in the grid. */
export function sharedWithLabel(count: number) {
  if (count === 0) return 'Not shared';
  return count === 1 ? '1 organization' : `${count} organizations`;
}

/**
 * The organizations an admin mapping is shared with (DataMappingsAdminWhitelist): their
 * comparisons may use it. Rendered only while open, so nothing is read for a closed dialog.
 */
export function ShareMappingDialog({ mapping, onClose }: { mapping: DataMapping; onClose: () => void }) {
  const whitelist = useMappingWhitelist(mapping.id);
  const organizations = useShareableOrganizations();
  const writes = useMappingWhitelistWrites(mapping.id);
  const snackbar = useSnackbar();
  useReadError(whitelist.error, snackbar);
  useReadError(organizations.error, snackbar);
  const [busy, setBusy] = useState(false);
  // A row of an organization deleted since keeps its id: it is still shared until removed.
  const nameOf = (organizationId: string) => organizations.items.find((o) => o.id === organizationId)?.name ?? organizationId;

  const run = async (write: () => Promise<{ error?: unknown }>, done: string) => {
    setBusy(true);
    try {
      const result = await write();
      if (result.error) snackbar.error(result.error);
      else snackbar.success(done);
      return !result.error;
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="share-mapping-title">
      <DialogTitle id="share-mapping-title">Share {mapping.name}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          Comparisons of the organizations below may use this mapping.
        </Typography>
        {whitelist.data ? (
          <SharedList
            rows={whitelist.items}
            nameOf={nameOf}
            disabled={busy}
            onRemove={(row) => run(() => writes.unshare(row.organization_id), `No longer shared with ${nameOf(row.organization_id)}`)}
          />
        ) : (
          !whitelist.error && <CircularProgress size={24} aria-label="Loading" sx={{ my: 1 }} />
        )}
        <OrganizationPicker
          organizations={organizations.items.filter((o) => !whitelist.items.some((row) => row.organization_id === o.id))}
          loading={organizations.isLoading}
          // Until the whitelist is read the picker cannot tell which organizations already have it.
          disabled={busy || !whitelist.data}
          onAdd={(o) => run(() => writes.share(o.id), `Shared with ${o.name}`)}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

/** A failed read of the dialog goes to the snackbar: the page behind it stays usable. */
function useReadError(error: unknown, snackbar: SnackbarApi) {
  useEffect(() => {
    if (error) snackbar.error(error);
  }, [error, snackbar]);
}

function SharedList({
  rows,
  nameOf,
  disabled,
  onRemove,
}: {
  rows: MappingWhitelistRow[];
  nameOf: (organizationId: string) => string;
  disabled: boolean;
  onRemove: (row: MappingWhitelistRow) => void;
}) {
  const sorted = [...rows].sort((a, b) => nameOf(a.organization_id).localeCompare(nameOf(b.organization_id)));
  return (
    <List dense aria-label="Shared with">
      {sorted.map((row) => (
        <ListItem
          key={row.organization_id}
          secondaryAction={
            <IconButton edge="end" aria-label={`Stop sharing with ${nameOf(row.organization_id)}`} disabled={disabled} onClick={() => onRemove(row)}>
              <DeleteIcon />
            </IconButton>
          }
        >
          <ListItemText primary={nameOf(row.organization_id)} />
        </ListItem>
      ))}
      {rows.length === 0 && (
        <ListItem>
          <ListItemText secondary="Not shared with any organization." />
        </ListItem>
      )}
    </List>
  );
}

function OrganizationPicker({
  organizations,
  loading,
  disabled,
  onAdd,
}: {
  organizations: Organization[];
  loading: boolean;
  disabled: boolean;
  onAdd: (organization: Organization) => Promise<boolean>;
}) {
  const [picked, setPicked] = useState<Organization | null>(null);
  const add = async () => {
    if (picked && (await onAdd(picked))) setPicked(null);
  };
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
      <Autocomplete
        sx={{ flex: 1 }}
        options={[...organizations].sort((a, b) => a.name.localeCompare(b.name))}
        value={picked}
        onChange={(_e, o) => setPicked(o)}
        loading={loading}
        autoHighlight
        getOptionLabel={(o) => o.name}
        getOptionKey={(o) => o.id}
        isOptionEqualToValue={(a, b) => a.id === b.id}
        renderInput={(params) => <TextField {...params} size="small" label="Organization" />}
      />
      <Button variant="contained" onClick={add} disabled={!picked || disabled}>
        Add
      </Button>
    </Stack>
  );
}
