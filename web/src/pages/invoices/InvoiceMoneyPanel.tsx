import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { CLAIM_URGENT_DAYS, CreditStatus } from '../../../../shared/invoice/kinds';
import { formatUsd, invoiceKindLabel, useInvoiceSummary, useLargestFindings, type InvoiceSummary } from '../../data/invoices';
import { formatDay, formatMonth } from './invoice-dates';

export interface InvoiceMoneyPanelProps {
  companyId: string;
  comparisonId: string;
  /** How many of the largest findings to list. */
  largest?: number;
}

interface MoneyCard {
  key: string;
  title: string;
  value: string;
  detail?: string;
  urgent?: boolean;
}

// Kept here too for the modules that read them from the panel; the panel's own module brings the charts.
export { formatDay, formatMonth } from './invoice-dates';

/** The claim card: days left, 'passed' once the deadline is behind, urgent under CLAIM_URGENT_DAYS. */
export function claimCard(s: Pick<InvoiceSummary, 'days_to_claim' | 'claim_deadline' | 'credit_window_days'>): MoneyCard {
  if (s.days_to_claim === null || !s.claim_deadline) {
    return { key: 'claim', title: 'Days to claim', value: '—', detail: `No invoice date; credits are due within ${s.credit_window_days} days of it` };
  }
  const deadline = formatDay(s.claim_deadline);
  if (s.days_to_claim < 0) return { key: 'claim', title: 'Days to claim', value: 'passed', detail: `Claim deadline ${deadline} has passed`, urgent: true };
  return {
    key: 'claim',
    title: 'Days to claim',
    value: `${s.days_to_claim} ${s.days_to_claim === 1 ? 'day' : 'days'}`,
    detail: `Claim by ${deadline}`,
    urgent: s.days_to_claim < CLAIM_URGENT_DAYS,
  };
}

export function moneyCards(s: InvoiceSummary): MoneyCard[] {
  return [
    { key: 'billed', title: 'Billed', value: formatUsd(s.billed), detail: s.stated_total !== null && s.stated_total !== s.billed ? `Invoice states ${formatUsd(s.stated_total)}` : undefined },
    { key: 'expected', title: 'Expected', value: formatUsd(s.expected), detail: 'From the enrollment' },
    { key: 'over', title: 'Over-billed', value: formatUsd(s.over_billed) },
    { key: 'under', title: 'Under-billed', value: formatUsd(s.under_billed) },
    { key: 'net', title: 'Net', value: formatUsd(s.net), detail: 'Billed − expected' },
    claimCard(s),
    { key: 'recovered', title: 'Recovered', value: formatUsd(s.recovered), detail: s.requested > 0 ? `${formatUsd(s.requested)} requested` : undefined },
    { key: 'open', title: 'Open', value: formatUsd(s.open), detail: 'Over-billed, not yet recovered' },
  ];
}

const monthsText = (months: string[]) => months.map(formatMonth).join(', ');

/**
 * Retro charges for months no reconciliation of the carrier has seen could not be checked against
 * what those invoices billed: said once, naming the months, so a missing earlier invoice is noticed.
 */
export function earlierInvoicesUnknownText(months: readonly string[]): string | null {
  if (months.length === 0) return null;
  const named = months.map(formatMonth).join(', ');
  const invoice = months.length === 1 ? 'invoice' : 'invoices';
  return `Earlier ${invoice} unknown: retro charges bill ${named}, and no reconciliation of this carrier covers ${months.length === 1 ? 'that month' : 'those months'}. They are checked against the enrollment only, not against what the earlier ${invoice} already billed.`;
}

/**
 * The money of an invoice reconciliation, first on its report: what was billed and expected, what
 * is over and under, how long is left to claim the credits and what came back; billed vs expected
 * per plan and the dollars per kind; then the largest findings, whichever list holds them. Only
 * reads: the credits are recorded where each finding is resolved.
 */
