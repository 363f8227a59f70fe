import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { AWAITING_MATCH_CONFIRMATION } from '../../../../../shared/comparisons';
import { DiscrepancyType } from '../../../../../shared/discrepancies';
import { resultsListHref, useComparisonReport, type ComparisonReport } from '../../../data/compare-runs';
import { useComparison } from '../../../data/comparisons';
import { InvoiceMoneyPanel } from '../../invoices/InvoiceMoneyPanel';
import { ChangesSincePreviousCards } from './ChangesSincePreviousCards';
import { ReportCardGrid } from './ReportCardGrid';

export interface ViewReportsStepProps {
  /** Defaults to the route's :company_id and :comparison_id. */
  companyId?: string;
  comparisonId?: string;
  /** Opens another step of the comparison (the verify steps move the comparison on). */
  goTo?: (step: 'VERIFY_DISCREPANCIES' | 'VERIFY_MISSING_DATA') => void;
}

const n = (value: number) => value.toLocaleString('en-US');

function typeLabel(type: string): string {
  if (type === 'UNCLASSIFIED') return 'Other difference';
  return (DiscrepancyType.labels as Record<string, string>)[type] ?? type;
}

interface CardDef {
  key: string;
  title: string;
  value: number;
  detail?: string;
  href: string;
}

function cardsOf(report: ComparisonReport, companyId: string, comparisonId: string): CardDef[] {
  const c = report.cards!;
  const list = resultsListHref.bind(null, companyId, comparisonId);
  return [
    {
      key: 'discrepancies',
      title: 'Discrepancies',
      value: c.discrepancies,
      detail: `${n(c.discrepancies_unresolved)} to verify, ${n(c.discrepancies_resolved)} resolved`,
      href: list('discrepancies'),
    },
    { key: 'only_in_baseline', title: 'Only in baseline', value: c.only_in_baseline, detail: 'Enrolled but not billed', href: list('missing', { kind: 'MISSING_IN_SECONDARY' }) },
    { key: 'only_at_carrier', title: 'Only at carrier', value: c.only_at_carrier, detail: 'Billed but not enrolled', href: list('missing', { kind: 'MISSING_IN_BASELINE' }) },
    {
      key: 'duplicates',
      title: 'Duplicates',
      value: c.duplicates,
      detail: `${n(c.duplicates_in_baseline)} in baseline, ${n(c.duplicates_in_secondary)} at carrier`,
      href: list('missing', { kind: 'DUPLICATE' }),
    },
    { key: 'matched', title: 'Rows matched', value: c.matched, detail: 'Same identifier on both sides', href: list('discrepancies') },
  ];
}

/**
 * View reports step (UX "View reports"): summary cards, then bar charts by data point and by
 * kind, most serious first. Every card and bar opens the filtered list behind it, with the
 * filters in the URL; the charts have a list of the same links beside them for keyboards and
 * screen readers.
 */
