import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { GridColDef } from '@mui/x-data-grid';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { createCarrier, deactivateCarrier, listCarriers, updateCarrier } from '../../../../shared/api/hierarchy';
import { can } from '../../../../shared/permissions/actions';
import { carrierCreateSchema, carrierUpdateSchema } from '../../../../shared/schemas/carrier';
import { useList, useWrite, type Carrier } from '../../data/hierarchy';
import { useSnackbar } from '../../feedback/snackbar';
import { PageTitle } from '../../layout/PageTitle';
import { useCurrentUser } from '../../auth/current-user';
import { DialogEntityForm } from '../hierarchy/DialogEntityForm';
import { EntityGrid } from '../hierarchy/EntityGrid';
import { FormDialog, LoadedOrPlan, NewButton, StatusChip, Toolbar } from '../hierarchy/common';
import { carrierFields } from '../hierarchy/fields';

const STATUS_OPTIONS = [
  { value: '', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
] as const;
type StatusFilter = (typeof STATUS_OPTIONS)[number]['value'];

const statusOf = (value: string | null): StatusFilter => (value === 'active' || value === 'inactive' ? value : '');

/**
 * /admin/carriers: the platform's carrier catalog, which company carriers and imports choose from.
 * Searched by name (the grid's search), filtered by status (in the URL, like the grid's own state);
 * a deactivated carrier stays on the company carriers that have it and is offered to no new one.
 */
export function AdminCarriersPage() {
  const me = useCurrentUser();
  const list = useList(listCarriers, {});
  const write = useWrite();
  const snackbar = useSnackbar();
  const [search, setSearch] = useSearchParams();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Carrier | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const status = statusOf(search.get('status'));
  const rows = list.items.filter((c) => status === '' || (status === 'inactive') === !!c.inactive);

  const setStatus = (value: string) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set('status', value);
        else next.delete('status');
        next.delete('page');
        return next;
      },
      { replace: true },
    );

  const toggle = async (carrier: Carrier) => {
    setBusy(carrier.id);
    const r = carrier.inactive
      ? await write(updateCarrier, { carrier_id: carrier.id }, { inactive: false, updated_at: carrier.updated_at })
      : await write(deactivateCarrier, { carrier_id: carrier.id });
    setBusy(null);
    if (r.error) snackbar.error(r.error);
    else snackbar.success(`${carrier.name} ${carrier.inactive ? 'reactivated' : 'deactivated'}`);
  };

  const mayEdit = can(me, 'carrier.update');
  const columns: GridColDef<Carrier>[] = [
    { field: 'name', headerName: 'Name', flex: 1 },
    {
      field: 'inactive',
      headerName: 'Status',
      width: 120,
      valueGetter: (_v, row) => (row.inactive ? 'Inactive' : 'Active'),
      renderCell: ({ row }) => <StatusChip inactive={row.inactive} />,
    },
    { field: 'updated_at', headerName: 'Updated', width: 180, type: 'dateTime', valueGetter: (_v, row) => new Date(row.updated_at) },
    ...(mayEdit
      ? [
          {
            field: 'actions',
            headerName: '',
            width: 200,
            sortable: false,
            filterable: false,
            renderCell: ({ row }: { row: Carrier }) => (
              <>
                <Button size="small" onClick={() => setEditing(row)} disabled={busy === row.id}>
                  Edit
                </Button>
                <Button size="small" color={row.inactive ? 'primary' : 'warning'} disabled={busy === row.id} onClick={() => toggle(row)}>
                  {row.inactive ? 'Reactivate' : 'Deactivate'}
                </Button>
              </>
            ),
          } satisfies GridColDef<Carrier>,
        ]
      : []),
  ];

  return (
    <>
      <PageTitle>Carriers</PageTitle>
      <Toolbar>
        {can(me, 'carrier.create') && <NewButton onClick={() => setAdding(true)}>New carrier</NewButton>}
        <TextField select size="small" label="Status" value={status} onChange={(e) => setStatus(e.target.value)} sx={{ minWidth: 160 }}>
          {STATUS_OPTIONS.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      </Toolbar>
      <LoadedOrPlan result={list}>{() => <EntityGrid rows={rows} columns={columns} truncated={list.truncated} />}</LoadedOrPlan>
      <FormDialog open={adding} title="New carrier" onClose={() => setAdding(false)}>
        <DialogEntityForm
          fields={carrierFields}
          schema={carrierCreateSchema}
          submitLabel="Add carrier"
          onSubmit={(body) => write(createCarrier, {}, body)}
          successMessage="Carrier added"
          onDone={() => setAdding(false)}
          onCancel={() => setAdding(false)}
        />
      </FormDialog>
      <FormDialog open={!!editing} title="Edit carrier" onClose={() => setEditing(null)}>
        {editing && (
          <DialogEntityForm
            fields={carrierFields}
            schema={carrierUpdateSchema}
            record={editing}
            submitLabel="Save"
            onSubmit={(body) => write(updateCarrier, { carrier_id: editing.id }, body)}
            onDone={() => setEditing(null)}
            onCancel={() => setEditing(null)}
          />
        )}
      </FormDialog>
    </>
  );
}
