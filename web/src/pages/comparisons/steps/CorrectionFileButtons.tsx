import { useState } from 'react';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { createCorrectionFile, type CorrectionFileFormat } from '../../../data/completion';
import { useSnackbar } from '../../../feedback/snackbar';

const LABELS: Record<CorrectionFileFormat, string> = { XLSX: 'Corrections for the carrier (.xlsx)', X12_834: 'Corrections for the carrier (834)' };

/** Opens a link the server answered as a download. */
export function downloadLink(url: string, fileName: string): void {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/**
 * The two downloads of a complete comparison's correction file: the carrier's layout as .xlsx, or
 * an 834 change file. Written on the server when asked for; a comparison with nothing for the
 * carrier to correct says so in the message.
 */
export function CorrectionFileButtons({ companyId, comparisonId, name }: { companyId: string; comparisonId: string; name?: string }) {
  const snackbar = useSnackbar();
  const [busy, setBusy] = useState<CorrectionFileFormat | null>(null);
  const run = async (format: CorrectionFileFormat) => {
    setBusy(format);
    const res = await createCorrectionFile(companyId, comparisonId, format);
    setBusy(null);
    if (res.error) return snackbar.error(res.error);
    snackbar.success(`${res.data.rows} line${res.data.rows === 1 ? '' : 's'} for the carrier to add, change or terminate`);
    downloadLink(res.data.url, res.data.file_name);
  };
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
      {(['XLSX', 'X12_834'] as const).map((format) => (
        <Button key={format} variant="outlined" onClick={() => run(format)} disabled={!!busy} aria-label={name ? `${LABELS[format]}: ${name}` : undefined}>
          {LABELS[format]}
        </Button>
      ))}
      {busy && <CircularProgress size={20} aria-label="Writing the correction file" />}
    </Stack>
  );
}
