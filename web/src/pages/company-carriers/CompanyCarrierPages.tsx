import { lazy, useState } from 'react';
import { useParams } from 'react-router';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { createCompanyCarrierPlan, deactivateCompanyCarrier, deactivateCompanyCarrierPlan, getCompany, getCompanyCarrier, getCompanyCarrierPlan, updateCompanyCarrier, updateCompanyCarrierPlan } from '../../../../shared/api/hierarchy';
import { can } from '../../../../shared/permissions/actions';
import { companyCarrierUpdateSchema } from '../../../../shared/schemas/company-carrier';
import { companyCarrierPlanCreateBodySchema, companyCarrierPlanUpdateSchema } from '../../../../shared/schemas/company-carrier-plan';
import { useItem, useWrite } from '../../data/hierarchy';
import { useSnackbar } from '../../feedback/snackbar';
import { PageTitle } from '../../layout/PageTitle';
import { useCurrentUser } from '../../auth/current-user';
import { LoadingBlock } from '../../components/LoadingBlock';
import { PendingButton } from '../../components/PendingButton';
import { ViewTabs } from '../../components/ViewTabs';
import { EntityForm } from '../hierarchy/EntityForm';
import { FormDialog, LoadedOrPlan, NewButton, StatusChip, Toolbar } from '../hierarchy/common';
import { companyCarrierFields, planFields } from '../hierarchy/fields';
import { CarrierCorrectionFiles } from './CarrierCorrectionFiles';
import { useCarriers } from './carriers';

// The plans (a grid), the invoice reconciliations and the audits over time (charts) are tabs
// under the carrier's details, each downloaded when its tab is chosen: the grid library and the
// chart library never come together, and neither holds the details back.
const CompanyCarrierPlansGrid = lazy(() => import('./CompanyCarrierPlansGrid').then((m) => ({ default: m.CompanyCarrierPlansGrid })));
const CarrierReconciliationTrend = lazy(() => import('../invoices/CarrierReconciliationTrend').then((m) => ({ default: m.CarrierReconciliationTrend })));
const CarrierAuditTrend = lazy(() => import('./CarrierAuditTrend').then((m) => ({ default: m.CarrierAuditTrend })));

/** /companies/{company_id}/company-carriers/{company_carrier_id}: the carrier's details, then its plans, its invoice reconciliations or its audits over time. */
export function CompanyCarrierPage() {
  const { company_id = '', company_carrier_id = '' } = useParams();
  const me = useCurrentUser();
  const company = useItem(getCompany, { company_id });
  const companyCarrier = useItem(getCompanyCarrier, { company_id, company_carrier_id });
  const { names, options } = useCarriers();
  const write = useWrite();
  const snackbar = useSnackbar();
  const [open, setOpen] = useState(false);
  const target = { organization_id: company.data?.organization_id ?? '', company_id };
  const mayEdit = !!company.data && can(me, 'company-carrier.update', target);
  const mayExport = !!company.data && can(me, 'comparison.export', target);
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
              onSubmit={(body) => write(updateCompanyCarrier, { company_id, company_carrier_id: cc.id }, body)}
            />
            {mayEdit && !cc.inactive && (
              <PendingButton
                color="warning"
                sx={{ mt: 2 }}
                onClick={async () => {
                  const r = await write(deactivateCompanyCarrier, { company_id, company_carrier_id: cc.id });
                  if (r.error) snackbar.error(r.error);
                  else snackbar.success('Carrier deactivated');
                }}
              >
                Deactivate carrier
              </PendingButton>
            )}
          </Paper>
          <ViewTabs
            label="Carrier views"
            views={[
              {
                value: 'plans',
                label: 'Plans',
                content: (
                  <>
                    {mayEdit && (
                      <Toolbar>
                        <NewButton onClick={() => setOpen(true)}>Add plan</NewButton>
                      </Toolbar>
                    )}
                    <CompanyCarrierPlansGrid companyId={company_id} companyCarrierId={cc.id} />
                  </>
                ),
                fallback: <LoadingBlock height={400} label="Loading the plans" />,
              },
              {
                value: 'invoices',
                label: 'Invoice reconciliations',
                content: <CarrierReconciliationTrend companyId={company_id} companyCarrierId={cc.id} />,
                fallback: <LoadingBlock height={120} label="Loading the invoice reconciliations" />,
              },
              {
                value: 'audits',
                label: 'Audits over time',
                content: <CarrierAuditTrend companyId={company_id} companyCarrierId={cc.id} />,
                fallback: <LoadingBlock height={120} label="Loading the audits" />,
              },
              ...(mayExport
                ? [{ value: 'corrections', label: 'Correction files', content: <CarrierCorrectionFiles companyId={company_id} companyCarrierId={cc.id} /> }]
                : []),
            ]}
          />
          <FormDialog open={open} title="Add plan" onClose={() => setOpen(false)}>
            <EntityForm
              fields={planFields}
              schema={companyCarrierPlanCreateBodySchema}
              submitLabel="Add plan"
              onSubmit={(body) => write(createCompanyCarrierPlan, { company_id, company_carrier_id: cc.id }, body)}
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
  const company = useItem(getCompany, { company_id });
  const plan = useItem(getCompanyCarrierPlan, { company_id, company_carrier_id, company_carrier_plan_id });
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
              onSubmit={(body) => write(updateCompanyCarrierPlan, { company_id, company_carrier_id, company_carrier_plan_id: p.id }, body)}
            />
            {mayEdit && !p.inactive && (
              <PendingButton
                color="warning"
                sx={{ mt: 2 }}
                onClick={async () => {
                  const r = await write(deactivateCompanyCarrierPlan, { company_id, company_carrier_id, company_carrier_plan_id: p.id });
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
