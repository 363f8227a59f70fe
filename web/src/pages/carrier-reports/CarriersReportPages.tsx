import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ChartPlaceholder } from '../../components/ChartPlaceholder';
import { LoadingBlock } from '../../components/LoadingBlock';
import { ViewTabs } from '../../components/ViewTabs';
import { PLAN_DOES_NOT_SUPPORT_CARRIERS } from '../../../../shared/messages';
import { planIncludes } from '../../../../shared/plans';
import { paths, useItem, type CarrierPlanStats, type Organization } from '../../data/hierarchy';
import { PageTitle } from '../../layout/PageTitle';
import { LoadedOrPlan, StatCard } from '../hierarchy/common';

// The grid and the chart are two views of the same figures, each downloaded when its tab is
// chosen: the grid library and the chart library never come together.
const CarriersGrid = lazy(() => import('./CarriersGrid').then((m) => ({ default: m.CarriersGrid })));
const PlansByBenefitTypeChart = lazy(() => import('./PlansByBenefitTypeChart').then((m) => ({ default: m.PlansByBenefitTypeChart })));
const PLANS_CHART_HEIGHT = 280;

/**
 * The Carriers & Plans report: totals, then a grid per carrier or a chart per benefit type. Without
 * a `path` (the plan is known not to include carriers) it says so rather than ask for a refusal.
 */
function CarriersReport({ path, title }: { path: string | null; title: string }) {
  const stats = useItem<CarrierPlanStats>(path);
  return (
    <>
      <PageTitle>{title}</PageTitle>
      {path === null && <Alert severity="info">{PLAN_DOES_NOT_SUPPORT_CARRIERS}</Alert>}
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
            <ViewTabs
              label="Carriers & Plans views"
              views={[
                {
                  value: 'carriers',
                  label: 'By carrier',
                  content: <CarriersGrid rows={s.items} />,
                  fallback: <LoadingBlock height={400} label="Loading the list" />,
                },
                {
                  value: 'benefit-types',
                  label: 'By benefit type',
                  content: <PlansByBenefitTypePanel benefitTypes={s.benefit_types} />,
                },
              ]}
            />
          </Stack>
        )}
      </LoadedOrPlan>
    </>
  );
}

/** The plans counted per benefit type, in a block of the chart's height until its code arrives. */
function PlansByBenefitTypePanel({ benefitTypes }: { benefitTypes: CarrierPlanStats['benefit_types'] }) {
  return (
    <Paper sx={{ p: 2 }}>
      <Typography variant="subtitle1">Plans by benefit type</Typography>
      {benefitTypes.length === 0 ? (
        <Typography color="text.secondary">No plan to count yet.</Typography>
      ) : (
        <Suspense fallback={<ChartPlaceholder height={PLANS_CHART_HEIGHT} />}>
          <PlansByBenefitTypeChart benefitTypes={benefitTypes} height={PLANS_CHART_HEIGHT} />
        </Suspense>
      )}
    </Paper>
  );
}

export const AdminCarriersReportPage = () => <CarriersReport path="/api/admin/company_carrier_plans_stats" title="Carriers & Plans" />;

export function AgencyCarriersReportPage() {
  const { agency_id = '' } = useParams();
  return <CarriersReport path={`/api/agencies/${encodeURIComponent(agency_id)}/company_carrier_plans_stats`} title="Carriers & Plans" />;
}

export function OrganizationCarriersReportPage() {
  const { organization_id = '' } = useParams();
  const organization = useItem<Organization>(paths.organization(organization_id));
  if (!organization.data) return <LoadedOrPlan result={organization}>{() => null}</LoadedOrPlan>;
  const carriersOn = planIncludes(organization.data.plan, 'carriers');
  return <CarriersReport path={carriersOn ? paths.orgSub(organization_id, 'company_carrier_plans_stats') : null} title="Carriers & Plans" />;
}
