import { lazy, Suspense, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { GridColDef } from '@mui/x-data-grid';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  createCompanyCarrier,
  createCompanyCarrierPlan,
  deactivateCompanyCarrier,
  deactivateCompanyCarrierPlan,
  updateCompanyCarrier,
  updateCompanyCarrierPlan,
} from '../../../../shared/api/hierarchy';
import { BenefitType, calendarDayLabel, EligibilityManagementType, Month } from '../../../../shared/carriers';
import { can } from '../../../../shared/permissions/actions';
import { companyCarrierCreateBodySchema, companyCarrierUpdateSchema } from '../../../../shared/schemas/company-carrier';
import { companyCarrierPlanCreateBodySchema, companyCarrierPlanUpdateSchema } from '../../../../shared/schemas/company-carrier-plan';
import { useItem, useList, useWrite, paths, type Carrier, type Company, type CompanyCarrier, type CompanyCarrierPlan } from '../../data/hierarchy';
import { useSnackbar } from '../../feedback/snackbar';
import { PageTitle } from '../../layout/PageTitle';
import { useCurrentUser } from '../../routes/current-user';
import { PendingButton } from '../../components/PendingButton';
import { EntityForm } from '../hierarchy/EntityForm';
import { EntityGrid } from '../hierarchy/EntityGrid';
import { FormDialog, LoadedOrPlan, NewButton, RowLink, StatusChip, Toolbar, dateValue } from '../hierarchy/common';
import { companyCarrierFields, planFields } from '../hierarchy/fields';

// The invoice reconciliations (their reads, and the charts library once there is a trend to draw)
// come after the carrier's details and plans, which show without waiting for them.
const CarrierReconciliationTrend = lazy(() => import('../invoices/CarrierReconciliationTrend').then((m) => ({ default: m.CarrierReconciliationTrend })));

function useCarriers() {
  const carriers = useList<Carrier>(paths.carriers);
  const names = new Map(carriers.items.map((c) => [c.id, c.name]));
  const options = carriers.items.filter((c) => !c.inactive).map((c) => ({ value: c.id, label: c.name }));
  return { names, options };
}

/** The carriers of a company in a grid (403 with the plan message when the plan lacks carriers). */
export function CompanyCarriersGrid({ companyId }: { companyId: string }) {
  const list = useList<CompanyCarrier>(paths.companyCarriers(companyId));
  const { names } = useCarriers();
  const columns: GridColDef<CompanyCarrier>[] = [
    {
      field: 'carrier',
      headerName: 'Carrier',
      flex: 1,
      minWidth: 180,
      valueGetter: (_v, r) => names.get(r.carrier_id) ?? '',
      renderCell: ({ row }) => <RowLink to={`/companies/${companyId}/company-carriers/${row.id}`}>{names.get(row.carrier_id) ?? '…'}</RowLink>,
    },
    { field: 'group_number', headerName: 'Group', width: 130 },
    { field: 'renewal_month', headerName: 'Renewal month', width: 140, valueGetter: (_v, r) => Month.label(r.renewal_month, '') },
    { field: 'renewal_kickoff_days_in_advance', headerName: 'Kickoff days', type: 'number', width: 120 },
    { field: 'carrier_invoice_day_of_month', headerName: 'Invoice day', width: 180, valueGetter: (_v, r) => calendarDayLabel(r.carrier_invoice_day_of_month) },
    { field: 'inception_date', headerName: 'Effective', width: 120, valueGetter: (_v, r) => dateValue(r.inception_date) },
    { field: 'end_date', headerName: 'Ends', width: 120, valueGetter: (_v, r) => dateValue(r.end_date) },
    { field: 'eligibility_management_type', headerName: 'Eligibility', flex: 1, valueGetter: (_v, r) => EligibilityManagementType.label(r.eligibility_management_type, '') },
    { field: 'inactive', headerName: 'Status', width: 110, type: 'boolean', renderCell: ({ row }) => <StatusChip inactive={row.inactive} /> },
  ];
  return <LoadedOrPlan result={list}>{() => <EntityGrid rows={list.items} columns={columns} urlKey="cc_" truncated={list.truncated} />}</LoadedOrPlan>;
}

