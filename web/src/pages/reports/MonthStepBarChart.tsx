import { BarChart } from '@mui/x-charts/BarChart';
import type { RenewalFilters } from '../../data/renewal-reports';
import { filtersForBar, type MonthStepChart } from './renewal-report-model';

/** The renewals by renewal month, stacked by step; a click on a bar lists that bar's renewals. */
export function MonthStepBarChart({
  chart,
  filters,
  height,
  onOpen,
}: {
  chart: MonthStepChart;
  filters: RenewalFilters;
  height: number;
  onOpen: (filters: RenewalFilters) => void;
}) {
  return (
    <BarChart
      height={height}
      // Few months would make bars as wide as the page.
      xAxis={[{ scaleType: 'band', data: chart.labels, categoryGapRatio: chart.labels.length < 4 ? 0.7 : 0.3 }]}
      yAxis={[{ tickMinStep: 1, label: 'Renewals' }]}
      series={chart.series.map((s) => ({ id: s.step, data: s.data, label: s.label, stack: 'steps' }))}
      onItemClick={(_event, item) => {
        const next = filtersForBar(
          chart,
          filters,
          chart.series.findIndex((s) => s.step === item.seriesId),
          item.dataIndex,
        );
        if (next) onOpen(next);
      }}
    />
  );
}
