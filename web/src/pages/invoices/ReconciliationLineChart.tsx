import { LineChart } from '@mui/x-charts/LineChart';
import { formatUsd, type CarrierReconciliation } from '../../data/invoices';
import { periodLabel } from './invoice-dates';

const usd = (v: number | null) => (v === null ? '' : formatUsd(v));

/** Billed, expected, credits claimed and recovered of each reconciled period, as lines. */
export function ReconciliationLineChart({ items, height }: { items: readonly CarrierReconciliation[]; height: number }) {
  return (
    <LineChart
      height={height}
      xAxis={[{ scaleType: 'point', data: items.map((i) => periodLabel(i.billing_period)) }]}
      yAxis={[{ valueFormatter: (v: number) => formatUsd(v), width: 90 }]}
      series={[
        { data: items.map((i) => i.billed), label: 'Billed', valueFormatter: usd },
        { data: items.map((i) => i.expected), label: 'Expected', valueFormatter: usd },
        { data: items.map((i) => i.claimed), label: 'Credits claimed', valueFormatter: usd },
        { data: items.map((i) => i.recovered), label: 'Recovered', valueFormatter: usd },
      ]}
    />
  );
}
