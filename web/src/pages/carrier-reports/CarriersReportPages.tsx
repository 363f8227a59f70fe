import { useParams } from 'react-router';
import type { GridColDef } from '@mui/x-data-grid';
import { BarChart } from '@mui/x-charts/BarChart';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BenefitType } from '../../../../shared/carriers';
import { useItem, type CarrierPlanStats } from '../../data/hierarchy';
import { PageTitle } from '../../layout/PageTitle';
import { EntityGrid } from '../hierarchy/EntityGrid';
import { LoadedOrPlan, StatCard } from '../hierarchy/common';

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
                <BarChart
                  height={280}
                  xAxis={[{ scaleType: 'band', data: s.benefit_types.map((b) => BenefitType.label(b.benefit_type)) }]}
                  series={[{ data: s.benefit_types.map((b) => b.plans), label: 'Plans' }]}
                />
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
