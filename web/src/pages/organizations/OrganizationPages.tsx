import { useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Endpoint } from '../../../../shared/api/endpoint';
import type { ListEndpoint } from '../../api/endpoints';
import { createBenefitAdminSystem, createServiceType, deleteBenefitAdminSystem, deleteServiceType, getOrganization, getOrganizationsStats, getOrganizationStats, linkOrganizationAgency, listAgencies, listBenefitAdminSystems, listOrganizationAgencies, listServiceTypes, unlinkOrganizationAgency, updateBenefitAdminSystem, updateOrganizationAgency, updateServiceType } from '../../../../shared/api/hierarchy';
import { AgencyManagementType, BenefitAdminSystem, BillingFrequency, OrganizationPlan, ServiceType } from '../../../../shared/organizations';
import { can, type Action } from '../../../../shared/permissions/actions';
import { roleMayOpenPath } from '../../../../shared/permissions/pages-access';
import { planIncludes } from '../../../../shared/plans';
import { organizationAgencyCreateSchema, organizationAgencyUpdateSchema } from '../../../../shared/schemas/organization-agency';
import { organizationBenefitAdminSystemCreateSchema, organizationBenefitAdminSystemUpdateSchema } from '../../../../shared/schemas/organization-benefit-admin-system';
import { organizationServiceTypeCreateSchema, organizationServiceTypeUpdateSchema } from '../../../../shared/schemas/organization-service-type';
import {
  useItem,
  useList,
  useWrite,
  type AgencyLink,
  type BenefitAdminSystem as BenefitAdminSystemRow,
  type ServiceType as ServiceTypeRow,
} from '../../data/hierarchy';
import { useSnackbar } from '../../feedback/snackbar';
import { PageTitle } from '../../layout/PageTitle';
import { useCurrentUser } from '../../auth/current-user';
import { CompaniesGrid } from '../companies/CompaniesGrid';
import { DialogEntityForm } from '../hierarchy/DialogEntityForm';
import type { FieldSpec } from '../hierarchy/EntityForm';
import type { RequestResult } from '../../api/request';
import type { FieldOf, RecordSchema } from '../../forms/schema-resolver';
import { EntityGrid } from '../hierarchy/EntityGrid';
import { FormDialog, LoadedOrPlan, NewButton, StatCard, StatusChip, Toolbar } from '../hierarchy/common';
import { benefitAdminSystemFields, organizationAgencyEditFields, organizationAgencyFields, serviceTypeFields } from '../hierarchy/fields';
import { OrganizationsGrid } from './OrganizationsGrid';

/** /admin/organizations: the list with stats, filtered by agency (in the URL). */
export function AdminOrganizationsPage() {
  const [search, setSearch] = useSearchParams();
  const agencyId = search.get('agency_id') ?? '';
  const agencies = useList(listAgencies, {});
  const stats = useItem(getOrganizationsStats, {});
  const t = stats.data?.totals;
  return (
    <>
      <PageTitle>Organizations</PageTitle>
      {t && (
        <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: 'wrap', gap: 2 }}>
          <StatCard label="Organizations" value={t.active_organizations} />
          <StatCard label="Companies" value={t.companies} />
          <StatCard label="Carriers" value={t.company_carriers} to="/admin/reports/carriers" />
          <StatCard label="Plans" value={t.plans} to="/admin/reports/carriers" />
          <StatCard label="Open comparisons" value={t.comparisons_open} />
          <StatCard label="Renewals due" value={t.renewals_due} to="/admin/reports/renewals" />
          <StatCard label="Overdue renewals" value={t.renewals_overdue} to="/admin/reports/renewals?state=overdue" />
        </Stack>
      )}
      <Toolbar>
        <NewButton to="/admin/organizations/new">New organization</NewButton>
        <TextField
          select
          size="small"
          label="Agency"
          value={agencyId}
          sx={{ minWidth: 240 }}
          onChange={(e) =>
            setSearch((prev) => {
              const next = new URLSearchParams(prev);
              if (e.target.value) next.set('agency_id', e.target.value);
              else next.delete('agency_id');
              next.delete('page');
              return next;
            })
          }
        >
          <MenuItem value="">All agencies</MenuItem>
          {agencies.items.map((a) => (
            <MenuItem key={a.id} value={a.id}>
              {a.name}
            </MenuItem>
          ))}
        </TextField>
      </Toolbar>
      <OrganizationsGrid agencyId={agencyId || null} />
    </>
  );
}

