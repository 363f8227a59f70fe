import { lazy, Suspense } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { ChartPlaceholder } from '../../components/ChartPlaceholder';
import { formatUsd, useCarrierReconciliations } from '../../data/invoices';
import { periodLabel } from './invoice-dates';

// The chart library comes only for a carrier with reconciliations to draw, after they are read.
const ReconciliationLineChart = lazy(() => import('./ReconciliationLineChart').then((m) => ({ default: m.ReconciliationLineChart })));
const CHART_HEIGHT = 240;

/**
 * A company carrier's invoice reconciliations month by month: billed, expected, credits claimed
 * and recovered as lines, and the same figures with net and over-billed in a table (each period
 * opens its comparison's report).
 */
export function CarrierReconciliationTrend({ companyId, companyCarrierId }: { companyId: string; companyCarrierId: string }) {
  const { data, error, isLoading } = useCarrierReconciliations(companyId, companyCarrierId);
  const items = data?.items ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="carrier-invoices-title">
      <Typography id="carrier-invoices-title" variant="h6" component="h2" gutterBottom>
        Invoice reconciliations
      </Typography>
      {isLoading && !data && <CircularProgress size={24} aria-label="Loading the invoice reconciliations" />}
      {error && !data && <Alert severity="error">{error.message}</Alert>}
      {data && items.length === 0 && (
        <Typography color="text.secondary">No invoice reconciliation of this carrier has run yet.</Typography>
      )}
      {items.length > 0 && (
        <>
          <Box aria-hidden="true" data-testid="carrier-invoice-trend">
            <Suspense fallback={<ChartPlaceholder height={CHART_HEIGHT} />}>
              <ReconciliationLineChart items={items} height={CHART_HEIGHT} />
            </Suspense>
          </Box>
          <Table size="small" aria-labelledby="carrier-invoices-title">
            <TableHead>
              <TableRow>
                <TableCell>Billing period</TableCell>
                <TableCell align="right">Billed</TableCell>
                <TableCell align="right">Expected</TableCell>
                <TableCell align="right">Net</TableCell>
                <TableCell align="right">Over-billed</TableCell>
                <TableCell align="right">Credits claimed</TableCell>
                <TableCell align="right">Recovered</TableCell>
                <TableCell align="right">Open</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((i) => (
                <TableRow key={i.comparison_id}>
                  <TableCell>
                    <Link component={RouterLink} to={`/companies/${encodeURIComponent(companyId)}/comparisons/${encodeURIComponent(i.comparison_id)}?step=VIEW_REPORTS`}>
                      {periodLabel(i.billing_period)}
                    </Link>{' '}
                    <Typography component="span" variant="body2" color="text.secondary">
                      {i.name}
                    </Typography>
                  </TableCell>
                  <TableCell align="right">{formatUsd(i.billed)}</TableCell>
                  <TableCell align="right">{formatUsd(i.expected)}</TableCell>
                  <TableCell align="right">{formatUsd(i.net)}</TableCell>
                  <TableCell align="right">{formatUsd(i.over_billed)}</TableCell>
                  <TableCell align="right">{formatUsd(i.claimed)}</TableCell>
                  <TableCell align="right">{formatUsd(i.recovered)}</TableCell>
                  <TableCell align="right">{formatUsd(i.open)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </Paper>
  );
}
