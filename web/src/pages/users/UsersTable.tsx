import { useMemo, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Role, roleLabel } from '../../../../shared/roles';
import { userDisplayName } from '../../../../shared/schemas/user';
import { useUsers, type User, type UsersScope } from '../../data/users';
import { Loaded } from '../../components/Loaded';

const PAGE = 1000;

interface Props {
  scope: UsersScope;
  /** Where a row links to. */
  linkTo: (user: User) => string;
  /** Roles offered in the filter (default: all). */
  roles?: readonly Role[];
}

/**
 * The users of a scope in a DataGrid. The role filter lives in the URL (`?roles=`), so a filtered
 * list can be linked and survives a reload; pages of the API beyond the first load on demand.
 */
export function UsersTable({ scope, linkTo, roles = Role.values }: Props) {
  const [search, setSearch] = useSearchParams();
  const roleFilter = search.get('roles') ?? '';
  const [cursors, setCursors] = useState<string[]>([]);
  const first = useUsers(scope, { limit: PAGE, roles: roleFilter ? roleFilter.split(',') : undefined });
  const more = useUsers(cursors.length ? scope : null, { limit: PAGE, cursor: cursors[cursors.length - 1], roles: roleFilter ? roleFilter.split(',') : undefined });
  const [extra, setExtra] = useState<User[]>([]);
  const rows = useMemo(() => [...first.users, ...extra, ...(cursors.length ? more.users : [])], [first.users, extra, more.users, cursors.length]);
  const next = cursors.length ? more.next : first.next;

  const columns: GridColDef<User>[] = [
    {
      field: 'name',
      headerName: 'Name',
      flex: 1,
      valueGetter: (_v, row) => userDisplayName(row),
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={linkTo(row)}>
          {userDisplayName(row)}
        </Link>
      ),
    },
    { field: 'email', headerName: 'E-mail', flex: 1 },
    { field: 'role', headerName: 'Role', flex: 1, valueGetter: (_v, row) => roleLabel(row.role) },
    { field: 'job_title', headerName: 'Job title', flex: 0.7 },
    {
      field: 'disabled',
      headerName: 'Status',
      width: 110,
      valueGetter: (_v, row) => (row.disabled ? 'Disabled' : 'Active'),
      renderCell: ({ row }) => <Chip size="small" label={row.disabled ? 'Disabled' : 'Active'} color={row.disabled ? 'default' : 'success'} variant="outlined" />,
    },
    {
      field: 'last_active_at',
      headerName: 'Last active',
      width: 170,
      valueGetter: (_v, row) => (row.last_active_at ? new Date(row.last_active_at) : null),
      type: 'dateTime',
    },
  ];

  return (
    <Stack spacing={2}>
      <TextField
        select
        label="Role"
        value={roleFilter}
        onChange={(e) => {
          const value = e.target.value;
          setCursors([]);
          setExtra([]);
          setSearch((prev) => {
            const params = new URLSearchParams(prev);
            if (value) params.set('roles', value);
            else params.delete('roles');
            return params;
          });
        }}
        sx={{ maxWidth: 320 }}
        size="small"
      >
        <MenuItem value="">All roles</MenuItem>
        {roles.map((r) => (
          <MenuItem key={r} value={r}>
            {roleLabel(r)}
          </MenuItem>
        ))}
      </TextField>
      <Loaded result={first}>
        {() => (
          <DataGrid
            rows={rows}
            columns={columns}
            autoHeight
            disableRowSelectionOnClick
            initialState={{ pagination: { paginationModel: { pageSize: 25 } }, sorting: { sortModel: [{ field: 'name', sort: 'asc' }] } }}
            pageSizeOptions={[25, 50, 100]}
          />
        )}
      </Loaded>
      {next && (
        <Button
          onClick={() => {
            if (cursors.length) setExtra((prev) => [...prev, ...more.users]);
            setCursors((prev) => [...prev, next]);
          }}
          sx={{ alignSelf: 'flex-start' }}
        >
          Load more users
        </Button>
      )}
    </Stack>
  );
}