/** /organizations: the caller's organizations (comparer admins, agency users). */
export function OrganizationsPage() {
  return (
    <>
      <PageTitle>Organizations</PageTitle>
      <OrganizationsGrid />
    </>
  );
}

/** /organizations/{organization_id}: stat cards and the companies table (UX "Overviews"). */
export function OrganizationPage() {
  const { organization_id = '' } = useParams();
  const me = useCurrentUser();
  const organization = useItem(getOrganization, { organization_id });
  const stats = useItem(getOrganizationStats, { organization_id });
  const carriersOn = planIncludes(organization.data?.plan, 'carriers');
  const base = `/organizations/${organization_id}`;
  // Every card and button leads only where this user's role may go; the card stays, without its link.
  const linkFor = (path: string) => (roleMayOpenPath(me, path) ? path : undefined);
  const count = (n: number | undefined) => (n === undefined ? (stats.error ? '?' : '…') : n);
  const s = stats.data;
  return (
    <LoadedOrPlan result={organization}>
      {(o) => (
        <Stack spacing={2}>
          <PageTitle>
            {o.name} <StatusChip inactive={o.inactive} />
          </PageTitle>
          <Typography color="text.secondary">{OrganizationPlan.label(o.plan)}</Typography>
          <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', gap: 2 }}>
            <StatCard label="Companies" value={count(s?.companies)} to={linkFor(`${base}/companies`)} />
            {/* Without carriers in the plan there is no such figure, rather than a zero. */}
            <StatCard label="Carriers" value={carriersOn ? count(s?.company_carriers) : '—'} to={carriersOn ? linkFor(`${base}/reports/carriers`) : undefined} />
            <StatCard label="Plans" value={carriersOn ? count(s?.plans) : '—'} to={carriersOn ? linkFor(`${base}/reports/carriers`) : undefined} />
            <StatCard label="Open comparisons" value={count(s?.comparisons_open)} to={linkFor(`${base}/comparisons`)} />
            <StatCard label="Renewals due" value={count(s?.renewals_due)} to={linkFor(`${base}/reports/renewals`)} />
            <StatCard label="Overdue renewals" value={count(s?.renewals_overdue)} to={linkFor(`${base}/reports/renewals`) && `${base}/reports/renewals?state=overdue`} />
          </Stack>
          <Toolbar>
            {can(me, 'organization.update', { organization_id }) && <Button component={RouterLink} to={`${base}/edit`}>Edit organization</Button>}
            {roleMayOpenPath(me, `${base}/service-types`) && <Button component={RouterLink} to={`${base}/service-types`}>Service types</Button>}
            {roleMayOpenPath(me, `${base}/benefit-admin-systems`) && <Button component={RouterLink} to={`${base}/benefit-admin-systems`}>Benefit admin systems</Button>}
            {roleMayOpenPath(me, `${base}/agencies`) && <Button component={RouterLink} to={`${base}/agencies`}>Agencies</Button>}
            {can(me, 'company.import', { organization_id }) && <Button component={RouterLink} to={`${base}/import`}>Import companies</Button>}
          </Toolbar>
          <Typography variant="h6">Companies</Typography>
          <CompaniesGrid organizationId={o.id} />
        </Stack>
      )}
    </LoadedOrPlan>
  );
}

/**
 * The add or edit form of an organization's records: its fields, the shared schema of the body they
 * fill, and the write of that body (typed by its route, so the body checked is the body sent).
 */
