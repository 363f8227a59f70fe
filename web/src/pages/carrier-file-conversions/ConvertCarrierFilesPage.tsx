import { useState } from 'react';
import { useParams } from 'react-router';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useConversions, type Conversion } from '../../data/carrier-file-conversions';
import { PageTitle } from '../../layout/PageTitle';
import { CarrierFileCard } from './CarrierFileCard';
import { ConversionResult } from './ConversionResult';
import { useConversionUpload } from './use-conversion-upload';

const STATUS_LABEL: Record<Conversion['status'], string> = { CONVERTED: 'Converted', FAILED: 'Refused', CONVERTING: 'Converting', UPLOADING: 'Not converted' };

/**
 * /companies/:company_id/convert-carrier-files: upload a Guardian row-based export (progress as
 * for comparison files), see its counts, the rows that could not be placed and a preview of the
 * original and converted rows, download the converted .xlsx, attach it as the carrier file of
 * an existing or a new comparison, or delete it (it is deleted anyway 30 days after its last use).
 */
export function ConvertCarrierFilesPage() {
  const { company_id: companyId = '' } = useParams();
  const list = useConversions(companyId);
  const [error, setError] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const upload = useConversionUpload(companyId, {
    onProblem: setError,
    onDone: async (conversionId) => {
      await list.mutate();
      setSelectedId(conversionId);
    },
  });
  const items = list.data?.items ?? [];
  const conversion = items.find((c) => c.id === selectedId) ?? null;

  return (
    <>
      <PageTitle>Convert Carrier Files</PageTitle>
      <Stack spacing={2}>
        <CarrierFileCard upload={upload} error={error} />

        {items.length > 0 && (
          <TextField
            select
            label="Conversion"
            size="small"
            sx={{ maxWidth: 480 }}
            value={conversion?.id ?? ''}
            onChange={(e) => {
              setError(null);
              setSelectedId(e.target.value);
            }}
          >
            {items.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name} · {new Date(c.created_at).toLocaleString('en-US')} · {STATUS_LABEL[c.status]}
              </MenuItem>
            ))}
          </TextField>
        )}

        {conversion && (
          <ConversionResult
            key={conversion.id}
            companyId={companyId}
            conversion={conversion}
            showError={!error}
            onDeleted={async () => {
              setSelectedId(null);
              setError(null);
              await list.mutate();
            }}
          />
        )}
      </Stack>
    </>
  );
}