export function InvoiceMoneyPanel({ companyId, comparisonId, largest = 10 }: InvoiceMoneyPanelProps) {
  const { data: summary, error, isLoading } = useInvoiceSummary(companyId, comparisonId);
  const findings = useLargestFindings(companyId, comparisonId, largest, !!summary?.has_results);

  if (isLoading && !summary) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label="Loading the invoice's dollars" />
      </Box>
    );
  }
  if (error && !summary) return <Alert severity="error">{error.message}</Alert>;
  if (!summary) return null;
  if (!summary.has_results) {
    return <Alert severity="info">This invoice reconciliation has not run yet: run the comparison in the Compare step to see its dollars.</Alert>;
  }

  const plans = summary.by_plan;
  const unknownEarlier = earlierInvoicesUnknownText(summary.earlier_invoices_unknown);
  const kinds = summary.by_kind.filter((k) => k.count > 0);
  const details = [
    summary.invoice_number && `Invoice ${summary.invoice_number}`,
    summary.billing_period && `billing period ${summary.billing_period}`,
    summary.invoice_date && `dated ${formatDay(summary.invoice_date)}`,
  ].filter(Boolean);

  return (
    <Stack spacing={3} component="section" aria-labelledby="invoice-money-title">
      <Box>
        <Typography id="invoice-money-title" variant="h6" component="h2">
          Invoice reconciliation
        </Typography>
        {details.length > 0 && <Typography color="text.secondary">{details.join(', ')}</Typography>}
      </Box>
      {unknownEarlier && (
        <Alert severity="info" data-testid="earlier-invoices-unknown">
          {unknownEarlier}
        </Alert>
      )}
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(170px, 1fr))' }}>
        {moneyCards(summary).map((card) => (
          <li key={card.key}>
            <Card
              component="section"
              aria-label={card.title}
              variant="outlined"
              sx={{ height: '100%', ...(card.urgent ? { borderColor: 'error.main' } : {}) }}
              data-urgent={card.urgent ? 'true' : undefined}
            >
              <CardContent>
                <Typography variant="overline" component="h3" color="text.secondary">
                  {card.title}
                </Typography>
                <Typography variant="h5" component="p" color={card.urgent ? 'error' : undefined} data-testid={`money-${card.key}`}>
                  {card.value}
                </Typography>
                {card.detail && (
                  <Typography variant="body2" color={card.urgent ? 'error' : 'text.secondary'}>
                    {card.detail}
                  </Typography>
                )}
              </CardContent>
            </Card>
          </li>
        ))}
      </Box>

      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        <Paper variant="outlined" sx={{ p: 2 }} aria-labelledby="invoice-by-plan">
          <Typography id="invoice-by-plan" variant="h6" component="h3" gutterBottom>
            Billed vs expected by plan
          </Typography>
          {plans.length === 0 ? (
            <Typography color="text.secondary">No plan lines on the invoice.</Typography>
          ) : (
            <>
              <Box aria-hidden="true">
                <BarChart
                  height={Math.max(200, plans.length * 40 + 90)}
                  layout="horizontal"
                  yAxis={[{ scaleType: 'band', data: plans.map((p) => p.plan), width: 150 }]}
                  xAxis={[{ valueFormatter: (v: number) => formatUsd(v) }]}
                  series={[
                    { data: plans.map((p) => p.billed), label: 'Billed', valueFormatter: (v) => (v === null ? '' : formatUsd(v)) },
                    { data: plans.map((p) => p.expected), label: 'Expected', valueFormatter: (v) => (v === null ? '' : formatUsd(v)) },
                  ]}
                />
              </Box>
              <Box component="ul" sx={{ m: 0, pl: 2 }}>
                {plans.map((p) => (
                  <li key={p.plan}>
                    {p.plan}: billed {formatUsd(p.billed)}, expected {formatUsd(p.expected)}, net {formatUsd(p.net)}
                  </li>
                ))}
              </Box>
            </>
          )}
        </Paper>
        <Paper variant="outlined" sx={{ p: 2 }} aria-labelledby="invoice-by-kind">
          <Typography id="invoice-by-kind" variant="h6" component="h3" gutterBottom>
            Dollars by kind
          </Typography>
          {kinds.length === 0 ? (
            <Typography color="text.secondary">The invoice matches the enrollment.</Typography>
          ) : (
            <>
              <Box aria-hidden="true">
                <BarChart
                  height={Math.max(160, kinds.length * 36 + 70)}
                  layout="horizontal"
                  yAxis={[{ scaleType: 'band', data: kinds.map((k) => invoiceKindLabel(k.kind)), width: 190 }]}
                  xAxis={[{ valueFormatter: (v: number) => formatUsd(v) }]}
                  series={[{ data: kinds.map((k) => k.amount), label: 'Amount', valueFormatter: (v) => (v === null ? '' : formatUsd(v)) }]}
                  hideLegend
                />
              </Box>
              <Box component="ul" sx={{ m: 0, pl: 2 }}>
                {kinds.map((k) => (
                  <li key={k.kind}>
                    {invoiceKindLabel(k.kind)}: {formatUsd(k.amount)} ({k.count})
                  </li>
                ))}
              </Box>
            </>
          )}
        </Paper>
      </Box>

      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography id="invoice-largest" variant="h6" component="h3" gutterBottom>
          Largest items
        </Typography>
        {findings.error && <Alert severity="error">{findings.error.message}</Alert>}
        {!findings.data && !findings.error && <CircularProgress size={24} aria-label="Loading the largest items" />}
        {findings.data && findings.data.length === 0 && <Typography color="text.secondary">No finding has dollars.</Typography>}
        {findings.data && findings.data.length > 0 && (
          <Table size="small" aria-labelledby="invoice-largest">
            <TableHead>
              <TableRow>
                <TableCell>Member</TableCell>
                <TableCell>Kind</TableCell>
                <TableCell>Months</TableCell>
                <TableCell align="right">Amount</TableCell>
                <TableCell>Credit</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {findings.data.map((f) => (
                <TableRow key={`${f.list}:${f.id}`}>
                  <TableCell>{f.member}</TableCell>
                  <TableCell>{f.kind}</TableCell>
                  <TableCell>{monthsText(f.months)}</TableCell>
                  <TableCell align="right" sx={{ color: f.amount < 0 ? 'success.main' : undefined, fontVariantNumeric: 'tabular-nums' }}>
                    {formatUsd(f.amount)}
                  </TableCell>
                  <TableCell>{f.amount > 0 ? CreditStatus.label(f.credit_status ?? 'NOT_REQUESTED') : ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Paper>
    </Stack>
  );
}

