import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { BenefitType, Month } from '../../../../shared/carriers';
import { AuditType, ComparisonStep } from '../../../../shared/comparisons';
import { firstOfMonth } from '../../../../shared/renewal-calendar';
import { RenewalStep } from '../../../../shared/renewals';
import { errorMessage, isApiError } from '../../api/errors';
import { useComparisonReport } from '../../data/compare-runs';
import { useCompanyComparisons, type ComparisonListItem } from '../../data/comparisons';
import { useList, type Company, type CompanyCarrier } from '../../data/hierarchy';
import { useCompanyRenewals, type RenewalRow } from '../../data/renewals';
import { TimingChip } from '../renewals/renewal-parts';
import { RowLink, StatCard } from '../hierarchy/common';
import { listCarriers, listCompanyCarrierPlans, listCompanyCarriers } from '../../../../shared/api/hierarchy';

/** How many comparisons and renewals the overview lists; the full lists are one link away. */
const RECENT = 5;
/** Open renewals of one company are few; this is far more than a company has at once. */
const OPEN_RENEWALS_LIMIT = 200;

const today = () => new Date().toISOString().slice(0, 10);

/** The next first day of the carrier's renewal month after today (yyyy-MM-dd), or null without a month. */
export function nextRenewalDate(month: string | null | undefined, on = today()): string | null {
  if (!month || !Month.is(month)) return null;
  const year = Number(on.slice(0, 4));
  for (const candidate of [year, year + 1]) {
    const date = firstOfMonth(candidate, month);
    if (date > on) return date;
  }
  return null;
}

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-label={title}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}

const When = ({ at }: { at: string | null | undefined }) => <>{at ? at.slice(0, 10) : '—'}</>;

/** A count over a list read up to its cap: "n+" when the list went on past it. */
const atLeast = (n: number, more: boolean) => (more ? `${n.toLocaleString('en-US')}+` : n);

/** The company's landing page (UX "Overviews"): carriers and plans, recent comparisons, renewals. */
export function CompanyOverview({ company, carriersOn }: { company: Company; carriersOn: boolean }) {
  const carriers = useList(listCompanyCarriers, carriersOn ? { company_id: company.id } : null);
  const carrierNames = useList(listCarriers, {});
  const names = new Map(carrierNames.items.map((c) => [c.id, c.name]));
  const comparisons = useCompanyComparisons(company.id);
  const renewals = useCompanyRenewals(company.id, { state: 'open', limit: OPEN_RENEWALS_LIMIT });

  const activeCarriers = carriers.items.filter((c) => !c.inactive).sort((a, b) => (names.get(a.carrier_id) ?? '').localeCompare(names.get(b.carrier_id) ?? ''));
  const allComparisons = comparisons.data?.items ?? [];
  const inProgress = allComparisons.filter((c) => c.step !== 'COMPLETE');
  const openRenewals = [...(renewals.data?.items ?? [])].sort((a, b) => a.effective_date.localeCompare(b.effective_date));
  const overdue = openRenewals.filter((r) => r.overdue);
  const carrierName = (id: string | null | undefined) => (id ? (names.get(carriers.items.find((c) => c.id === id)?.carrier_id ?? '') ?? '') : '');
  const base = `/companies/${company.id}`;
  const plansOff = isApiError(carriers.error) && carriers.error.status === 403;

  return (
    <Stack spacing={3}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 2 }}>
        {carriersOn && !plansOff && <StatCard label="Carriers" value={carriers.data ? atLeast(activeCarriers.length, carriers.truncated) : '…'} to={`${base}/company-carriers`} />}
        <StatCard label="Comparisons in progress" value={comparisons.data ? atLeast(inProgress.length, !!comparisons.data.next) : '…'} to={`${base}/comparisons`} />
        <StatCard label="Open renewals" value={renewals.data ? openRenewals.length : '…'} to={`${base}/renewals?state=open`} />
        <StatCard label="Overdue renewals" value={renewals.data ? overdue.length : '…'} to={`${base}/renewals?state=overdue`} />
      </Stack>

      <Section
        title="Carriers and plans"
        action={
          <Button component={RouterLink} to={`${base}/company-carriers`}>
            Carriers &amp; Renewals
          </Button>
        }
      >
        {!carriersOn || plansOff ? (
          <Alert severity="info">{plansOff ? errorMessage(carriers.error) : "The organization's plan does not include carriers."}</Alert>
        ) : carriers.isLoading ? (
          <LinearProgress aria-label="Loading carriers" />
        ) : carriers.error ? (
          <Alert severity="error">{errorMessage(carriers.error)}</Alert>
        ) : activeCarriers.length === 0 ? (
          <Typography color="text.secondary">No carriers yet.</Typography>
        ) : (
          <Table size="small" aria-label="Carriers and plans">
            <TableHead>
              <TableRow>
                <TableCell>Carrier</TableCell>
                <TableCell>Group</TableCell>
                <TableCell>Plans</TableCell>
                <TableCell>Effective</TableCell>
                <TableCell>Next renewal</TableCell>
                <TableCell>Ends</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {activeCarriers.map((cc) => (
                <CarrierRow key={cc.id} companyId={company.id} carrier={cc} name={names.get(cc.carrier_id) ?? '…'} />
              ))}
            </TableBody>
          </Table>
        )}
      </Section>

      <Section
        title="Recent comparisons"
        action={
          <Button component={RouterLink} to={`${base}/comparisons`}>
            All comparisons
          </Button>
        }
      >
        {comparisons.isLoading ? (
          <LinearProgress aria-label="Loading comparisons" />
        ) : comparisons.error ? (
          <Alert severity="error">{errorMessage(comparisons.error)}</Alert>
        ) : allComparisons.length === 0 ? (
          <Typography color="text.secondary">No comparisons yet.</Typography>
        ) : (
          <Table size="small" aria-label="Recent comparisons">
            <TableHead>
              <TableRow>
                <TableCell>Comparison</TableCell>
                <TableCell>Carrier</TableCell>
                <TableCell>Audit type</TableCell>
                <TableCell>Created</TableCell>
                <TableCell>Step</TableCell>
                <TableCell>Open findings</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {allComparisons.slice(0, RECENT).map((c) => (
                <ComparisonRow key={c.id} comparison={c} carrier={carrierName(c.company_carrier_id)} />
              ))}
            </TableBody>
          </Table>
        )}
      </Section>

      <Section
        title="Upcoming renewals"
        action={
          <Button component={RouterLink} to={`${base}/renewals`}>
            All renewals
          </Button>
        }
      >
        {renewals.isLoading ? (
          <LinearProgress aria-label="Loading renewals" />
        ) : renewals.error ? (
          <Alert severity="error">{errorMessage(renewals.error)}</Alert>
        ) : openRenewals.length === 0 ? (
          <Typography color="text.secondary">No open renewals.</Typography>
        ) : (
          <>
            {overdue.length > 0 && (
              <Alert severity="warning" sx={{ mb: 1 }}>
                {overdue.length === 1 ? '1 renewal is' : `${overdue.length} renewals are`} past the go-live date and not finished.
              </Alert>
            )}
            <Table size="small" aria-label="Upcoming renewals">
              <TableHead>
                <TableRow>
                  <TableCell>Carrier</TableCell>
                  <TableCell>Renewal month</TableCell>
                  <TableCell>Step</TableCell>
                  <TableCell>Owners</TableCell>
                  <TableCell>Timing</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {openRenewals.slice(0, RECENT).map((r) => (
                  <RenewalLine key={r.id} companyId={company.id} renewal={r} />
                ))}
              </TableBody>
            </Table>
          </>
        )}
      </Section>
    </Stack>
  );
}

