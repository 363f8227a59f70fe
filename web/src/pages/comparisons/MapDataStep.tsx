import { useEffect, useState } from 'react';
import { useSWRConfig } from 'swr';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isMappablePair } from '../../../../shared/compare/value-mapping';
import { errorMessage } from '../../api/errors';
import {
  comparisonPath,
  createDataMapping,
  updateDataMapping,
  updateDataPoint,
  useCompanyDataMappings,
  useComparison,
  useDataPointValues,
  useDataPoints,
  type DataPoint,
  type LastUsedMapping,
} from '../../data/comparisons';
import { useSnackbar } from '../../feedback/snackbar';
import type { StepProps } from './step-props';
import { LastUsedMappingOffer } from './LastUsedMappingOffer';
import { moveToStep } from './move-step';

export function isMappable(p: Pick<DataPoint, 'baseline_column_name' | 'secondary_column_name' | 'is_unique_identifier'>): boolean {
  return isMappablePair(p);
}

/** Map data: per data point, the carrier's values with counts mapped onto baseline values. */
export function MapDataStep({ companyId, comparisonId, goTo }: StepProps) {
  const snackbar = useSnackbar();
  const { mutate } = useSWRConfig();
  const { data: points, error } = useDataPoints(companyId, comparisonId);
  const [pending, setPending] = useState(false);
  if (error) return <Alert severity="error">{errorMessage(error)}</Alert>;
  if (!points) return <LinearProgress aria-label="Loading data points" />;
  const mappable = points.items.filter(isMappable);

  async function next() {
    setPending(true);
    const problem = await moveToStep(mutate, companyId, comparisonId, 'COMPARE');
    setPending(false);
    if (problem) snackbar.error(problem);
    else goTo('COMPARE');
  }

  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">
        Map the carrier’s values onto the baseline’s where they are written differently (for example MED → MEDICAL). Values that already match are
        filled in, and likely ones (codes, initials, product names) are offered for you to check.
      </Typography>
      {mappable.length === 0 && <Alert severity="info">None of the chosen data points holds coded values to map.</Alert>}
      {mappable.map((p) => (
        <MappingPanel key={p.id} companyId={companyId} comparisonId={comparisonId} point={p} />
      ))}
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button variant="contained" disabled={pending} onClick={next}>
          Next: Compare
        </Button>
      </Stack>
    </Stack>
  );
}

