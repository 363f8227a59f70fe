import { useMemo } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { BarChart } from '@mui/x-charts/BarChart';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme, type Theme } from '@mui/material/styles';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import { Loaded } from '../../components/Loaded';
import { PLANNING_MONTHS, useRenewalPlanning, type PlanningCarrier, type PlanningMonth, type RenewalPlanning, type ReportScope } from '../../data/renewal-reports';
import { PageTitle } from '../../layout/PageTitle';
import { DownloadButton, EmptyReport, StepChip, renewalPath, useReportScope } from './report-parts';
import { addMonths, currentPeriod, formatDay, fromOptions, isPeriod, periodLabel, planningChart, planningStatus, PLANNING_STATUS_LABELS, type PlanningStatus } from './renewal-report-model';

const monthAnchor = (period: string) => `month-${period}`;
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

// Only what needs someone's attention is in a warning colour; what is simply ahead stays grey.
const statusColors = (theme: Theme): Record<PlanningStatus, string> => ({
  started: theme.palette.primary.main,
  due: theme.palette.warning.main,
  upcoming: theme.palette.grey[400],
  missed: theme.palette.error.main,
  off: theme.palette.grey[200],
});

/** Column widths shared by every month's table, so the months line up when read down the page. */
const COLUMN_WIDTHS = { organization: '14%', company: '14%', carrier: '12%', plans: '19%', eligible: '7%', enrolled: '7%', kickoff: '12%', renewal: '15%' };

/**
 * Renewal planning of a level: for the twelve months from the month in the URL, how many company
 * carriers renew and where their renewals stand (chart), then each month's carriers with their
 * plans, people covered, kickoff date and renewal.
 */
export function RenewalPlanningReport({ level }: { level: ReportScope['level'] }) {
  const scope = useReportScope(level);
  const [search, setSearch] = useSearchParams();
  const today = new Date().toISOString().slice(0, 10);
  const current = currentPeriod();
  const asked = search.get('from');
  const from = isPeriod(asked) ? asked : current;
  const planning = useRenewalPlanning(scope, from);
  const setFrom = (period: string) =>
    setSearch((prev) => {
      const next = new URLSearchParams(prev);
      if (period === current) next.delete('from');
      else next.set('from', period);
      return next;
    });
  const stale = planning.data !== undefined && planning.data.from !== from;

  return (
    <>
      <PageTitle>Renewal Planning</PageTitle>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 2 }}>
        <IconButton aria-label="Previous month" onClick={() => setFrom(addMonths(from, -1))}>
          <ChevronLeft />
        </IconButton>
        <TextField select size="small" label="From" value={from} onChange={(e) => setFrom(e.target.value)} sx={{ minWidth: 180 }}>
          {fromOptions(current, from).map((p) => (
            <MenuItem key={p} value={p}>
              {periodLabel(p)}
            </MenuItem>
          ))}
        </TextField>
        <IconButton aria-label="Next month" onClick={() => setFrom(addMonths(from, 1))}>
          <ChevronRight />
        </IconButton>
        <Typography variant="body2" color="text.secondary">
          {PLANNING_MONTHS} months, to {periodLabel(addMonths(from, PLANNING_MONTHS - 1))}
        </Typography>
        <Stack sx={{ ml: 'auto' }}>
          <DownloadButton scope={scope} read="planningWorkbook" query={{ from, months: PLANNING_MONTHS }} />
        </Stack>
      </Stack>
      {stale && <LinearProgress aria-label="Reading the months" sx={{ mb: 1 }} />}
      <Loaded result={planning}>{(p) => <PlanningBody planning={p} today={today} showOrganization={level !== 'organization'} />}</Loaded>
    </>
  );
}

function PlanningBody({ planning, today, showOrganization }: { planning: RenewalPlanning; today: string; showOrganization: boolean }) {
  const chart = useMemo(() => planningChart(planning, today), [planning, today]);
  const colors = statusColors(useTheme());
  const carriers = planning.months.reduce((n, m) => n + m.totals.company_carriers, 0);
  const started = planning.months.reduce((n, m) => n + m.totals.renewals_started, 0);
  const due = planning.months.reduce((n, m) => n + m.totals.kickoffs_due, 0);

  if (carriers === 0) {
    return (
      <EmptyReport title="Nothing renews in these months">
        No active company carrier has its renewal month between {periodLabel(planning.from)} and{' '}
        {periodLabel(addMonths(planning.from, planning.months.length - 1))}. A company carrier needs a renewal month to appear here.
      </EmptyReport>
    );
  }

  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="planning-chart">
        <Typography variant="subtitle1" component="h2" id="planning-chart">
          Company carriers renewing per month
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {plural(carriers, 'company carrier')} renewing; {plural(started, 'renewal')} started, {plural(due, 'kickoff')} due. Click a bar to go to its month.
        </Typography>
        <BarChart
          height={300}
          xAxis={[{ scaleType: 'band', data: chart.labels }]}
          yAxis={[{ tickMinStep: 1, label: 'Company carriers' }]}
          series={chart.series.map((s) => ({ id: s.status, data: s.data, label: s.label, stack: 'status', color: colors[s.status] }))}
          onItemClick={(_event, item) => {
            const period = chart.periods[item.dataIndex];
            if (period) document.getElementById(monthAnchor(period))?.scrollIntoView({ behavior: 'smooth', block: 'start' });
          }}
        />
      </Paper>
      {planning.months.map((month) => (
        <MonthSection key={month.period} month={month} today={today} showOrganization={showOrganization} />
      ))}
    </Stack>
  );
}

