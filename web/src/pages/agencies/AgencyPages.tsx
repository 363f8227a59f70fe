import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import type { GridColDef } from '@mui/x-data-grid';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { pagePath } from '../../../../shared/permissions';
import { can } from '../../../../shared/permissions/actions';
import { createAgency, deactivateAgency, getAgency, listAgencies, updateAgency } from '../../../../shared/api/hierarchy';
import { agencyCreateSchema, agencyUpdateSchema } from '../../../../shared/schemas/agency';
import { useList, useItem, useWrite, type Agency } from '../../data/hierarchy';
import { useSnackbar } from '../../feedback/snackbar';
import { PageTitle } from '../../layout/PageTitle';
import { useCurrentUser } from '../../auth/current-user';
import { EntityForm } from '../hierarchy/EntityForm';
import { EntityGrid } from '../hierarchy/EntityGrid';
import { LoadedOrPlan, NewButton, RowLink, StatusChip, Toolbar } from '../hierarchy/common';
import { agencyFields } from '../hierarchy/fields';
import { OrganizationsGrid } from '../organizations/OrganizationsGrid';

const columns: GridColDef<Agency>[] = [
  { field: 'name', headerName: 'Name', flex: 1, renderCell: ({ row }) => <RowLink to={`/admin/agencies/${row.id}`}>{row.name}</RowLink> },
  { field: 'notes', headerName: 'Notes', flex: 2 },
  { field: 'inactive', headerName: 'Status', width: 120, type: 'boolean', renderCell: ({ row }) => <StatusChip inactive={row.inactive} /> },
];

/** /admin/agencies */
export function AdminAgenciesPage() {
  const list = useList(listAgencies, {});
  return (
    <>
      <PageTitle>Agencies</PageTitle>
      <Toolbar>
        <NewButton to="/admin/agencies/new">New agency</NewButton>
      </Toolbar>
      <LoadedOrPlan result={list}>{() => <EntityGrid rows={list.items} columns={columns} truncated={list.truncated} />}</LoadedOrPlan>
    </>
  );
}

/** /admin/agencies/new */
export function AdminAgencyNewPage() {
  const navigate = useNavigate();
  const write = useWrite();
  return (
    <>
      <PageTitle>New Agency</PageTitle>
      <Paper sx={{ p: 3 }}>
        <EntityForm
          fields={agencyFields}
          schema={agencyCreateSchema}
          submitLabel="Create agency"
          onSubmit={(body) => write(createAgency, {}, body)}
          onDone={(a) => navigate(`/admin/agencies/${a.id}`)}
          onCancel={() => navigate('/admin/agencies')}
        />
      </Paper>
    </>
  );
}

/** /admin/agencies/{agency_id}: edit, deactivate, and the organizations it manages. */
export function AdminAgencyShowPage() {
  const { agency_id = '' } = useParams();
  const me = useCurrentUser();
  const agency = useItem(getAgency, { agency_id });
  const write = useWrite();
  const snackbar = useSnackbar();
  const [busy, setBusy] = useState(false);
  return (
    <LoadedOrPlan result={agency}>
      {(a) => (
        <Stack spacing={3}>
          <PageTitle>
            {a.name} <StatusChip inactive={a.inactive} />
          </PageTitle>
          <Paper sx={{ p: 3 }}>
            <EntityForm
              fields={agencyFields}
              schema={agencyUpdateSchema}
              record={a}
              submitLabel="Save"
              readOnly={!can(me, 'agency.update')}
              onSubmit={(body) => write(updateAgency, { agency_id: a.id }, body)}
            />
          </Paper>
          {can(me, 'agency.delete') && !a.inactive && (
            <div>
              <Button
                color="warning"
                disabled={busy}
                onClick={async () => {
                  setBusy(true);
                  const r = await write(deactivateAgency, { agency_id: a.id });
                  setBusy(false);
                  if (r.error) snackbar.error(r.error);
                  else snackbar.success('Agency deactivated');
                }}
              >
                Deactivate agency
              </Button>
            </div>
          )}
          <AgencyUsersLink agencyId={a.id} />
          <Typography variant="h6">Organizations</Typography>
          <OrganizationsGrid agencyId={a.id} />
        </Stack>
      )}
    </LoadedOrPlan>
  );
}

/** The agency's people are managed on the agency's own users pages, for the DMS Admin too. */
function AgencyUsersLink({ agencyId }: { agencyId: string }) {
  return (
    <Button variant="outlined" component={RouterLink} to={pagePath('agency.users', { agency_id: agencyId })} sx={{ alignSelf: 'flex-start' }}>
      Users
    </Button>
  );
}

/** /agencies/{agency_id}: the agency's own page for its admin (and the DMS admin). */
export function AgencyPage() {
  const { agency_id = '' } = useParams();
  const agency = useItem(getAgency, { agency_id });
  return (
    <LoadedOrPlan result={agency}>
      {(a) => (
        <Stack spacing={2}>
          <PageTitle>{a.name}</PageTitle>
          {a.notes ? <Typography color="text.secondary">{a.notes}</Typography> : null}
          <AgencyUsersLink agencyId={a.id} />
          <Typography variant="h6">Organizations</Typography>
          <OrganizationsGrid agencyId={a.id} />
        </Stack>
      )}
    </LoadedOrPlan>
  );
}
