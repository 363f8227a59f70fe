import { useCallback, useMemo } from 'react';
import { useParams, useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AUDIT_ACTIONS } from '../../../../shared/schemas/audit-event';
import { auditEventsSource, type AuditFilters, type AuditScope } from '../../data/audit';
import { useAllOrganizations } from '../../data/organizations';
import { PageTitle } from '../../layout/PageTitle';
import { useCurrentUser } from '../../auth/current-user';
import { actionLabel, AuditEventsGrid } from './AuditEventsGrid';

const FILTER_KEYS = ['organization_id', 'action', 'user_id', 'from', 'to'] as const;

/**
 * Who exported, downloaded or changed what, and when: the platform's trail for the DMS Admin, an
 * organization's for its admins. Only people, kinds of action, record names and changed field
 * names are shown (events never hold values). The filters live in the URL so a view can be linked.
 */
export function AuditTrailPage({ level }: { level: AuditScope['level'] }) {
  const { organization_id = '' } = useParams();
  const me = useCurrentUser();
  const scope: AuditScope = level === 'platform' ? { level } : { level, organizationId: organization_id };
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => {
    const out: AuditFilters = {};
    for (const key of FILTER_KEYS) if (search.get(key)) out[key] = search.get(key)!;
    if (level === 'organization') delete out.organization_id;
    return out;
  }, [search, level]);
  const userName = search.get('user_name') ?? '';
  const organizations = useAllOrganizations(me, null, level === 'platform');
  const organizationNames = useMemo(() => new Map(organizations.items.map((o) => [o.id, String(o.name)])), [organizations.items]);

  const set = useCallback(
    (changes: Record<string, string | undefined>) => {
      const next = new URLSearchParams(search);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      setSearch(next);
    },
    [search, setSearch],
  );
  const onUser = useCallback((userId: string, name: string) => set({ user_id: userId, user_name: name }), [set]);
  const any = Object.keys(filters).length > 0;
  const selectProps = { slotProps: { inputLabel: { shrink: true }, select: { displayEmpty: true } } } as const;
  const dateProps = { slotProps: { inputLabel: { shrink: true } } } as const;

  return (
    <>
      <PageTitle>Audit Trail</PageTitle>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Exports, downloads and changes of resolutions, roles and limits, newest first. Events name who acted and which record; they never show the data itself.
      </Typography>
      <Stack spacing={2}>
        <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }} role="search" aria-label="Filter audit events">
          {level === 'platform' && (
            <TextField
              select
              size="small"
              {...selectProps}
              label="Organization"
              value={filters.organization_id ?? ''}
              onChange={(e) => set({ organization_id: e.target.value })}
              sx={{ minWidth: 220 }}
            >
              <MenuItem value="">All organizations</MenuItem>
              {organizations.items.map((o) => (
                <MenuItem key={o.id} value={o.id}>
                  {String(o.name)}
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField select size="small" {...selectProps} label="Action" value={filters.action ?? ''} onChange={(e) => set({ action: e.target.value })} sx={{ minWidth: 260 }}>
            <MenuItem value="">All actions</MenuItem>
            {AUDIT_ACTIONS.map((a) => (
              <MenuItem key={a} value={a}>
                {actionLabel(a)}
              </MenuItem>
            ))}
          </TextField>
          <TextField type="date" size="small" {...dateProps} label="From" value={filters.from ?? ''} onChange={(e) => set({ from: e.target.value })} />
          <TextField type="date" size="small" {...dateProps} label="To" value={filters.to ?? ''} onChange={(e) => set({ to: e.target.value })} />
          {filters.user_id && <Chip label={`By ${userName || 'one user'}`} onDelete={() => set({ user_id: undefined, user_name: undefined })} />}
          {any && (
            <Button size="small" onClick={() => set(Object.fromEntries([...FILTER_KEYS, 'user_name'].map((k) => [k, undefined])))}>
              Clear filters
            </Button>
          )}
        </Stack>
        <AuditEventsGrid
          key={JSON.stringify(filters)}
          label="Audit events"
          source={auditEventsSource(scope)}
          filters={filters}
          organizationNames={level === 'platform' ? organizationNames : null}
          onUser={onUser}
        />
      </Stack>
    </>
  );
}
