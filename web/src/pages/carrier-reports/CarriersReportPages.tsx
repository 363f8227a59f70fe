import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import type { GridColDef } from '@mui/x-data-grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ChartPlaceholder } from '../../components/ChartPlaceholder';
import { useItem, type CarrierPlanStats } from '../../data/hierarchy';
import { PageTitle } from '../../layout/PageTitle';
import { EntityGrid } from '../hierarchy/EntityGrid';
import { LoadedOrPlan, StatCard } from '../hierarchy/common';

// The chart library comes after the page: the totals and the grid show without waiting for it, in
// a block of the chart's height so the grid does not move when it arrives.
const PlansByBenefitTypeChart = lazy(() => import('./PlansByBenefitTypeChart').then((m) => ({ default: m.PlansByBenefitTypeChart })));
const PLANS_CHART_HEIGHT = 280;

const carrierColumns: GridColDef<CarrierPlanStats['items'][number]>[] = [
  { field: 'carrier_name', headerName: 'Carrier', flex: 1, minWidth: 180 },
  { field: 'companies', headerName: 'Companies', type: 'number', width: 120 },
  { field: 'plans', headerName: 'Plans', type: 'number', width: 100 },
  { field: 'number_of_eligible', headerName: 'Eligible', type: 'number', width: 110 },
  { field: 'number_of_enrolled', headerName: 'Enrolled', type: 'number', width: 110 },
  {
    field: 'participation',
    headerName: 'Participation',
    width: 130,
    valueGetter: (_v, r) => (r.number_of_eligible ? Math.round((r.number_of_enrolled / r.number_of_eligible) * 100) : null),
    valueFormatter: (v) => (v === null || v === undefined ? '' : `${v}%`),
  },
];

/** The Carriers & Plans report: totals, plans per benefit type (chart) and a grid per carrier. */
function CarriersReport({ path, title }: { path: string; title: string }) {
  const stats = useItem<CarrierPlanStats>(path);
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <LoadedOrPlan result={stats}>
        {(s) => (
          <Stack spacing={3}>
            <Stack direction="row" spacing={2} sx={{ flexWrap: 'wrap', gap: 2 }}>
              <StatCard label="Carriers" value={s.totals.carriers} />
              <StatCard label="Companies" value={s.totals.companies} />
              <StatCard label="Plans" value={s.totals.plans} />
              <StatCard label="Eligible" value={s.totals.number_of_eligible} />
              <StatCard label="Enrolled" value={s.totals.number_of_enrolled} />
            </Stack>
            {s.benefit_types.length > 0 && (
              <Paper sx={{ p: 2 }}>
                <Typography variant="subtitle1">Plans by benefit type</Typography>
                <Suspense fallback={<ChartPlaceholder height={PLANS_CHART_HEIGHT} />}>
                  <PlansByBenefitTypeChart benefitTypes={s.benefit_types} height={PLANS_CHART_HEIGHT} />
                </Suspense>
              </Paper>
            )}
            <EntityGrid rows={s.items} columns={carrierColumns} getRowId={(r) => r.carrier_id} />
          </Stack>
        )}
      </LoadedOrPlan>
    </>
  );
}

export const AdminCarriersReportPage = () => <CarriersReport path="/api/admin/company_carrier_plans_stats" title="Carriers & Plans" />;

export function AgencyCarriersReportPage() {
  const { agency_id = '' } = useParams();
  return <CarriersReport path={`/api/agencies/${encodeURIComponent(agency_id)}/company_carrier_plans_stats`} title="Carriers & Plans" />;
}

export function OrganizationCarriersReportPage() {
  const { organization_id = '' } = useParams();
  return <CarriersReport path={`/api/organizations/${encodeURIComponent(organization_id)}/company_carrier_plans_stats`} title="Carriers & Plans" />;
}
