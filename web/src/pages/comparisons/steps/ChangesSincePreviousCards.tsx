import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { DiscrepancyType } from '../../../../../shared/discrepancies';
import { resultsListHref } from '../../../data/compare-runs';
import { FIXED_SHOWN, useChangesSincePrevious, type ChangeItem } from '../../../data/changes-since';
import { ReportCardGrid, type ReportCard } from './ReportCardGrid';

const n = (value: number) => value.toLocaleString('en-US');
const day = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleDateString('en-US') : '');

const KIND_LABELS: Record<string, string> = {
  MISSING_IN_SECONDARY: 'Only in baseline',
  MISSING_IN_BASELINE: 'Only at carrier',
  DUPLICATE: 'Duplicate',
};

/** What the finding was: the data point that differed (and its type), or the kind of missing row. */
function findingLabel(item: ChangeItem): string {
  if (item.kind !== 'DISCREPANCY') return KIND_LABELS[item.kind] ?? item.kind;
  const type = item.resolved_discrepancy_type ?? item.suggested_type;
  return [item.data_point_name, type ? DiscrepancyType.label(type) : null].filter(Boolean).join(' · ');
}

const member = (item: ChangeItem) => item.full_name || [item.first_name, item.last_name].filter(Boolean).join(' ');

/**
 * The report's cards against the previous comparison of the company carrier: new, still open (with
 * the oldest open finding's first sighting) and fixed, the first two opening the discrepancies
 * filtered by it, and the fixed findings listed below.
 */
export function ChangesSincePreviousCards({ companyId, comparisonId, runKey }: { companyId: string; comparisonId: string; runKey?: string | null }) {
  const { data } = useChangesSincePrevious(companyId, comparisonId, runKey);
  if (!data?.has_results) return null;
  const list = (change: 'NEW' | 'STILL_OPEN') => resultsListHref(companyId, comparisonId, 'discrepancies', { change });
  const cards: ReportCard[] = [
    { key: 'new', testId: 'change-card-new', title: 'New', value: data.new, detail: 'Not in the previous audit', href: list('NEW') },
    {
      key: 'still_open',
      testId: 'change-card-still_open',
      title: 'Still open',
      value: data.still_open,
      detail: data.oldest_open_first_seen_at && data.still_open > 0 ? `Oldest open since ${day(data.oldest_open_first_seen_at)}` : 'Also in the previous audit',
      href: list('STILL_OPEN'),
    },
    { key: 'fixed', testId: 'change-card-fixed', title: 'Fixed', value: data.fixed, detail: 'In the previous audit, gone now', href: '#fixed-findings' },
  ];
  return (
    <Stack spacing={2} component="section" aria-labelledby="changes-since-previous">
      <Box>
        <Typography variant="h6" component="h2" id="changes-since-previous">
          Since the previous audit
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {data.previous_comparison_id ? (
            <>
              Against{' '}
              <Link component={RouterLink} to={`/companies/${encodeURIComponent(companyId)}/comparisons/${encodeURIComponent(data.previous_comparison_id)}`}>
                {data.previous_comparison_name ?? 'the previous comparison'}
              </Link>
              , the last audit of this carrier before this one.
            </>
          ) : (
            'No earlier audit of this carrier has finished: every finding is new.'
          )}
        </Typography>
      </Box>
      <ReportCardGrid cards={cards} />
      {data.items.length > 0 && (
        <Box id="fixed-findings">
          <Typography variant="subtitle1" component="h3">
            Fixed since the previous audit{data.fixed > data.items.length ? ` (the first ${n(FIXED_SHOWN)} of ${n(data.fixed)})` : ''}
          </Typography>
          <Table size="small" aria-label="Findings fixed since the previous audit">
            <TableHead>
              <TableRow>
                <TableCell>Identifier</TableCell>
                <TableCell>Member</TableCell>
                <TableCell>Finding</TableCell>
                <TableCell>First seen</TableCell>
                <TableCell align="right">Days open</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {data.items.map((item) => (
                <TableRow key={item.id}>
                  <TableCell>{item.unique_identifier}</TableCell>
                  <TableCell>{member(item)}</TableCell>
                  <TableCell>{findingLabel(item)}</TableCell>
                  <TableCell>{day(item.first_seen_at)}</TableCell>
                  <TableCell align="right">{n(item.days_open)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Stack>
  );
}
