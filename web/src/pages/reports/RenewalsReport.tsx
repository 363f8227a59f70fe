import { lazy, Suspense, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Month } from '../../../../shared/carriers';
import { RenewalStep } from '../../../../shared/renewals';
import { Loaded } from '../../components/Loaded';
import { ChartPlaceholder } from '../../components/ChartPlaceholder';
import { LoadingBlock } from '../../components/LoadingBlock';
import { ViewTabs, withView } from '../../components/ViewTabs';
import { useAllOrganizations } from '../../data/organizations';
import { useEveryRenewal, type RenewalFilters, type RenewalRow, type ReportScope } from '../../data/renewal-reports';
import { PageTitle } from '../../layout/PageTitle';
import { useCurrentUser } from '../../auth/current-user';
import { DownloadButton, EmptyReport, ReportCardLink, useReportScope } from './report-parts';
import {
  companyOptions,
  filtersFromSearch,
  monthStepChart,
  renewalCards,
  RENEWAL_STATES,
  rowMatches,
  sameFilters,
  searchOfFilters,
  yearOptions,
} from './renewal-report-model';

// The list and the chart are two views of the renewals, each downloaded when its tab is chosen:
// the grid library and the chart library never come together. In the chart's tab, a block of the
// chart's height holds its place until its code arrives.
const RenewalsGrid = lazy(() => import('./RenewalsGrid').then((m) => ({ default: m.RenewalsGrid })));
const MonthStepBarChart = lazy(() => import('./MonthStepBarChart').then((m) => ({ default: m.MonthStepBarChart })));
const MONTH_STEP_CHART_HEIGHT = 300;

/**
 * The renewals report of a level (platform, agency, organization): stat cards counted over every
 * renewal in scope, then either the list itself, read page by page from the API with the filters
 * the URL holds (so a filtered report can be linked and downloaded as it is shown), or a chart
 * of the renewals by month and step whose bars open the list behind them.
 */
export function RenewalsReport({ level }: { level: ReportScope['level'] }) {
  const scope = useReportScope(level);
  const every = useEveryRenewal(scope);
  return (
    <>
      <PageTitle>Renewals</PageTitle>
      <Loaded result={every}>{(rows) => <RenewalsReportBody scope={scope} rows={rows} />}</Loaded>
    </>
  );
}

function RenewalsReportBody({ scope, rows }: { scope: ReportScope; rows: RenewalRow[] }) {
  const me = useCurrentUser();
  const [search, setSearch] = useSearchParams();
  const filters = useMemo(() => filtersFromSearch(search), [search]);
  const currentYear = new Date().getUTCFullYear();
  const showOrganization = scope.level !== 'organization';
  const organizations = useAllOrganizations(me, null, showOrganization);
  const organizationNames = useMemo(() => new Map(organizations.items.map((o) => [o.id, String(o.name)])), [organizations.items]);

  const cards = useMemo(() => renewalCards(rows, currentYear), [rows, currentYear]);
  const setFilters = (next: RenewalFilters) => setSearch(searchOfFilters(next, search));

  if (rows.length === 0) {
    return (
      <EmptyReport title="No renewals yet">
        A renewal appears here once it is started: by the daily kickoff when a company carrier's kickoff date comes, or by hand from a company's Carriers &amp;
        Renewals page.
      </EmptyReport>
    );
  }

  return (
    <Stack spacing={3}>
      <Stack spacing={1.5} component="nav" aria-label="Renewal counts">
        {(['total', 'step'] as const).map((group) => (
          <Stack key={group} spacing={1}>
            {group === 'step' && (
              <Typography variant="subtitle2" component="h2" color="text.secondary">
                Open renewals by step
              </Typography>
            )}
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: group === 'total' ? 2 : 1 }}>
              {cards
                .filter((card) => card.group === group)
                .map((card) => (
                  <ReportCardLink
                    key={card.key}
                    label={card.label}
                    caption={card.caption}
                    count={card.count}
                    tone={card.tone}
                    compact={group === 'step'}
                    selected={sameFilters(card.filters, filters)}
                    to={`?${searchOfFilters(card.filters, withoutFilters(search)).toString()}`}
                  />
                ))}
            </Stack>
          </Stack>
        ))}
      </Stack>
      <FilterBar rows={rows} filters={filters} currentYear={currentYear} onChange={setFilters} scope={scope} />
      <ViewTabs
        label="Renewal views"
        views={[
          {
            value: 'list',
            label: 'List',
            content: (
              <RenewalsGrid
                // A new set of filters starts again from the first page (cursors belong to one query).
                key={searchOfFilters(filters).toString()}
                scope={scope}
                filters={filters}
                organizationNames={showOrganization ? organizationNames : null}
              />
            ),
            fallback: <LoadingBlock height={400} label="Loading the list" />,
          },
          {
            value: 'chart',
            label: 'Chart',
            // A bar's renewals are in the list: its filters are set and the list shown, in one step.
            content: <MonthStepChartPanel rows={rows} filters={filters} onOpen={(next) => setSearch(withView(searchOfFilters(next, search), null))} />,
          },
        ]}
      />
    </Stack>
  );
}