/** /companies/{company_id}/company-carriers ("Carriers & Renewals"). */
export function CompanyCarriersPage() {
  const { company_id = '' } = useParams();
  const me = useCurrentUser();
  const company = useItem<Company>(paths.company(company_id));
  const { options } = useCarriers();
  const write = useWrite();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  return (
    <LoadedOrPlan result={company}>
      {(c) => (
        <>
          <PageTitle>Carriers &amp; Renewals · {c.name}</PageTitle>
          {can(me, 'company-carrier.create', { organization_id: c.organization_id, company_id: c.id }) && (
            <Toolbar>
              <NewButton onClick={() => setOpen(true)}>Add carrier</NewButton>
            </Toolbar>
          )}
          <CompanyCarriersGrid companyId={c.id} />
          <FormDialog open={open} title="Add carrier" onClose={() => setOpen(false)}>
            <EntityForm
              fields={companyCarrierFields(options)}
              schema={companyCarrierCreateBodySchema}
              submitLabel="Add carrier"
              onSubmit={(body) => write(createCompanyCarrier, paths.companyCarriers(c.id), body)}
              onDone={(cc) => navigate(`/companies/${c.id}/company-carriers/${cc.id}`)}
              onCancel={() => setOpen(false)}
            />
          </FormDialog>
        </>
      )}
    </LoadedOrPlan>
  );
}

/** The plans of a company carrier in a grid. */
export function CompanyCarrierPlansGrid({ companyId, companyCarrierId }: { companyId: string; companyCarrierId: string }) {
  const plans = useList<CompanyCarrierPlan>(paths.plans(companyId, companyCarrierId));
  const columns: GridColDef<CompanyCarrierPlan>[] = [
    { field: 'name', headerName: 'Plan', flex: 1, minWidth: 180, renderCell: ({ row }) => <RowLink to={`/companies/${companyId}/company-carriers/${companyCarrierId}/plans/${row.id}`}>{row.name}</RowLink> },
    { field: 'benefit_type', headerName: 'Benefit', flex: 1, valueGetter: (_v, r) => BenefitType.label(r.benefit_type) },
    { field: 'group_number', headerName: 'Group', width: 120 },
    { field: 'number_of_eligible', headerName: 'Eligible', type: 'number', width: 110 },
    { field: 'number_of_enrolled', headerName: 'Enrolled', type: 'number', width: 110 },
    { field: 'inactive', headerName: 'Status', width: 110, type: 'boolean', renderCell: ({ row }) => <StatusChip inactive={row.inactive} /> },
  ];
  return <EntityGrid rows={plans.items} columns={columns} loading={plans.isLoading} urlKey="p_" truncated={plans.truncated} />;
}

