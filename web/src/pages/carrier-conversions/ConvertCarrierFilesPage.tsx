import { useRef, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AuditType, ComparisonMode } from '../../../../shared/comparisons';
import { SourceFileType } from '../../../../shared/files';
import { MULTIPART_THRESHOLD_BYTES } from '../../../../shared/upload-plan';
import { uploadFile, uploadSizeProblem } from '../../api/upload';
import { createComparison, useCompanyComparisons } from '../../data/comparisons';
import {
  attachConversion,
  conversionDownloadLink,
  convertAndFollow,
  declareConversion,
  removeConversion,
  useConversionPreview,
  useConversions,
  type Conversion,
  type ConversionUse,
} from '../../data/carrier-file-conversions';
import { useSnackbar } from '../../feedback/snackbar';
import { PageTitle } from '../../layout/PageTitle';
import { TruncatedNotice } from '../../components/TruncatedNotice';

const ACCEPT = ['.xlsx', '.xls', '.csv'];
const SOURCE = 'GUARDIAN_ROW_BASED_ORIGINAL' as const;
const NEW_COMPARISON = '__new__';

/**
 * /companies/:company_id/convert-carrier-files: upload a Guardian row-based export (progress as
 * for comparison files), see its counts, the rows that could not be placed and a preview of the
 * original and converted rows, download the converted .xlsx, attach it as the carrier file of
 * an existing or a new comparison, or delete it (it is deleted anyway 30 days after its last use).
 */
