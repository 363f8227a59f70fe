import { useNavigate, useParams } from 'react-router';
import Paper from '@mui/material/Paper';
import { createOrganization, deactivateOrganization, getOrganization, updateOrganization } from '../../../../shared/api/hierarchy';
import { can } from '../../../../shared/permissions/actions';
import { organizationCreateSchema, organizationUpdateSchema } from '../../../../shared/schemas/organization';
import { useItem, useWrite } from '../../data/hierarchy';
import { useSnackbar } from '../../feedback/snackbar';
import { PageTitle } from '../../layout/PageTitle';
import { useCurrentUser } from '../../auth/current-user';
import { PendingButton } from '../../components/PendingButton';
import { EntityForm } from '../hierarchy/EntityForm';
import { LoadedOrPlan } from '../hierarchy/common';
import { organizationFields } from '../hierarchy/fields';

// The organization's form pages, a module of their own: the lists and overviews beside them show
// grids and no form, the form library is only for these.

/** /admin/organizations/new */
export function AdminOrganizationNewPage() {
  const navigate = useNavigate();
  const write = useWrite();
  return (
    <>
      <PageTitle>New Organization</PageTitle>
      <Paper sx={{ p: 3 }}>
        <EntityForm
          fields={organizationFields}
          schema={organizationCreateSchema}
          record={null}
          submitLabel="Create organization"
          onSubmit={(body) => write(createOrganization, {}, body)}
          onDone={(o) => navigate(`/organizations/${o.id}`)}
          onCancel={() => navigate('/admin/organizations')}
        />
      </Paper>
    </>
  );
}

/** /organizations/{organization_id}/edit: every field; the DMS admin saves, others see it read-only. */
export function OrganizationEditPage() {
  const { organization_id = '' } = useParams();
  const me = useCurrentUser();
  const navigate = useNavigate();
  const organization = useItem(getOrganization, { organization_id });
  const write = useWrite();
  const snackbar = useSnackbar();
  const mayEdit = can(me, 'organization.update', { organization_id });
  return (
    <LoadedOrPlan result={organization}>
      {(o) => (
        <>
          <PageTitle>Edit {o.name}</PageTitle>
          <Paper sx={{ p: 3 }}>
            <EntityForm
              fields={organizationFields}
              schema={organizationUpdateSchema}
              record={o}
              submitLabel="Save"
              readOnly={!mayEdit}
              onSubmit={(body) => write(updateOrganization, { organization_id: o.id }, body)}
              onDone={() => navigate(`/organizations/${o.id}`)}
              onCancel={() => navigate(`/organizations/${o.id}`)}
            />
          </Paper>
          {can(me, 'organization.delete', { organization_id }) && !o.inactive && (
            <PendingButton
              color="warning"
              sx={{ mt: 2 }}
              onClick={async () => {
                const r = await write(deactivateOrganization, { organization_id: o.id });
                if (r.error) snackbar.error(r.error);
                else snackbar.success('Organization deactivated');
              }}
            >
              Deactivate organization
            </PendingButton>
          )}
        </>
      )}
    </LoadedOrPlan>
  );
}
