import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { resultsListHref } from '../../../data/compare-runs';
import { useChangesSincePrevious } from '../../../data/changes-since';
import { FixedFindingsGrid } from './FixedFindingsGrid';
import { ReportCardGrid, type ReportCard } from './ReportCardGrid';

const n = (value: number) => value.toLocaleString('en-US');
const day = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleDateString('en-US') : '');

/**
 * The report's cards against the previous comparison of the company carrier: new, still open (with
 * the oldest open finding's first sighting) and fixed, the first two opening the discrepancies
 * filtered by it, and the fixed findings listed below page by page.
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
      {data.fixed > 0 && (
        <Box id="fixed-findings">
          <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
            Fixed since the previous audit ({n(data.fixed)})
          </Typography>
          <FixedFindingsGrid companyId={companyId} comparisonId={comparisonId} runKey={runKey} />
        </Box>
      )}
    </Stack>
  );
}
