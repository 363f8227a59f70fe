import { useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DATA_UPLOAD_EXTENSIONS } from '../../../../shared/files';
import { uploadFile, uploadSizeProblem } from '../../api/upload';
import { comparisonPath, declareUpload, startParse, useComparison, useFile, useFileRows, type ComparisonFile } from '../../data/comparisons';
import { useSnackbar } from '../../feedback/snackbar';
import { FileUpload, ProgressLine, useUploadSender } from '../../components/FileUpload';
import type { StepProps } from './step-props';
import { moveToStep } from './move-step';

const SIDES = [
  { type: 'BASELINE', title: 'Baseline file', hint: 'The enrollment export from the benefits administration system.' },
  { type: 'SECONDARY', title: 'Carrier file', hint: 'The carrier’s (or other system’s) file to check against the baseline.' },
] as const;

/** Import data: one card per side with upload progress, Cancel, sheet, header row, row count and a preview. */
export function ImportDataStep({ companyId, comparisonId, goTo }: StepProps) {
  const { data: comparison } = useComparison(companyId, comparisonId);
  const snackbar = useSnackbar();
  const { mutate } = useSWRConfig();
  const [moving, setMoving] = useState(false);
  if (!comparison) return null;
  const ready = comparison.baseline_file?.status === 'PARSED' && comparison.secondary_file?.status === 'PARSED';

  async function next() {
    setMoving(true);
    const problem = await moveToStep(mutate, companyId, comparisonId, 'SELECT_DATA_POINTS');
    setMoving(false);
    if (problem) snackbar.error(problem);
    else goTo('SELECT_DATA_POINTS');
  }

  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
        {SIDES.map((side) => (
          <FileCard
            key={side.type}
            companyId={companyId}
            comparisonId={comparisonId}
            fileType={side.type}
            title={side.title}
            hint={side.hint}
            file={side.type === 'BASELINE' ? comparison.baseline_file ?? null : comparison.secondary_file ?? null}
          />
        ))}
      </Box>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button variant="contained" disabled={!ready || moving} onClick={next}>
          Next: Select data points
        </Button>
      </Stack>
    </Stack>
  );
}

interface FileCardProps {
  companyId: string;
  comparisonId: string;
  fileType: 'BASELINE' | 'SECONDARY';
  title: string;
  hint: string;
  file: ComparisonFile | null;
}