function CarrierRow({ companyId, carrier, name }: { companyId: string; carrier: CompanyCarrier; name: string }) {
  const plans = useList(listCompanyCarrierPlans, { company_id: companyId, company_carrier_id: carrier.id });
  const active = plans.items.filter((p) => !p.inactive).sort((a, b) => a.name.localeCompare(b.name));
  const next = carrier.disable_renewals ? null : nextRenewalDate(carrier.renewal_month);
  return (
    <TableRow>
      <TableCell>
        <RowLink to={`/companies/${companyId}/company-carriers/${carrier.id}`}>{name}</RowLink>
      </TableCell>
      <TableCell>{carrier.group_number ?? ''}</TableCell>
      <TableCell>
        {plans.isLoading
          ? '…'
          : active.length === 0
            ? 'No plans'
            : active.map((p) => (
                <div key={p.id}>
                  {p.name} <Typography component="span" variant="caption" color="text.secondary">({BenefitType.label(p.benefit_type)})</Typography>
                </div>
              ))}
      </TableCell>
      <TableCell>
        <When at={carrier.inception_date} />
      </TableCell>
      <TableCell>{carrier.disable_renewals ? 'Renewals off' : next ? `${next} (${Month.label(carrier.renewal_month)})` : '—'}</TableCell>
      <TableCell>
        <When at={carrier.end_date} />
      </TableCell>
    </TableRow>
  );
}

/** Open findings: discrepancies and missing or duplicate rows of the last run not yet decided. */
function ComparisonRow({ comparison: c, carrier }: { comparison: ComparisonListItem; carrier: string }) {
  const ran = !!c.summary;
  const report = useComparisonReport(ran ? c.company_id : undefined, ran ? c.id : undefined);
  const cards = report.data?.has_results ? report.data.cards : null;
  let findings: ReactNode = c.status === 'RUNNING' ? 'Running…' : 'Not run yet';
  if (ran) {
    if (cards) {
      const open = cards.discrepancies_unresolved + cards.missing_unresolved;
      const total = open + cards.discrepancies_resolved + cards.missing_resolved;
      findings = (
        <Chip
          size="small"
          color={open > 0 ? 'warning' : 'success'}
          variant={open > 0 ? 'filled' : 'outlined'}
          label={`${open.toLocaleString('en-US')} open of ${total.toLocaleString('en-US')}`}
        />
      );
    } else findings = report.error ? 'Unavailable' : '…';
  }
  return (
    <TableRow>
      <TableCell>
        <RowLink to={`/companies/${c.company_id}/comparisons/${c.id}`}>{c.name}</RowLink>
      </TableCell>
      <TableCell>{carrier || '—'}</TableCell>
      <TableCell>{AuditType.label(c.audit_type, c.audit_type)}</TableCell>
      <TableCell>
        <When at={c.created_at} />
      </TableCell>
      <TableCell>{ComparisonStep.label(c.step, c.step)}</TableCell>
      <TableCell>{findings}</TableCell>
    </TableRow>
  );
}

function RenewalLine({ companyId, renewal: r }: { companyId: string; renewal: RenewalRow }) {
  return (
    <TableRow>
      <TableCell>
        <RowLink to={`/companies/${companyId}/renewals/${r.id}`}>{r.carrier_name}</RowLink>
      </TableCell>
      <TableCell>
        {Month.label(r.month)} {r.year}
      </TableCell>
      <TableCell>{RenewalStep.label(r.step)}</TableCell>
      <TableCell>{r.owners.map((o) => [o.first_name, o.last_name].filter(Boolean).join(' ') || o.email).join(', ') || '—'}</TableCell>
      <TableCell>
        <TimingChip renewal={r} />
      </TableCell>
    </TableRow>
  );
}