export function ConvertCarrierFilesPage() {
  const { company_id: companyId = '' } = useParams();
  const snackbar = useSnackbar();
  const list = useConversions(companyId);
  const input = useRef<HTMLInputElement>(null);
  const abort = useRef<AbortController | null>(null);
  const [percent, setPercent] = useState<number | null>(null);
  const [converting, setConverting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const busy = percent !== null || converting;
  const items = list.data?.items ?? [];
  const conversion = items.find((c) => c.id === selectedId) ?? null;

  async function upload(chosen: File) {
    // A conversion reads its workbook within one request: it takes what one PUT takes.
    const tooLarge = uploadSizeProblem(chosen, MULTIPART_THRESHOLD_BYTES);
    setError(tooLarge);
    if (tooLarge) return;
    const contentType = chosen.type || 'application/octet-stream';
    const declared = await declareConversion(companyId, { name: chosen.name, size: chosen.size, content_type: contentType, source_file_type: SOURCE });
    if (declared.error) {
      setError(declared.error.message);
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    setPercent(0);
    try {
      await uploadFile(declared.data, chosen, { onProgress: setPercent, signal: controller.signal });
    } catch (e) {
      setPercent(null);
      if ((e as Error).name === 'AbortError') snackbar.show('Upload cancelled');
      else setError((e as Error).message);
      return;
    } finally {
      abort.current = null;
    }
    setPercent(null);
    setConverting(true);
    const converted = await convertAndFollow(companyId, declared.data.conversion.id);
    setConverting(false);
    await list.mutate();
    setSelectedId(declared.data.conversion.id);
    if (converted.error) setError(converted.error);
  }

  return (
    <>
      <PageTitle>Convert Carrier Files</PageTitle>
      <Stack spacing={2}>
        <Card variant="outlined" component="section" aria-label="Carrier file">
          <CardContent>
            <Stack spacing={1.5}>
              <Typography variant="h6" component="h2">
                Carrier file
              </Typography>
              <TextField select label="Source file type" value={SOURCE} size="small" sx={{ maxWidth: 320 }} disabled>
                <MenuItem value={SOURCE}>{SourceFileType.label(SOURCE)}</MenuItem>
              </TextField>
              <Typography variant="body2" color="text.secondary">
                Guardian&apos;s row-based eligibility export (.xlsx, .xls or .csv): one row per coverage, dependents under their employee. It becomes one row per member per coverage with the member on every row.
              </Typography>
              <input
                ref={input}
                type="file"
                hidden
                accept={ACCEPT.join(',')}
                data-testid="carrier-file-input"
                onChange={(e) => {
                  const chosen = e.target.files?.[0];
                  e.target.value = '';
                  if (chosen) void upload(chosen);
                }}
              />
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Button variant="contained" disabled={busy} onClick={() => input.current?.click()}>
                  Choose file
                </Button>
                {percent !== null && (
                  <Button color="warning" onClick={() => abort.current?.abort()}>
                    Cancel
                  </Button>
                )}
              </Stack>
              {percent !== null && (
                <Box>
                  <LinearProgress variant="determinate" value={percent} aria-label="Uploading carrier file" />
                  <Typography variant="caption">Uploading… {percent}%</Typography>
                </Box>
              )}
              {converting && (
                <Box>
                  <LinearProgress aria-label="Converting carrier file" />
                  <Typography variant="caption">Converting…</Typography>
                </Box>
              )}
              {error && <Alert severity="error">{error}</Alert>}
            </Stack>
          </CardContent>
        </Card>

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
                {c.name} · {new Date(c.created_at).toLocaleString('en-US')} · {c.status === 'CONVERTED' ? 'Converted' : c.status === 'FAILED' ? 'Refused' : c.status === 'CONVERTING' ? 'Converting' : 'Not converted'}
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

function ConversionResult({ companyId, conversion, showError, onDeleted }: { companyId: string; conversion: Conversion; showError: boolean; onDeleted: () => Promise<void> }) {
  const snackbar = useSnackbar();
  const preview = useConversionPreview(companyId, conversion);
  const counts = conversion.counts;

  async function download() {
    const link = await conversionDownloadLink(companyId, conversion.id);
    if (link.error) return snackbar.error(link.error);
    const a = document.createElement('a');
    a.href = link.data.url;
    a.download = link.data.name;
    a.rel = 'noopener';
    document.body.appendChild(a);
    a.click();
    a.remove();
  }

  return (
    <Stack spacing={2}>
      {showError && conversion.error && <Alert severity="error">{conversion.error}</Alert>}
      {conversion.status === 'CONVERTED' && counts && (
        <Card variant="outlined" component="section" aria-label="Conversion counts">
          <CardContent>
            <Stack spacing={1.5}>
              <Typography variant="h6" component="h2">
                {conversion.converted_name}
              </Typography>
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} data-testid="conversion-counts">
                <Chip label={`Members: ${counts.members.toLocaleString('en-US')}`} />
                <Chip label={`Employees: ${counts.employees.toLocaleString('en-US')}`} />
                <Chip label={`Dependents: ${counts.dependents.toLocaleString('en-US')}`} />
                <Chip label={`Coverage lines: ${counts.coverage_lines.toLocaleString('en-US')}`} />
                <Chip label={`Rows written: ${counts.rows_written.toLocaleString('en-US')}`} />
                <Chip color={counts.unplaced_rows ? 'warning' : 'default'} label={`Rows not placed: ${counts.unplaced_rows.toLocaleString('en-US')}`} />
              </Stack>
              {conversion.unplaced.length > 0 && (
                <Box>
                  <Typography variant="subtitle2" component="h3">
                    Rows that could not be placed
                  </Typography>
                  <Table size="small" aria-label="Rows that could not be placed">
                    <TableHead>
                      <TableRow>
                        <TableCell>Row</TableCell>
                        <TableCell>Why</TableCell>
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {conversion.unplaced.map((u) => (
                        <TableRow key={u.row}>
                          <TableCell>{u.row}</TableCell>
                          <TableCell>{u.message}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                  {counts.unplaced_rows > conversion.unplaced.length && (
                    <Typography variant="caption">…and {counts.unplaced_rows - conversion.unplaced.length} more.</Typography>
                  )}
                </Box>
              )}
              {conversion.ignored_columns.length > 0 && (
                <Typography variant="body2" color="text.secondary">
                  Columns not carried over: {conversion.ignored_columns.join(', ')}
                </Typography>
              )}
              <Stack direction="row" spacing={1}>
                <Button variant="outlined" onClick={() => void download()}>
                  Download converted .xlsx
                </Button>
              </Stack>
            </Stack>
          </CardContent>
        </Card>
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

/** Deletes the original and the converted workbook now, after a confirmation that says what goes. */
function DeleteConversion({ companyId, conversion, onDeleted }: { companyId: string; conversion: Conversion; onDeleted: () => Promise<void> }) {
  const snackbar = useSnackbar();
  const [confirming, setConfirming] = useState(false);
  const [working, setWorking] = useState(false);

  async function remove() {
    setWorking(true);
    const result = await removeConversion(companyId, conversion.id);
    setWorking(false);
    if (result.error) return snackbar.error(result.error);
    setConfirming(false);
    snackbar.success('Conversion deleted');
    await onDeleted();
  }

  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        The original and the converted file are deleted 30 days after their last use (upload, conversion, download or use in a comparison).
      </Typography>
      <Button color="error" variant="outlined" onClick={() => setConfirming(true)}>
        Delete conversion
      </Button>
      <Dialog open={confirming} onClose={() => !working && setConfirming(false)} aria-labelledby="delete-conversion-title" aria-describedby="delete-conversion-text">
        <DialogTitle id="delete-conversion-title">Delete this conversion?</DialogTitle>
        <DialogContent>
          <DialogContentText id="delete-conversion-text">
            The original file &ldquo;{conversion.name}&rdquo; and its converted workbook are deleted for good. A comparison it was used in keeps its own copy.
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)} disabled={working}>
            Cancel
          </Button>
          <Button color="error" variant="contained" onClick={() => void remove()} disabled={working}>
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

function PreviewTable({ title, table }: { title: string; table: { columns: string[]; rows: string[][] } }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" gutterBottom>
          {title} <Typography component="span" variant="caption">(first {table.rows.length}, SSNs and birth dates masked)</Typography>
        </Typography>
        <TableContainer sx={{ maxHeight: 420 }}>
          <Table size="small" stickyHeader aria-label={title}>
            <TableHead>
              <TableRow>
                {table.columns.map((c, i) => (
                  <TableCell key={`${c}-${i}`} sx={{ whiteSpace: 'nowrap' }}>
                    {c}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {table.rows.map((row, r) => (
                <TableRow key={r}>
                  {row.map((cell, i) => (
                    <TableCell key={i} sx={{ whiteSpace: 'nowrap' }}>
                      {cell}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </CardContent>
    </Card>
  );
}

function UseInComparison({ companyId, conversion }: { companyId: string; conversion: Conversion }) {
  const snackbar = useSnackbar();
  const comparisons = useCompanyComparisons(companyId);
  const [target, setTarget] = useState('');
  const [name, setName] = useState('');
  const [type, setType] = useState<ComparisonMode>('COMPARE_ONLY');
  const [auditType, setAuditType] = useState<AuditType>('ENROLLMENT_AUDIT');
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [used, setUsed] = useState<ConversionUse | null>(null);
  const open = (comparisons.data?.items ?? []).filter((c) => c.step !== 'COMPLETE' && c.status !== 'RUNNING');

  async function attach() {
    setError(null);
    setWorking(true);
    let comparisonId = target;
    if (target === NEW_COMPARISON) {
      const createdComparison = await createComparison(companyId, { name: name.trim(), type, audit_type: auditType });
      if (createdComparison.error) {
        setWorking(false);
        setError(createdComparison.error.message);
        return;
      }
      comparisonId = createdComparison.data.id;
      await comparisons.mutate();
    }
    const result = await attachConversion(companyId, conversion.id, { comparison_id: comparisonId });
    setWorking(false);
    if (result.error) return setError(result.error.message);
    setUsed(result.data);
    snackbar.success('The converted file is the comparison’s carrier file.');
  }

  return (
    <Card variant="outlined" component="section" aria-label="Use in a comparison">
      <CardContent>
        <Stack spacing={1.5}>
          <Typography variant="h6" component="h2">
            Use in a comparison
          </Typography>
          <Typography variant="body2" color="text.secondary">
            The converted file becomes the comparison&apos;s carrier (secondary) file, replacing any it had.
          </Typography>
          {comparisons.data?.next && (
            <TruncatedNotice shown={comparisons.data.items.length} noun="comparisons" hint="Older comparisons are not offered here; open one from the comparisons list." />
          )}
          <TextField select label="Comparison" size="small" sx={{ maxWidth: 480 }} value={target} onChange={(e) => setTarget(e.target.value)}>
            <MenuItem value={NEW_COMPARISON}>New comparison…</MenuItem>
            {open.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
          {target === NEW_COMPARISON && (
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={1}>
              <TextField label="Comparison name" size="small" required value={name} onChange={(e) => setName(e.target.value)} />
              <TextField select label="Mode" size="small" value={type} onChange={(e) => setType(e.target.value as ComparisonMode)} sx={{ minWidth: 180 }}>
                {ComparisonMode.values.map((v) => (
                  <MenuItem key={v} value={v}>
                    {ComparisonMode.label(v)}
                  </MenuItem>
                ))}
              </TextField>
              <TextField select label="Audit type" size="small" value={auditType} onChange={(e) => setAuditType(e.target.value as AuditType)} sx={{ minWidth: 220 }}>
                {AuditType.values.map((v) => (
                  <MenuItem key={v} value={v}>
                    {AuditType.label(v)}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
          )}
          <Stack direction="row" spacing={1}>
            <Button variant="contained" disabled={working || !target || (target === NEW_COMPARISON && !name.trim())} onClick={() => void attach()}>
              Use in comparison
            </Button>
          </Stack>
          {working && <LinearProgress aria-label="Attaching the converted file" />}
          {error && <Alert severity="error">{error}</Alert>}
          {used && (
            <Alert severity="success">
              Attached as the carrier file ({used.file.status === 'PARSED' ? `${(used.file.row_count ?? 0).toLocaleString('en-US')} rows read` : 'being read'}).{' '}
              <Link component={RouterLink} to={`/companies/${companyId}/comparisons/${used.comparison_id}`}>
                Open the comparison
              </Link>
            </Alert>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