export function ViewReportsStep(props: ViewReportsStepProps) {
  const params = useParams();
  const companyId = props.companyId ?? params.company_id;
  const comparisonId = props.comparisonId ?? params.comparison_id;
  const navigate = useNavigate();
  const { data: report, error, isLoading } = useComparisonReport(companyId, comparisonId);
  // An invoice reconciliation leads with its dollars; the counts follow.
  const { data: comparison } = useComparison(companyId, comparisonId);
  const isInvoice = comparison?.audit_type === 'INVOICE_RECONCILIATION';

  if (isLoading && !report) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label="Loading the report" />
      </Box>
    );
  }
  if (error && !report) return <Alert severity="error">{error.message}</Alert>;
  if (!report || !companyId || !comparisonId) return null;
  if (!report.has_results || !report.cards) {
    if (isInvoice) return <InvoiceMoneyPanel companyId={companyId} comparisonId={comparisonId} />;
    return <Alert severity="info">There are no results yet. Run the comparison in the Compare step first.</Alert>;
  }

  const cards = cardsOf(report, companyId, comparisonId);
  const byPoint = report.by_data_point.filter((p) => p.count > 0);
  const byKind = [
    ...report.by_type.map((t) => ({ key: t.type, label: typeLabel(t.type), count: t.count, href: resultsListHref(companyId, comparisonId, 'discrepancies', { type: t.type }) })),
    ...report.by_kind.map((k) => ({ key: k.kind, label: k.label, count: k.count, href: resultsListHref(companyId, comparisonId, 'missing', { kind: k.kind }) })),
  ].filter((k) => k.count > 0);
  const pointHref = (id: string) => resultsListHref(companyId, comparisonId, 'discrepancies', { data_point_id: id });
  const summary = report.summary;

  return (
    <Stack spacing={3}>
      {report.status === 'RUNNING' && <Alert severity="info">A new run is under way; these are the previous run's results.</Alert>}
      {report.status === 'FAILED' && <Alert severity="warning">The last run did not finish ({report.status_reason}); these are the results of the run before it.</Alert>}
      {report.status === AWAITING_MATCH_CONFIRMATION && (
        <Alert severity="info">The last run waits for you to confirm matches (Compare step); these are the results of the run before it.</Alert>
      )}

      {isInvoice && <InvoiceMoneyPanel companyId={companyId} comparisonId={comparisonId} />}
      {isInvoice && (
        <Typography variant="h6" component="h2">
          Findings
        </Typography>
      )}

      <ReportCardGrid cards={cards} />

      <ChangesSincePreviousCards companyId={companyId} comparisonId={comparisonId} runKey={report.results_run_id} />

      {summary && (
        <Typography variant="body2" color="text.secondary">
          {n(summary.baseline_rows)} baseline rows{report.baseline_file ? ` (${report.baseline_file.name})` : ''} and {n(summary.secondary_rows)} carrier rows
          {report.secondary_file ? ` (${report.secondary_file.name})` : ''} compared
          {report.finished_at ? ` on ${new Date(report.finished_at).toLocaleString()}` : ''}.
          {summary.blank_identifier_baseline + summary.blank_identifier_secondary > 0 &&
            ` ${n(summary.blank_identifier_baseline)} baseline and ${n(summary.blank_identifier_secondary)} carrier rows were skipped because their identifier is blank.`}
        </Typography>
      )}

      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        <ChartPanel
          title="Discrepancies by data point"
          empty="No data point differs."
          items={byPoint.map((p) => ({ key: p.data_point_id, label: p.baseline_column_name, count: p.count, href: pointHref(p.data_point_id) }))}
          onOpen={(href) => navigate(href)}
        />
        <ChartPanel title="Findings by kind" empty="Nothing to verify." items={byKind} onOpen={(href) => navigate(href)} />
      </Box>

      {props.goTo && report.status !== 'RUNNING' && (
        <Stack direction="row" spacing={2}>
          <Button variant="contained" onClick={() => props.goTo!('VERIFY_DISCREPANCIES')}>
            Verify discrepancies
          </Button>
          <Button variant="outlined" onClick={() => props.goTo!('VERIFY_MISSING_DATA')}>
            Verify missing data
          </Button>
        </Stack>
      )}
    </Stack>
  );
}

interface ChartItem {
  key: string;
  label: string;
  count: number;
  href: string;
}

function ChartPanel({ title, empty, items, onOpen }: { title: string; empty: string; items: ChartItem[]; onOpen: (href: string) => void }) {
  const id = `chart-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-labelledby={id}>
      <Typography id={id} variant="h6" component="h3" gutterBottom>
        {title}
      </Typography>
      {items.length === 0 ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        <>
          <Box aria-hidden="true">
            <BarChart
              height={Math.max(160, items.length * 34 + 60)}
              layout="horizontal"
              yAxis={[{ scaleType: 'band', data: items.map((i) => i.label), width: 170 }]}
              xAxis={[{ tickMinStep: 1 }]}
              series={[{ data: items.map((i) => i.count), label: 'Count' }]}
              hideLegend
              onItemClick={(_event, item) => {
                const target = items[item.dataIndex];
                if (target) onOpen(target.href);
              }}
              sx={{ cursor: 'pointer' }}
            />
          </Box>
          <Box component="ul" sx={{ m: 0, pl: 2, columns: 2 }}>
            {items.map((i) => (
              <li key={i.key}>
                <Link component={RouterLink} to={i.href}>
                  {i.label}: {n(i.count)}
                </Link>
              </li>
            ))}
          </Box>
        </>
      )}
    </Paper>
  );
}

