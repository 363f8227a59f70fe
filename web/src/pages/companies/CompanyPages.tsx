import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import type { GridColDef } from '@mui/x-data-grid';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { createCompany, deactivateCompany, updateCompany } from '../../../../shared/api/hierarchy';
import { BenefitAdminSystem } from '../../../../shared/organizations';
import { can } from '../../../../shared/permissions/actions';
import { planIncludes } from '../../../../shared/plans';
import { companyCreateSchema, companyUpdateSchema } from '../../../../shared/schemas/company';
import { useItem, useList, useWrite, paths, type BenefitAdminSystem as BenefitAdminSystemRow, type Company, type Organization } from '../../data/hierarchy';
import { useSnackbar } from '../../feedback/snackbar';
import { PageTitle } from '../../layout/PageTitle';
import { useCurrentUser } from '../../routes/current-user';
import { EntityForm } from '../hierarchy/EntityForm';
import { EntityGrid } from '../hierarchy/EntityGrid';
import { LoadedOrPlan, NewButton, RowLink, StatusChip, Toolbar, dateValue } from '../hierarchy/common';
import { companyFields } from '../hierarchy/fields';
import { CompanyCarriersGrid } from '../company-carriers/CompanyCarrierPages';

function useAdminSystemOptions(organizationId: string | null) {
  const systems = useList<BenefitAdminSystemRow>(organizationId ? paths.orgSub(organizationId, 'benefit_admin_systems') : null);
  return systems.items.map((s) => ({ value: s.id, label: BenefitAdminSystem.label(s.benefit_admin_system) }));
}

/** The companies of an organization in a grid. */
export function CompaniesGrid({ organizationId }: { organizationId: string }) {
  const list = useList<Company>(paths.orgSub(organizationId, 'companies'));
  const columns: GridColDef<Company>[] = [
    { field: 'name', headerName: 'Name', flex: 1, minWidth: 200, renderCell: ({ row }) => <RowLink to={`/companies/${row.id}`}>{row.name}</RowLink> },
    { field: 'activation_date', headerName: 'Activated', width: 130, valueGetter: (_v, r) => dateValue(r.activation_date) },
    { field: 'first_demo_date', headerName: 'First demo', width: 130, valueGetter: (_v, r) => dateValue(r.first_demo_date) },
    { field: 'termination_date', headerName: 'Terminated', width: 130, valueGetter: (_v, r) => dateValue(r.termination_date) },
    { field: 'inactive', headerName: 'Status', width: 110, type: 'boolean', renderCell: ({ row }) => <StatusChip inactive={row.inactive} /> },
  ];
  return <LoadedOrPlan result={list}>{() => <EntityGrid rows={list.items} columns={columns} urlKey="c_" />}</LoadedOrPlan>;
}

/** /organizations/{organization_id}/companies */
export function OrganizationCompaniesPage() {
  const { organization_id = '' } = useParams();
  const me = useCurrentUser();
  const organization = useItem<Organization>(paths.organization(organization_id));
  return (
    <LoadedOrPlan result={organization}>
      {(o) => (
        <>
          <PageTitle>Companies · {o.name}</PageTitle>
          <Toolbar>
            {can(me, 'company.create', { organization_id }) && <NewButton to={`/organizations/${o.id}/new`}>New company</NewButton>}
            {can(me, 'company.import', { organization_id }) && (
              <Button component={RouterLink} to={`/organizations/${o.id}/import`}>
                Import companies
              </Button>
            )}
          </Toolbar>
          <CompaniesGrid organizationId={o.id} />
        </>
      )}
    </LoadedOrPlan>
  );
}

/** /organizations/{organization_id}/new: a new company. */
export function CompanyNewPage() {
  const { organization_id = '' } = useParams();
  const navigate = useNavigate();
  const write = useWrite();
  const systems = useAdminSystemOptions(organization_id);
  return (
    <>
      <PageTitle>New Company</PageTitle>
      <Paper sx={{ p: 3 }}>
        <EntityForm
          fields={companyFields(systems)}
          schema={companyCreateSchema}
          submitLabel="Create company"
          onSubmit={(body) => write(createCompany, paths.orgSub(organization_id, 'companies'), body)}
          onDone={(c) => navigate(`/companies/${c.id}`)}
          onCancel={() => navigate(`/organizations/${organization_id}`)}
        />
      </Paper>
    </>
  );
}

/** /companies/{company_id}: details (editable by organization set-up roles) and the carriers summary (UX "Overviews"). */
export function CompanyPage() {
  const { company_id = '' } = useParams();
  const me = useCurrentUser();
  const company = useItem<Company>(paths.company(company_id));
  const organizationId = company.data?.organization_id ?? null;
  const organization = useItem<Organization>(organizationId && !['COMPANY_ADMIN', 'COMPANY_USER'].includes(me.role) ? paths.organization(organizationId) : null);
  const systems = useAdminSystemOptions(organizationId && !['COMPANY_ADMIN', 'COMPANY_USER'].includes(me.role) ? organizationId : null);
  const write = useWrite();
  const snackbar = useSnackbar();
  const [editing, setEditing] = useState(false);
  return (
    <LoadedOrPlan result={company}>
      {(c) => {
        const target = { organization_id: c.organization_id, company_id: c.id };
        const mayEdit = can(me, 'company.update', target);
        const carriersOn = organization.data ? planIncludes(organization.data.plan, 'carriers') : true;
        return (
          <Stack spacing={3}>
            <PageTitle>
              {c.name} <StatusChip inactive={c.inactive} />
            </PageTitle>
            <Paper sx={{ p: 3 }}>
              <EntityForm
                fields={companyFields(systems)}
                schema={companyUpdateSchema}
                record={c}
                submitLabel="Save"
                readOnly={!mayEdit || !editing}
                onSubmit={(body) => write(updateCompany, paths.orgCompany(c.organization_id, c.id), body)}
                onDone={() => setEditing(false)}
                onCancel={() => setEditing(false)}
              />
              {mayEdit && !editing && (
                <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
                  <Button variant="outlined" onClick={() => setEditing(true)}>
                    Edit
                  </Button>
                  {can(me, 'company.delete', target) && !c.inactive && (
                    <Button
                      color="warning"
                      onClick={async () => {
                        const r = await write(deactivateCompany, paths.orgCompany(c.organization_id, c.id));
                        if (r.error) snackbar.error(r.error);
                        else snackbar.success('Company deactivated');
                      }}
                    >
                      Deactivate
                    </Button>
                  )}
                </Stack>
              )}
            </Paper>
            <Typography variant="h6">Carriers &amp; plans</Typography>
            {carriersOn ? <CompanyCarriersGrid companyId={c.id} /> : null}
            <Button component={RouterLink} to={`/companies/${c.id}/company-carriers`} sx={{ alignSelf: 'flex-start' }}>
              Open Carriers &amp; Renewals
            </Button>
          </Stack>
        );
      }}
    </LoadedOrPlan>
  );
}
