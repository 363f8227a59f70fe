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
import { useItem, type CarrierPlanStats } from '../../data/hierarchy';
import { PageTitle } from '../../layout/PageTitle';
import { LoadedOrPlan, StatCard } from '../hierarchy/common';
import { getAdminCarrierPlanStats, getAgencyCarrierPlanStats, getOrganization, getOrganizationCarrierPlanStats } from '../../../../shared/api/hierarchy';

// The grid and the chart are two views of the same figures, each downloaded when its tab is
// chosen: the grid library and the chart library never come together.
const CarriersGrid = lazy(() => import('./CarriersGrid').then((m) => ({ default: m.CarriersGrid })));
const PlansByBenefitTypeChart = lazy(() => import('./PlansByBenefitTypeChart').then((m) => ({ default: m.PlansByBenefitTypeChart })));
const PLANS_CHART_HEIGHT = 280;

/**
 * The Carriers & Plans report: totals, then a grid per carrier or a chart per benefit type. Without
 * a `scope` (the plan is known not to include carriers) it says so rather than ask for a refusal.
 */
function CarriersReport({ scope, title }: { scope: StatsScope | null; title: string }) {
  const stats = useCarrierPlanStats(scope);
  return (
    <>
      <PageTitle>{title}</PageTitle>
      {scope === null && <Alert severity="info">{PLAN_DOES_NOT_SUPPORT_CARRIERS}</Alert>}
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

/** Whose carriers and plans: the platform's, an agency's or an organization's (the same report at each level). */
type StatsScope = { level: 'admin' } | { level: 'agency'; agencyId: string } | { level: 'organization'; organizationId: string };

function useCarrierPlanStats(scope: StatsScope | null) {
  const admin = useItem(getAdminCarrierPlanStats, scope?.level === 'admin' ? {} : null);
  const agency = useItem(getAgencyCarrierPlanStats, scope?.level === 'agency' ? { agency_id: scope.agencyId } : null);
  const organization = useItem(getOrganizationCarrierPlanStats, scope?.level === 'organization' ? { organization_id: scope.organizationId } : null);
  return scope?.level === 'agency' ? agency : scope?.level === 'organization' ? organization : admin;
}

export const AdminCarriersReportPage = () => <CarriersReport scope={{ level: 'admin' }} title="Carriers & Plans" />;

export function AgencyCarriersReportPage() {
  const { agency_id = '' } = useParams();
  return <CarriersReport scope={{ level: 'agency', agencyId: agency_id }} title="Carriers & Plans" />;
}

export function OrganizationCarriersReportPage() {
  const { organization_id = '' } = useParams();
  const organization = useItem(getOrganization, { organization_id });
  if (!organization.data) return <LoadedOrPlan result={organization}>{() => null}</LoadedOrPlan>;
  const carriersOn = planIncludes(organization.data.plan, 'carriers');
  return <CarriersReport scope={carriersOn ? { level: 'organization', organizationId: organization_id } : null} title="Carriers & Plans" />;
}