interface RecordForm<Body, Args extends unknown[]> {
  fields: readonly FieldSpec<FieldOf<NoInfer<Body>>>[];
  schema: RecordSchema<Body>;
  send: (...args: [...Args, body: Body]) => Promise<RequestResult<unknown>>;
}

/** A list of organization records with add and edit dialogs and a remove button (service types, admin systems, agencies). */
function OrganizationRecords<T extends GridValidRowModel, AddBody, EditBody>(props: {
  title: string;
  /** The organization's list of these records; each record is addressed by its `idParam` below it. */
  list: ListEndpoint;
  idParam: string;
  action: Action;
  /** Adds a record to the organization. */
  add: RecordForm<AddBody, [organizationId: string]>;
  /** Edits a record (its fields may be fewer: an agency link's agency is its key). */
  edit: RecordForm<EditBody, [organizationId: string, row: T]>;
  columns: GridColDef<T>[];
  idOf: (row: T) => string;
  remove: Endpoint;
}) {
  const { organization_id = '' } = useParams();
  const me = useCurrentUser();
  const organization = useItem(getOrganization, { organization_id });
  const list = useList(props.list, { organization_id });
  const rows = list.items as T[];
  const write = useWrite();
  const snackbar = useSnackbar();
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<T | null>(null);
  /** The row whose removal is pending: its button stays disabled until the answer. */
  const [removing, setRemoving] = useState<string | null>(null);
  const mayManage = can(me, props.action, { organization_id });
  const idOf = props.idOf;
  const rowParams = (row: T) => ({ organization_id, [props.idParam]: idOf(row) });
  const columns: GridColDef<T>[] = [
    ...props.columns,
    ...(mayManage
      ? [
          {
            field: 'actions',
            headerName: '',
            width: 180,
            sortable: false,
            filterable: false,
            renderCell: ({ row }: { row: T }) => (
              <>
                <Button size="small" onClick={() => setEditing(row)} disabled={removing === idOf(row)}>
                  Edit
                </Button>
                <Button
                  size="small"
                  color="warning"
                  disabled={removing === idOf(row)}
                  onClick={async () => {
                    setRemoving(idOf(row));
                    const r = await write(props.remove, rowParams(row));
                    setRemoving(null);
                    if (r.error) snackbar.error(r.error);
                    else snackbar.success('Removed');
                  }}
                >
                  Remove
                </Button>
              </>
            ),
          } satisfies GridColDef<T>,
        ]
      : []),
  ];
  return (
    <LoadedOrPlan result={organization}>
      {(o) => (
        <>
          <PageTitle>
            {props.title} · {o.name}
          </PageTitle>
          {mayManage && (
            <Toolbar>
              <NewButton onClick={() => setOpen(true)}>Add</NewButton>
            </Toolbar>
          )}
          <LoadedOrPlan result={list}>{() => <EntityGrid rows={rows} columns={columns} getRowId={idOf} truncated={list.truncated} />}</LoadedOrPlan>
          <FormDialog open={open} title={`Add to ${props.title.toLowerCase()}`} onClose={() => setOpen(false)}>
            <DialogEntityForm
              fields={props.add.fields}
              schema={props.add.schema}
              submitLabel="Add"
              onSubmit={(body) => props.add.send(organization_id, body)}
              onDone={() => setOpen(false)}
              onCancel={() => setOpen(false)}
            />
          </FormDialog>
          <FormDialog open={!!editing} title={`Edit in ${props.title.toLowerCase()}`} onClose={() => setEditing(null)}>
            {editing && (
              <DialogEntityForm
                fields={props.edit.fields}
                schema={props.edit.schema}
                record={editing}
                submitLabel="Save"
                onSubmit={(body) => props.edit.send(organization_id, editing, body)}
                onDone={() => setEditing(null)}
                onCancel={() => setEditing(null)}
              />
            )}
          </FormDialog>
        </>
      )}
    </LoadedOrPlan>
  );
}

