import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useConversionPreview, type Conversion } from '../../data/carrier-file-conversions';
import { ConversionCounts } from './ConversionCounts';
import { DeleteConversion } from './DeleteConversion';
import { PreviewTable } from './PreviewTable';
import { UseInComparison } from './UseInComparison';

/** The chosen conversion: its refusal or counts, its use in a comparison, the original and converted rows, and its deletion. */
export function ConversionResult({ companyId, conversion, showError, onDeleted }: { companyId: string; conversion: Conversion; showError: boolean; onDeleted: () => Promise<void> }) {
  const preview = useConversionPreview(companyId, conversion);
  const counts = conversion.counts;

  return (
    <Stack spacing={2}>
      {showError && conversion.error && <Alert severity="error">{conversion.error}</Alert>}
      {conversion.status === 'CONVERTED' && counts && (
        <ConversionCounts companyId={companyId} conversion={conversion} counts={counts} />
      )}
      {conversion.status === 'CONVERTED' && <UseInComparison companyId={companyId} conversion={conversion} />}
      {preview.data && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', xl: '1fr 1fr' } }}>
          <PreviewTable title="Original rows" table={preview.data.original} />
          {preview.data.converted && <PreviewTable title="Converted rows" table={preview.data.converted} />}
        </Box>
      )}
      <DeleteConversion companyId={companyId} conversion={conversion} onDeleted={onDeleted} />
    </Stack>
  );
}