/** /companies/{company_id}/company-carriers/{company_carrier_id}: the carrier's details and its plans. */
export function CompanyCarrierPage() {
  const { company_id = '', company_carrier_id = '' } = useParams();
  const me = useCurrentUser();
  const company = useItem<Company>(paths.company(company_id));
  const companyCarrier = useItem<CompanyCarrier>(paths.companyCarrier(company_id, company_carrier_id));
  const { names, options } = useCarriers();
  const write = useWrite();
  const snackbar = useSnackbar();
  const [open, setOpen] = useState(false);
  const target = { organization_id: company.data?.organization_id ?? '', company_id };
  const mayEdit = !!company.data && can(me, 'company-carrier.update', target);
  return (
    <LoadedOrPlan result={companyCarrier}>
      {(cc) => (
        <Stack spacing={3}>
          <PageTitle>
            {names.get(cc.carrier_id) ?? 'Carrier'} · {company.data?.name ?? ''} <StatusChip inactive={cc.inactive} />
          </PageTitle>
          <Paper sx={{ p: 3 }}>
            <EntityForm
              fields={companyCarrierFields(options.some((o) => o.value === cc.carrier_id) ? options : [...options, { value: cc.carrier_id, label: names.get(cc.carrier_id) ?? cc.carrier_id }])}
              schema={companyCarrierUpdateSchema}
              record={cc}
              submitLabel="Save"
              readOnly={!mayEdit}
              onSubmit={(body) => write(updateCompanyCarrier, paths.companyCarrier(company_id, cc.id), body)}
            />
            {mayEdit && !cc.inactive && (
              <PendingButton
                color="warning"
                sx={{ mt: 2 }}
                onClick={async () => {
                  const r = await write(deactivateCompanyCarrier, paths.companyCarrier(company_id, cc.id));
                  if (r.error) snackbar.error(r.error);
                  else snackbar.success('Carrier deactivated');
                }}
              >
                Deactivate carrier
              </PendingButton>
            )}
          </Paper>
          <Suspense fallback={<CircularProgress size={24} aria-label="Loading the invoice reconciliations" />}>
            <CarrierReconciliationTrend companyId={company_id} companyCarrierId={cc.id} />
          </Suspense>
          <Typography variant="h6">Plans</Typography>
          {mayEdit && (
            <Toolbar>
              <NewButton onClick={() => setOpen(true)}>Add plan</NewButton>
            </Toolbar>
          )}
          <CompanyCarrierPlansGrid companyId={company_id} companyCarrierId={cc.id} />
          <FormDialog open={open} title="Add plan" onClose={() => setOpen(false)}>
            <EntityForm
              fields={planFields}
              schema={companyCarrierPlanCreateBodySchema}
              submitLabel="Add plan"
              onSubmit={(body) => write(createCompanyCarrierPlan, paths.plans(company_id, cc.id), body)}
              onDone={() => setOpen(false)}
              onCancel={() => setOpen(false)}
            />
          </FormDialog>
        </Stack>
      )}
    </LoadedOrPlan>
  );
}

/** /companies/{company_id}/company-carriers/{company_carrier_id}/plans/{company_carrier_plan_id} */
export function CompanyCarrierPlanPage() {
  const { company_id = '', company_carrier_id = '', company_carrier_plan_id = '' } = useParams();
  const me = useCurrentUser();
  const company = useItem<Company>(paths.company(company_id));
  const plan = useItem<CompanyCarrierPlan>(paths.plan(company_id, company_carrier_id, company_carrier_plan_id));
  const write = useWrite();
  const snackbar = useSnackbar();
  const mayEdit = !!company.data && can(me, 'company-carrier.update', { organization_id: company.data.organization_id, company_id });
  return (
    <LoadedOrPlan result={plan}>
      {(p) => (
        <>
          <PageTitle>
            {p.name} <StatusChip inactive={p.inactive} />
          </PageTitle>
          <Paper sx={{ p: 3 }}>
            <EntityForm
              fields={planFields}
              schema={companyCarrierPlanUpdateSchema}
              record={p}
              submitLabel="Save"
              readOnly={!mayEdit}
              onSubmit={(body) => write(updateCompanyCarrierPlan, paths.plan(company_id, company_carrier_id, p.id), body)}
            />
            {mayEdit && !p.inactive && (
              <PendingButton
                color="warning"
                sx={{ mt: 2 }}
                onClick={async () => {
                  const r = await write(deactivateCompanyCarrierPlan, paths.plan(company_id, company_carrier_id, p.id));
                  if (r.error) snackbar.error(r.error);
                  else snackbar.success('Plan deactivated');
                }}
              >
                Deactivate plan
              </PendingButton>
            )}
          </Paper>
        </>
      )}
    </LoadedOrPlan>
  );
}