function MonthSection({ month, today, showOrganization }: { month: PlanningMonth; today: string; showOrganization: boolean }) {
  const headingId = `${monthAnchor(month.period)}-title`;
  const t = month.totals;
  const empty = month.company_carriers.length === 0;
  return (
    <Paper variant="outlined" component="section" id={monthAnchor(month.period)} aria-labelledby={headingId} sx={{ px: 2, py: empty ? 1 : 2, scrollMarginTop: 80 }}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 1.5, rowGap: 0.5, alignItems: 'baseline', mb: empty ? 0 : 1 }}>
        <Typography variant={empty ? 'subtitle1' : 'h6'} component="h2" id={headingId}>
          {periodLabel(month.period)}
        </Typography>
        {empty ? (
          <Typography variant="body2" color="text.secondary">
            Nothing renews this month.
          </Typography>
        ) : (
          <Typography variant="body2" color="text.secondary">
            effective {formatDay(month.effective_date)} · {plural(t.company_carriers, 'company carrier')} · {plural(t.plans, 'plan')} · {t.eligible} eligible ·{' '}
            {t.enrolled} enrolled · {t.renewals_started} started
            {t.kickoffs_due > 0 && ` · ${plural(t.kickoffs_due, 'kickoff')} due`}
          </Typography>
        )}
      </Stack>
      {!empty && (
        <TableContainer>
          <Table size="small" aria-labelledby={headingId} sx={{ tableLayout: 'fixed', minWidth: 900 }}>
            <colgroup>
              {showOrganization && <col style={{ width: COLUMN_WIDTHS.organization }} />}
              <col style={{ width: COLUMN_WIDTHS.company }} />
              <col style={{ width: COLUMN_WIDTHS.carrier }} />
              <col style={{ width: COLUMN_WIDTHS.plans }} />
              <col style={{ width: COLUMN_WIDTHS.eligible }} />
              <col style={{ width: COLUMN_WIDTHS.enrolled }} />
              <col style={{ width: COLUMN_WIDTHS.kickoff }} />
              <col style={{ width: COLUMN_WIDTHS.renewal }} />
            </colgroup>
            <TableHead>
              <TableRow>
                {showOrganization && <TableCell>Organization</TableCell>}
                <TableCell>Company</TableCell>
                <TableCell>Carrier</TableCell>
                <TableCell>Plans</TableCell>
                <TableCell align="right">Eligible</TableCell>
                <TableCell align="right">Enrolled</TableCell>
                <TableCell>Kickoff</TableCell>
                <TableCell>Renewal</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {month.company_carriers.map((carrier) => (
                <CarrierRow key={carrier.company_carrier_id} carrier={carrier} today={today} showOrganization={showOrganization} />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}

function CarrierRow({ carrier, today, showOrganization }: { carrier: PlanningCarrier; today: string; showOrganization: boolean }) {
  const status = planningStatus(carrier, today);
  const companyPath = `/companies/${encodeURIComponent(carrier.company_id)}`;
  return (
    <TableRow>
      {showOrganization && <TableCell>{carrier.organization_name}</TableCell>}
      <TableCell>
        <Link component={RouterLink} to={companyPath}>
          {carrier.company_name}
        </Link>
      </TableCell>
      <TableCell>
        <Link component={RouterLink} to={`${companyPath}/company-carriers/${encodeURIComponent(carrier.company_carrier_id)}`}>
          {carrier.carrier_name}
        </Link>
      </TableCell>
      <TableCell>
        {carrier.plans.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No active plans
          </Typography>
        ) : (
          <>
            <Typography variant="body2">{plural(carrier.plans.length, 'plan')}</Typography>
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
              {carrier.plans.map((p) => p.name).join(', ')}
            </Typography>
          </>
        )}
      </TableCell>
      <TableCell align="right">{carrier.eligible}</TableCell>
      <TableCell align="right">{carrier.enrolled}</TableCell>
      <TableCell>
        <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <span title={`${carrier.renewal_kickoff_days_in_advance} days before the effective date`}>{formatDay(carrier.kickoff_date)}</span>
          {status === 'due' && <Chip size="small" color="warning" label="Kickoff due" />}
        </Stack>
      </TableCell>
      <TableCell>
        {carrier.renewal ? (
          <Stack direction="row" sx={{ gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <StepChip step={carrier.renewal.step} to={renewalPath(carrier.company_id, carrier.renewal.id)} />
            {carrier.renewal.overdue && <Chip size="small" color="error" label="Overdue" />}
          </Stack>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {status === 'off' ? PLANNING_STATUS_LABELS.off : 'Not started'}
          </Typography>
        )}
      </TableCell>
    </TableRow>
  );
}