function MappingPanel({ companyId, comparisonId, point }: { companyId: string; comparisonId: string; point: DataPoint }) {
  const snackbar = useSnackbar();
  const { mutate } = useSWRConfig();
  const [open, setOpen] = useState(false);
  const values = useDataPointValues(companyId, comparisonId, open ? point.id : null);
  const mappings = useCompanyDataMappings(companyId);
  const { data: comparison } = useComparison(companyId, comparisonId);
  const [targets, setTargets] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!values.data) return;
    setTargets(Object.fromEntries(values.data.values.map((v) => [v.value, v.mapped_to ?? v.suggested_target ?? ''])));
  }, [values.data]);

  const unmapped = values.data ? values.data.values.filter((v) => !targets[v.value]).length : null;

  async function save() {
    if (!values.data) return;
    if (unmapped && !window.confirm(`${unmapped} value${unmapped === 1 ? ' is' : 's are'} still unmapped and will be compared as written. Save anyway?`)) return;
    setSaving(true);
    const fields = values.data.values
      .filter((v) => targets[v.value] && (targets[v.value] !== v.value || v.status === 'mapped'))
      .map((v) => ({ source: v.value, target: targets[v.value]! }));
    const existing = (mappings.data?.items ?? []).find((m) => m.id === point.data_mapping_id && m.level === 'COMPANY');
    const mapping = existing
      ? await updateDataMapping(companyId, existing.id, { fields, updated_at: existing.updated_at })
      : await createDataMapping(companyId, { name: `${comparison?.name ?? 'Comparison'}: ${point.secondary_column_name} → ${point.baseline_column_name}`, fields });
    if (mapping.error) {
      setSaving(false);
      return snackbar.error(mapping.error);
    }
    if (point.data_mapping_id !== mapping.data.id) {
      const linked = await updateDataPoint(companyId, comparisonId, point.id, { data_mapping_id: mapping.data.id, updated_at: point.updated_at });
      if (linked.error) {
        setSaving(false);
        return snackbar.error(linked.error);
      }
    }
    setSaving(false);
    await Promise.all([mutate(`${comparisonPath(companyId, comparisonId)}/data_points`), mappings.mutate(), values.mutate()]);
    snackbar.success('Mapping saved');
  }

  async function applyOffer(offer: LastUsedMapping) {
    setSaving(true);
    const linked = await updateDataPoint(companyId, comparisonId, point.id, { data_mapping_id: offer.id, updated_at: point.updated_at });
    setSaving(false);
    if (linked.error) return snackbar.error(linked.error);
    await Promise.all([mutate(`${comparisonPath(companyId, comparisonId)}/data_points`), values.mutate()]);
    snackbar.success(`Using the mapping “${offer.name}”`);
  }

  return (
    <Accordion expanded={open} onChange={(_e, v) => setOpen(v)} variant="outlined">
      <AccordionSummary aria-controls={`map-${point.id}`}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography sx={{ fontWeight: 600 }}>
            {point.secondary_column_name} → {point.baseline_column_name}
          </Typography>
          {point.data_mapping_id && <Chip size="small" label="Mapping saved" color="success" variant="outlined" />}
          {unmapped !== null && <Chip size="small" color={unmapped ? 'warning' : 'success'} label={`${unmapped} unmapped`} />}
        </Stack>
      </AccordionSummary>
      <AccordionDetails id={`map-${point.id}`}>
        {values.isLoading && <LinearProgress aria-label="Loading values" />}
        {values.error && <Alert severity="error">{errorMessage(values.error)}</Alert>}
        {values.data && (
          <Stack spacing={1}>
            {values.data.last_used_mapping && (
              <LastUsedMappingOffer offer={values.data.last_used_mapping} disabled={saving} onUse={() => applyOffer(values.data!.last_used_mapping!)} />
            )}
            {values.data.truncated && <Alert severity="info">This column has more distinct values than can be listed; the most frequent are shown.</Alert>}
            <Table size="small" aria-label={`Values of ${point.secondary_column_name}`}>
              <TableHead>
                <TableRow>
                  <TableCell>Carrier value</TableCell>
                  <TableCell align="right">Rows</TableCell>
                  <TableCell>Baseline value</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {values.data.values.map((v) => (
                  <TableRow key={v.value}>
                    <TableCell>{v.value}</TableCell>
                    <TableCell align="right">{v.count.toLocaleString('en-US')}</TableCell>
                    <TableCell>
                      <TextField
                        select
                        size="small"
                        value={targets[v.value] ?? ''}
                        onChange={(e) => setTargets((t) => ({ ...t, [v.value]: e.target.value }))}
                        sx={{ minWidth: 220 }}
                        // A guess (MED → MEDICAL) is filled in for the user to check, and says so until changed.
                        helperText={v.match === 'likely' && targets[v.value] === v.suggested_target ? 'Likely match: check it' : undefined}
                        slotProps={{ htmlInput: { 'aria-label': `Baseline value for ${v.value}` } }}
                      >
                        <MenuItem value="">Unmapped</MenuItem>
                        {[...new Set([...(values.data?.baseline_values ?? []).map((b) => b.value), ...(targets[v.value] ? [targets[v.value]!] : [])])].map((b) => (
                          <MenuItem key={b} value={b}>
                            {b}
                          </MenuItem>
                        ))}
                      </TextField>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
              <Button variant="outlined" disabled={saving} onClick={save}>
                Save mapping
              </Button>
            </Stack>
          </Stack>
        )}
      </AccordionDetails>
    </Accordion>
  );
}
