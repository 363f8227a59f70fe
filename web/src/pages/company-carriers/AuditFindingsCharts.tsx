import Stack from '@mui/material/Stack';
import { BarChart } from '@mui/x-charts/BarChart';
import type { CarrierAudit } from '../../data/changes-since';

const count = (v: number | null) => (v === null ? '' : v.toLocaleString('en-US'));

/**
 * A company carrier's audits side by side: the findings of each by kind (stacked), then what each
 * found against the audit before it: new, still open and fixed.
 */
export function AuditFindingsCharts({ items, height }: { items: readonly CarrierAudit[]; height: number }) {
  const names = items.map((i) => i.name);
  return (
    <Stack spacing={2}>
      <BarChart
        height={height}
        xAxis={[{ scaleType: 'band', data: names }]}
        series={[
          { data: items.map((i) => i.discrepancies), label: 'Discrepancies', stack: 'kind', valueFormatter: count },
          { data: items.map((i) => i.only_in_baseline), label: 'Only in baseline', stack: 'kind', valueFormatter: count },
          { data: items.map((i) => i.only_at_carrier), label: 'Only at carrier', stack: 'kind', valueFormatter: count },
          { data: items.map((i) => i.duplicates), label: 'Duplicates', stack: 'kind', valueFormatter: count },
        ]}
      />
      <BarChart
        height={height}
        xAxis={[{ scaleType: 'band', data: names }]}
        series={[
          { data: items.map((i) => i.changes?.still_open ?? null), label: 'Still open', stack: 'open', valueFormatter: count },
          { data: items.map((i) => i.changes?.new ?? null), label: 'New', stack: 'open', valueFormatter: count },
          { data: items.map((i) => i.changes?.fixed ?? null), label: 'Fixed', valueFormatter: count },
        ]}
      />
    </Stack>
  );
}