const withoutFilters = (search: URLSearchParams) => searchOfFilters({}, search);

function FilterBar({
  rows,
  filters,
  currentYear,
  onChange,
  scope,
}: {
  rows: RenewalRow[];
  filters: RenewalFilters;
  currentYear: number;
  onChange: (filters: RenewalFilters) => void;
  scope: ReportScope;
}) {
  const years = yearOptions(rows, currentYear, filters.year);
  const companies = companyOptions(rows, filters.company_id);
  const set = <K extends keyof RenewalFilters>(key: K, value: string) =>
    onChange({ ...filters, [key]: value === '' ? undefined : key === 'year' ? Number(value) : value });
  const any = Object.values(filters).some((v) => v !== undefined);
  // The empty choice reads "All years" and so on, rather than an empty box under its label.
  const selectProps = { slotProps: { inputLabel: { shrink: true }, select: { displayEmpty: true } } } as const;
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }} role="search" aria-label="Filter renewals">
      <TextField select size="small" {...selectProps} label="Year" value={filters.year ?? ''} onChange={(e) => set('year', e.target.value)} sx={{ minWidth: 110 }}>
        <MenuItem value="">All years</MenuItem>
        {years.map((y) => (
          <MenuItem key={y} value={y}>
            {y}
          </MenuItem>
        ))}
      </TextField>
      <TextField select size="small" {...selectProps} label="Month" value={filters.month ?? ''} onChange={(e) => set('month', e.target.value)} sx={{ minWidth: 140 }}>
        <MenuItem value="">All months</MenuItem>
        {Month.options.map((m) => (
          <MenuItem key={m.value} value={m.value}>
            {m.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField select size="small" {...selectProps} label="Step" value={filters.step ?? ''} onChange={(e) => set('step', e.target.value)} sx={{ minWidth: 200 }}>
        <MenuItem value="">All steps</MenuItem>
        {RenewalStep.options.map((s) => (
          <MenuItem key={s.value} value={s.value}>
            {s.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField select size="small" {...selectProps} label="State" value={filters.state ?? ''} onChange={(e) => set('state', e.target.value)} sx={{ minWidth: 130 }}>
        <MenuItem value="">Any state</MenuItem>
        {RENEWAL_STATES.map((s) => (
          <MenuItem key={s.value} value={s.value}>
            {s.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField select size="small" {...selectProps} label="Company" value={filters.company_id ?? ''} onChange={(e) => set('company_id', e.target.value)} sx={{ minWidth: 220 }}>
        <MenuItem value="">All companies</MenuItem>
        {companies.map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.name}
          </MenuItem>
        ))}
      </TextField>
      {any && (
        <Button onClick={() => onChange({})} size="small">
          Clear filters
        </Button>
      )}
      <Stack sx={{ ml: 'auto' }}>
        <DownloadButton scope={scope} read="renewalsWorkbook" query={{ ...filters }} />
      </Stack>
    </Stack>
  );
}

function MonthStepChartPanel({ rows, filters, onOpen }: { rows: RenewalRow[]; filters: RenewalFilters; onOpen: (filters: RenewalFilters) => void }) {
  const chart = useMemo(() => monthStepChart(rows, filters), [rows, filters]);
  const matching = useMemo(() => rows.filter((r) => rowMatches(r, filters)).length, [rows, filters]);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="renewals-by-month">
      <Typography variant="subtitle1" component="h2" id="renewals-by-month">
        Renewals by renewal month and step
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {matching === rows.length ? `All ${rows.length} renewals in this report.` : `${matching} of ${rows.length} renewals match the filters.`}
        {matching > 0 && ' Click a bar to list its renewals.'}
      </Typography>
      {matching === 0 ? (
        <Typography variant="body2" sx={{ py: 4, textAlign: 'center' }}>
          No renewals match these filters.
        </Typography>
      ) : (
        <Suspense fallback={<ChartPlaceholder height={MONTH_STEP_CHART_HEIGHT} />}>
          <MonthStepBarChart chart={chart} filters={filters} height={MONTH_STEP_CHART_HEIGHT} onOpen={onOpen} />
        </Suspense>
      )}
    </Paper>
  );
}
