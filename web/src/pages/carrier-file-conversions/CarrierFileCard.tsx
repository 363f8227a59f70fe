import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { SourceFileType } from '../../../../shared/files';
import { FileUpload, ProgressLine } from '../../components/FileUpload';
import type { ConversionUpload } from './use-conversion-upload';

const ACCEPT = ['.xlsx', '.xls', '.csv'];

/** The carrier file to convert: its source type, the upload with its progress, then the conversion under way. */
export function CarrierFileCard({ upload, error }: { upload: ConversionUpload; error: string | null }) {
  const { percent, converting } = upload;
  return (
    <Card variant="outlined" component="section" aria-label="Carrier file">
      <CardContent>
        <Stack spacing={1.5}>
          <Typography variant="h6" component="h2">
            Carrier file
          </Typography>
          <TextField select label="Source file type" value={upload.source} size="small" sx={{ maxWidth: 320 }} disabled>
            <MenuItem value={upload.source}>{SourceFileType.label(upload.source)}</MenuItem>
          </TextField>
          <Typography variant="body2" color="text.secondary">
            Guardian&apos;s row-based eligibility export (.xlsx, .xls or .csv): one row per coverage, dependents under their employee. It becomes one row per member per coverage with the member on every row.
          </Typography>
          <FileUpload
            accept={ACCEPT.join(',')}
            inputTestId="carrier-file-input"
            variant="contained"
            disabled={upload.busy}
            onFile={(chosen) => void upload.start(chosen)}
            onCancel={percent !== null ? upload.cancel : undefined}
            progress={percent !== null ? { label: 'Uploading carrier file', caption: `Uploading… ${percent}%`, percent } : null}
          >
            Choose file
          </FileUpload>
          {converting && <ProgressLine label="Converting carrier file" caption="Converting…" />}
          {error && <Alert severity="error">{error}</Alert>}
        </Stack>
      </CardContent>
    </Card>
  );
}
