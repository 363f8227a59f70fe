import { BarChart } from '@mui/x-charts/BarChart';
import { BenefitType } from '../../../../shared/carriers';
import type { CarrierPlanStats } from '../../data/hierarchy';

/** The number of plans of each benefit type, one bar each. */
export function PlansByBenefitTypeChart({ benefitTypes, height }: { benefitTypes: CarrierPlanStats['benefit_types']; height: number }) {
  return (
    <BarChart
      height={height}
      xAxis={[{ scaleType: 'band', data: benefitTypes.map((b) => BenefitType.label(b.benefit_type)) }]}
      series={[{ data: benefitTypes.map((b) => b.plans), label: 'Plans' }]}
    />
  );
}
