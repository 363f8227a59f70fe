import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage } from '../../api/errors';
import { useCompanyComparisons } from '../../data/comparisons';
import { LoadingBlock } from '../../components/LoadingBlock';
import { CorrectionFileButtons } from '../comparisons/steps/CorrectionFileButtons';

/**
 * The correction files of the carrier's complete audits (invoice reconciliations have credit
 * requests instead): per comparison, the carrier's layout as .xlsx or an 834 change file.
 */
export function CarrierCorrectionFiles({ companyId, companyCarrierId }: { companyId: string; companyCarrierId: string }) {
  const { data, error, isLoading } = useCompanyComparisons(companyId);
  if (isLoading && !data) return <LoadingBlock height={120} label="Loading the comparisons" />;
  if (error && !data) return <Alert severity="error">{errorMessage(error)}</Alert>;
  const complete = (data?.items ?? []).filter((c) => c.company_carrier_id === companyCarrierId && c.step === 'COMPLETE' && c.audit_type !== 'INVOICE_RECONCILIATION');
  if (!complete.length) {
    return <Typography color="text.secondary">No complete audit of this carrier yet: its correction files are offered here once one is complete.</Typography>;
  }
  return (
    <Stack spacing={2} component="ul" aria-label="Correction files" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {complete.map((c) => (
        <Paper key={c.id} variant="outlined" component="li" sx={{ p: 2 }}>
          <Typography variant="subtitle1" component="h3" gutterBottom>
            <Link component={RouterLink} to={`/companies/${companyId}/comparisons/${c.id}`}>
              {c.name}
            </Link>
            {c.completed_at ? ` · complete since ${new Date(c.completed_at).toLocaleDateString()}` : ''}
          </Typography>
          <CorrectionFileButtons companyId={companyId} comparisonId={c.id} name={c.name} />
        </Paper>
      ))}
    </Stack>
  );
}