/** /organizations/{organization_id}/service-types */
export function OrganizationServiceTypesPage() {
  const write = useWrite();
  return (
    <OrganizationRecords
      title="Service Types"
      list={listServiceTypes}
      idParam="service_type_id"
      add={{
        fields: serviceTypeFields,
        schema: organizationServiceTypeCreateSchema,
        send: (organization_id, body) => write(createServiceType, { organization_id }, body),
      }}
      edit={{
        fields: serviceTypeFields,
        schema: organizationServiceTypeUpdateSchema,
        send: (organization_id, row, body) => write(updateServiceType, { organization_id, service_type_id: row.id }, body),
      }}
      remove={deleteServiceType}
      idOf={(r: ServiceTypeRow) => r.id}
      action="organization.service-types.manage"
      columns={[
        { field: 'service_type', headerName: 'Service type', flex: 1, valueGetter: (_v, r) => ServiceType.label(r.service_type) },
        { field: 'cost', headerName: 'Cost', type: 'number', width: 120 },
        { field: 'billing_frequency', headerName: 'Billing', width: 140, valueGetter: (_v, r) => BillingFrequency.label(r.billing_frequency) },
        { field: 'notes', headerName: 'Notes', flex: 1 },
      ]}
    />
  );
}

/** /organizations/{organization_id}/benefit-admin-systems */
export function OrganizationBenefitAdminSystemsPage() {
  const write = useWrite();
  return (
    <OrganizationRecords
      title="Benefit Admin Systems"
      list={listBenefitAdminSystems}
      idParam="benefit_admin_system_id"
      add={{
        fields: benefitAdminSystemFields,
        schema: organizationBenefitAdminSystemCreateSchema,
        send: (organization_id, body) => write(createBenefitAdminSystem, { organization_id }, body),
      }}
      edit={{
        fields: benefitAdminSystemFields,
        schema: organizationBenefitAdminSystemUpdateSchema,
        send: (organization_id, row, body) => write(updateBenefitAdminSystem, { organization_id, benefit_admin_system_id: row.id }, body),
      }}
      remove={deleteBenefitAdminSystem}
      idOf={(r: BenefitAdminSystemRow) => r.id}
      action="organization.benefit-admin-systems.manage"
      columns={[
        { field: 'benefit_admin_system', headerName: 'System', flex: 1, valueGetter: (_v, r) => BenefitAdminSystem.label(r.benefit_admin_system) },
        { field: 'notes', headerName: 'Notes', flex: 2 },
      ]}
    />
  );
}

/** /organizations/{organization_id}/agencies */
export function OrganizationAgenciesPage() {
  const me = useCurrentUser();
  const agencies = useList(listAgencies, can(me, 'organization.agencies.manage') ? {} : null);
  const write = useWrite();
  return (
    <OrganizationRecords
      title="Agencies"
      list={listOrganizationAgencies}
      idParam="agency_id"
      add={{
        fields: organizationAgencyFields(agencies.items.filter((a) => !a.inactive).map((a) => ({ value: a.id, label: a.name }))),
        schema: organizationAgencyCreateSchema,
        send: (organization_id, body) => write(linkOrganizationAgency, { organization_id }, body),
      }}
      edit={{
        fields: organizationAgencyEditFields,
        schema: organizationAgencyUpdateSchema,
        send: (organization_id, row, body) => write(updateOrganizationAgency, { organization_id, agency_id: row.agency_id }, body),
      }}
      remove={unlinkOrganizationAgency}
      action="organization.agencies.manage"
      idOf={(r: AgencyLink) => r.agency_id}
      columns={[
        { field: 'agency_name', headerName: 'Agency', flex: 1 },
        { field: 'agency_management_type', headerName: 'Management', flex: 1, valueGetter: (_v, r) => AgencyManagementType.label(r.agency_management_type) },
      ]}
    />
  );
}
