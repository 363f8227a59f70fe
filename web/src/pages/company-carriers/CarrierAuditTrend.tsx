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
import { useCarrierAudits } from '../../data/changes-since';

// The chart library comes only for a carrier with audits to draw, after they are read.
const AuditFindingsCharts = lazy(() => import('./AuditFindingsCharts').then((m) => ({ default: m.AuditFindingsCharts })));
const CHART_HEIGHT = 220;

const n = (value: number) => value.toLocaleString('en-US');
const day = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleDateString('en-US') : '');

/**
 * A company carrier's audits over time: the findings of each by kind, open against fixed since the
 * audit before it, and the oldest finding the latest audit still has open; the same figures in a
 * table, each audit opening its report.
 */
export function CarrierAuditTrend({ companyId, companyCarrierId }: { companyId: string; companyCarrierId: string }) {
  const { data, error, isLoading } = useCarrierAudits(companyId, companyCarrierId);
  const items = data?.items ?? [];
  const oldest = data?.oldest_open;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="carrier-audits-title">
      <Typography id="carrier-audits-title" variant="h6" component="h2" gutterBottom>
        Audits over time
      </Typography>
      {isLoading && !data && <CircularProgress size={24} aria-label="Loading the audits" />}
      {error && !data && <Alert severity="error">{error.message}</Alert>}
      {data && items.length === 0 && <Typography color="text.secondary">No audit of this carrier has run yet.</Typography>}
      {oldest && (
        <Typography sx={{ mb: 2 }} data-testid="oldest-open-finding">
          Oldest finding still open: first seen on {day(oldest.first_seen_at)}, {n(oldest.days_open)} {oldest.days_open === 1 ? 'day' : 'days'} ago (still open in{' '}
          <Link component={RouterLink} to={`/companies/${encodeURIComponent(companyId)}/comparisons/${encodeURIComponent(oldest.comparison_id)}?step=VIEW_REPORTS`}>
            {oldest.name}
          </Link>
          ).
        </Typography>
      )}
      {items.length > 0 && (
        <>
          <Box aria-hidden="true" data-testid="carrier-audit-trend">
            <Suspense fallback={<ChartPlaceholder height={CHART_HEIGHT * 2} />}>
              <AuditFindingsCharts items={items} height={CHART_HEIGHT} />
            </Suspense>
          </Box>
          <Table size="small" aria-labelledby="carrier-audits-title">
            <TableHead>
              <TableRow>
                <TableCell>Audit</TableCell>
                <TableCell>Run</TableCell>
                <TableCell align="right">Discrepancies</TableCell>
                <TableCell align="right">Only in baseline</TableCell>
                <TableCell align="right">Only at carrier</TableCell>
                <TableCell align="right">Duplicates</TableCell>
                <TableCell align="right">New</TableCell>
                <TableCell align="right">Still open</TableCell>
                <TableCell align="right">Fixed</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {items.map((i) => (
                <TableRow key={i.comparison_id}>
                  <TableCell>
                    <Link component={RouterLink} to={`/companies/${encodeURIComponent(companyId)}/comparisons/${encodeURIComponent(i.comparison_id)}?step=VIEW_REPORTS`}>
                      {i.name}
                    </Link>
                  </TableCell>
                  <TableCell>{day(i.finished_at)}</TableCell>
                  <TableCell align="right">{n(i.discrepancies)}</TableCell>
                  <TableCell align="right">{n(i.only_in_baseline)}</TableCell>
                  <TableCell align="right">{n(i.only_at_carrier)}</TableCell>
                  <TableCell align="right">{n(i.duplicates)}</TableCell>
                  <TableCell align="right">{i.changes ? n(i.changes.new) : ''}</TableCell>
                  <TableCell align="right">{i.changes ? n(i.changes.still_open) : ''}</TableCell>
                  <TableCell align="right">{i.changes ? n(i.changes.fixed) : ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </Paper>
  );
}
