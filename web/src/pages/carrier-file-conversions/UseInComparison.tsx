import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AuditType, ComparisonMode } from '../../../../shared/comparisons';
import { createComparison, useCompanyComparisons } from '../../data/comparisons';
import { attachConversion, type Conversion, type ConversionUse } from '../../data/carrier-file-conversions';
import { useSnackbar } from '../../feedback/snackbar';
import { TruncatedNotice } from '../../components/TruncatedNotice';

const NEW_COMPARISON = '__new__';

/**
 * Attaches the converted workbook as the carrier file of an open comparison of the company, or of
 * a new one made here with its name, mode and audit type.
 */
export function UseInComparison({ companyId, conversion }: { companyId: string; conversion: Conversion }) {
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