function FileCard({ companyId, comparisonId, fileType, title, hint, file: listed }: FileCardProps) {
  const { mutate } = useSWRConfig();
  const sender = useUploadSender();
  const percent = sender.percent;
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [headerRow, setHeaderRow] = useState('');
  // The File itself is followed while it is read (polled until it settles); the comparison's copy otherwise.
  const live = useFile(companyId, comparisonId, listed?.id);
  const file = live.data && live.data.id === listed?.id ? live.data : listed;
  const reading = file?.status === 'PARSING';
  const rows = useFileRows(companyId, comparisonId, file?.id, file?.status === 'PARSED');
  const busy = percent !== null || starting || reading;
  const refresh = () => mutate(comparisonPath(companyId, comparisonId));

  // When a read settles, the comparison (its step, the Next button) and the preview catch up.
  const wasReading = useRef(false);
  useEffect(() => {
    if (wasReading.current && !reading && file) {
      void refresh();
      void mutate((key) => Array.isArray(key) && typeof key[0] === 'string' && key[0].includes(`/files/${file.id}/rows`));
    }
    wasReading.current = reading;
  });

  async function parse(fileId: string, options: { worksheet_name?: string; header_row_index?: number } = {}) {
    setStarting(true);
    setError(null);
    const started = await startParse(companyId, comparisonId, fileId, options);
    setStarting(false);
    if (started.error) setError(started.error.message);
    else await live.mutate(started.data, { revalidate: false });
    await refresh();
  }

  async function upload(chosen: File) {
    const tooLarge = uploadSizeProblem(chosen);
    setError(tooLarge);
    if (tooLarge) return;
    const contentType = chosen.type || 'application/octet-stream';
    const declared = await declareUpload(companyId, comparisonId, { file_type: fileType, name: chosen.name, size: chosen.size, content_type: contentType });
    if (declared.error) {
      setError(declared.error.message);
      return;
    }
    const sent = await sender.send((options) => uploadFile(declared.data, chosen, { ...options, file: { company_id: companyId, comparison_id: comparisonId, file_id: declared.data.file.id } }));
    if (!sent.sent) {
      await refresh();
      if (sent.problem) setError(sent.problem);
      return;
    }
    await parse(declared.data.file.id);
  }

  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Stack spacing={1.5}>
          <Typography variant="h6" component="h2">
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {hint}
          </Typography>
          <FileUpload
            accept={DATA_UPLOAD_EXTENSIONS.join(',')}
            inputTestId={`${fileType.toLowerCase()}-file-input`}
            disabled={busy}
            onFile={(chosen) => void upload(chosen)}
            onCancel={percent !== null ? sender.cancel : undefined}
            progress={percent !== null ? { label: `Uploading ${title}`, caption: `Uploading… ${percent}%`, percent } : null}
          >
            {file ? 'Replace file' : 'Choose file'}
          </FileUpload>
          {(starting || reading) && (
            <ProgressLine
              label={`Reading ${title}`}
              percent={file?.progress?.percent}
              caption={`Reading the file…${typeof file?.progress?.percent === 'number' ? ` ${file.progress.percent}%` : ''}${file?.progress?.rows_read ? ` · ${file.progress.rows_read.toLocaleString('en-US')} rows so far` : ''}`}
            />
          )}
          {error && <Alert severity="error">{error}</Alert>}
          {file && !busy && file.error && !error && (
            <Alert severity="error">
              {file.error}
              {file.status === 'PARSED' ? ' The previous reading of the file is kept.' : ''}
            </Alert>
          )}
          {file && percent === null && !starting && file.status === 'UPLOADING' && !error && (
            <Alert severity="info">The upload of {file.name} did not finish. Choose the file again.</Alert>
          )}
          {file && file.status === 'PARSED' && (
            <Stack spacing={1}>
              <Typography>
                <strong>{file.name}</strong>
              </Typography>
              <Typography variant="body2" data-testid={`${fileType.toLowerCase()}-summary`}>
                {file.worksheet_name ? `Sheet used: ${file.worksheet_name} · ` : ''}Header row: {(file.header_row_index ?? 0) + 1} ·{' '}
                {(file.row_count ?? 0).toLocaleString('en-US')} rows · {file.columns.length} columns
              </Typography>
              {file.worksheets.length > 1 && (
                <TextField
                  select
                  size="small"
                  label="Worksheet"
                  value={file.worksheet_name ?? ''}
                  disabled={busy}
                  onChange={(e) => void parse(file.id, { worksheet_name: e.target.value })}
                >
                  {file.worksheets.map((w) => (
                    <MenuItem key={w} value={w}>
                      {w}
                    </MenuItem>
                  ))}
                </TextField>
              )}
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <TextField
                  size="small"
                  type="number"
                  label="Header row"
                  value={headerRow}
                  placeholder={String((file.header_row_index ?? 0) + 1)}
                  onChange={(e) => setHeaderRow(e.target.value)}
                  sx={{ width: 140 }}
                  slotProps={{ htmlInput: { min: 1 } }}
                />
                <Button
                  size="small"
                  disabled={busy || !(Number(headerRow) >= 1)}
                  onClick={() => void parse(file.id, { header_row_index: Number(headerRow) - 1, ...(file.worksheet_name ? { worksheet_name: file.worksheet_name } : {}) })}
                >
                  Use this row
                </Button>
              </Stack>
              {rows.data && (
                <Box sx={{ overflowX: 'auto', maxWidth: '100%' }}>
                  <Table size="small" aria-label={`First rows of the ${title.toLowerCase()}`}>
                    <TableHead>
                      <TableRow>
                        {rows.data.columns.map((c) => (
                          <TableCell key={c} sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                            {c}
                          </TableCell>
                        ))}
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {rows.data.rows.map((r, i) => (
                        <TableRow key={i}>
                          {r.map((cell, j) => (
                            <TableCell key={j} sx={{ whiteSpace: 'nowrap' }}>
                              {cell}
                            </TableCell>
                          ))}
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </Box>
              )}
            </Stack>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
