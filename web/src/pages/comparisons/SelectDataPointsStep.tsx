import { useEffect, useMemo, useState } from 'react';
import { useSWRConfig } from 'swr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CALCULATION_OPERATION_LABELS } from '../../../../shared/calculations';
import { isNameLikeColumn, mappingSetHasNameColumns } from '../../../../shared/columns';
import { DATE_FORMATS, dateParser, isDateColumnName } from '../../../../shared/compare';
import { isAmountPair } from '../../../../shared/compare/column-roles';
import { matchesByPerson, missingPersonFields, PERSON_FIELDS_RULE } from '../../../../shared/compare/person-fields';
import { formatDay, type DateFormat } from '../../../../shared/compare/dates';
import { NAME_COLUMNS_RULE, UNIQUE_IDENTIFIER_RULE } from '../../../../shared/schemas/data-point';
import { errorMessage } from '../../api/errors';
import {
  applyTemplate,
  comparisonPath,
  createTemplate,
  saveDataPoints,
  updateComparison,
  useCompanyTemplates,
  useComparison,
  useDataPointSuggestions,
  useDataPoints,
  type DataPoint,
  type DataPointInput,
  type DateColumn,
  type Suggestion,
} from '../../data/comparisons';
import { ApplyTemplatePicker } from '../../components/ApplyTemplatePicker';
import { useSnackbar } from '../../feedback/snackbar';
import type { StepProps } from './step-props';
import { moveToStep } from './move-step';
import { parseTolerance, takesTolerance, toleranceText } from './tolerance';
import { columnFill, isEmptyColumn } from './column-fill';

interface Row {
  key: number;
  baseline_column_name: string;
  secondary_column_name: string;
  is_unique_identifier: boolean;
  date_format: DateFormat | null;
  data_mapping_id: string | null;
  discrepancy_function: DataPoint['discrepancy_function'];
  /** As typed; checked by parseTolerance. */
  tolerance: string;
  suggestion?: Suggestion;
}

let nextKey = 1;
const rowOf = (p: Partial<Row> & Pick<Row, 'baseline_column_name' | 'secondary_column_name'>, suggestion?: Suggestion): Row => ({
  key: nextKey++,
  is_unique_identifier: false,
  date_format: null,
  data_mapping_id: null,
  discrepancy_function: null,
  tolerance: '',
  ...p,
  suggestion,
});

/** A column to pick, with how full it is in its file when the file's columns were counted. */
function ColumnOption({ name, fill }: { name: string; fill: string | null }) {
  return (
    <Box component="span" sx={{ display: 'flex', width: '100%', gap: 2, justifyContent: 'space-between' }}>
      <span>{name}</span>
      {fill && (
        <Typography component="span" variant="body2" color={fill === 'empty' ? 'warning.main' : 'text.secondary'}>
          {fill}
        </Typography>
      )}
    </Box>
  );
}

/** Under a chosen column: how full it is; an empty one makes a finding of every row it is compared on. */
function FillCaption({ fill, side }: { fill: string | null; side: string }) {
  if (!fill) return null;
  return (
    <Typography variant="caption" component="div" color={fill === 'empty' ? 'warning.main' : 'text.secondary'} aria-label={`${side} column fill`}>
      {fill === 'empty' ? 'empty in this file' : fill}
    </Typography>
  );
}

function previewDates(column: DateColumn | undefined, format: string | null): string {
  if (!column || !column.preview.length) return '';
  if (!format) return column.preview.map((p) => `${p.value} → ${p.parsed ?? '?'}`).join(', ');
  const parse = dateParser(format as DateFormat);
  return column.preview
    .map((p) => {
      const day = parse(p.value);
      return `${p.value} → ${Number.isNaN(day) ? 'not a date' : formatDay(day)}`;
    })
    .join(', ');
}

/** Select data points: suggested pairs to accept, change or remove; identifier and name-like required. */
export function SelectDataPointsStep({ companyId, comparisonId, goTo }: StepProps) {
  const snackbar = useSnackbar();
  const { mutate } = useSWRConfig();
  const suggestions = useDataPointSuggestions(companyId, comparisonId);
  const saved = useDataPoints(companyId, comparisonId);
  const templates = useCompanyTemplates(companyId);
  const comparisonRead = useComparison(companyId, comparisonId);
  const files = comparisonRead.data;
  const baselineFill = (column: string) => (column ? columnFill(files?.baseline_file, column) : null);
  const carrierFill = (column: string) => (column ? columnFill(files?.secondary_file, column) : null);
  const [rows, setRows] = useState<Row[] | null>(null);
  const [warnings, setWarnings] = useState<string[]>([]);
  const [pending, setPending] = useState(false);
  const [savedOnce, setSavedOnce] = useState(false);

  // Start from what was saved, otherwise from the suggestions.
  useEffect(() => {
    if (rows || !suggestions.data || !saved.data) return;
    const byPair = new Map(suggestions.data.suggestions.map((s) => [`${s.baseline_column_name}\u0000${s.secondary_column_name}`, s]));
    if (saved.data.items.length) {
      setRows(
        saved.data.items.map((p) =>
          rowOf(
            {
              baseline_column_name: p.baseline_column_name,
              secondary_column_name: p.secondary_column_name,
              is_unique_identifier: p.is_unique_identifier,
              date_format: typeof p.date_format === 'string' ? p.date_format : null,
              data_mapping_id: p.data_mapping_id,
              discrepancy_function: p.discrepancy_function,
              tolerance: toleranceText(p.tolerance),
            },
            byPair.get(`${p.baseline_column_name}\u0000${p.secondary_column_name}`),
          ),
        ),
      );
    } else {
      const dates = new Map(suggestions.data.date_columns.baseline.map((d) => [d.column_name, d.date_format]));
      setRows(
        suggestions.data.suggestions.map((s) =>
          rowOf({ ...s, is_unique_identifier: s.suggested_unique_identifier, date_format: s.is_date ? dates.get(s.baseline_column_name) ?? null : null }, s),
        ),
      );
    }
  }, [rows, suggestions.data, saved.data]);

  const data = suggestions.data;
  const complete = (rows ?? []).filter((r) => r.baseline_column_name && r.secondary_column_name);
  const hasIdentifier = complete.some((r) => r.is_unique_identifier);
  // Matching by person needs the person's fields in place of an identifier.
  const byPerson = !!files && matchesByPerson(files);
  const missingPerson = missingPersonFields(complete);
  const keyReady = byPerson ? missingPerson.length === 0 : hasIdentifier;
  const hasNames = mappingSetHasNameColumns(
    complete.map((r) => r.baseline_column_name),
    complete.map((r) => r.secondary_column_name),
  );
  const dateColumns = useMemo(() => new Map((data?.date_columns.baseline ?? []).map((d) => [d.column_name, d])), [data]);
  const secondaryDateColumns = useMemo(() => new Map((data?.date_columns.secondary ?? []).map((d) => [d.column_name, d])), [data]);

  if (suggestions.error) return <Alert severity="error">{errorMessage(suggestions.error)}</Alert>;
  if (!data || !rows) return <LinearProgress aria-label="Loading suggestions" />;

  const update = (key: number, patch: Partial<Row>) =>
    setRows((all) =>
      (all ?? []).map((r) => {
        if (r.key !== key) return r;
        const columnsChanged = !!(patch.baseline_column_name || patch.secondary_column_name);
        let next = { ...r, ...patch, suggestion: columnsChanged ? undefined : r.suggestion };
        // A calculation only means something on two amounts; a pair that stops being one loses it unseen otherwise.
        if (columnsChanged && next.discrepancy_function && !isAmountPair(next.baseline_column_name, next.secondary_column_name)) next = { ...next, discrepancy_function: null };
        // A tolerance left on a pair that no longer takes one would be saved unseen.
        return columnsChanged && !takesTolerance(next) ? { ...next, tolerance: '' } : next;
      }),
    );
  const remove = (key: number) => setRows((all) => (all ?? []).filter((r) => r.key !== key));
  const inputs = (): DataPointInput[] =>
    complete.map((r) => ({
      baseline_column_name: r.baseline_column_name,
      secondary_column_name: r.secondary_column_name,
      is_unique_identifier: r.is_unique_identifier,
      date_format: r.date_format,
      data_mapping_id: r.data_mapping_id,
      discrepancy_function: r.discrepancy_function,
      tolerance: parseTolerance(r.tolerance).value,
    }));
  const toleranceInvalid = complete.some((r) => parseTolerance(r.tolerance).error);

  async function save() {
    setPending(true);
    const result = await saveDataPoints(companyId, comparisonId, inputs());
    setPending(false);
    if (result.error) {
      snackbar.error(result.error);
      return;
    }
    await mutate(`${comparisonPath(companyId, comparisonId)}/data_points`, { items: result.data.items, next: null }, { revalidate: false });
    setWarnings(result.data.warnings);
    setSavedOnce(true);
    if (!result.data.warnings.length) await next();
    else snackbar.show('Data points saved, with warnings to review', 'warning');
  }

  async function matchByPerson() {
    if (!files) return;
    setPending(true);
    const result = await updateComparison(companyId, comparisonId, { match_by: 'PERSON', updated_at: files.updated_at });
    setPending(false);
    if (result.error) return snackbar.error(result.error);
    await comparisonRead.mutate();
  }

  async function next() {
    setPending(true);
    const problem = await moveToStep(mutate, companyId, comparisonId, 'MAP_DATA');
    setPending(false);
    if (problem) snackbar.error(problem);
    else goTo('MAP_DATA');
  }

  async function apply(templateId: string) {
    setPending(true);
    const result = await applyTemplate(companyId, comparisonId, templateId);
    setPending(false);
    if (result.error) return snackbar.error(result.error);
    setRows(result.data.items.map((p) => rowOf({ ...p, date_format: typeof p.date_format === 'string' ? p.date_format : null, tolerance: toleranceText(p.tolerance) })));
    setWarnings(result.data.warnings);
    setSavedOnce(true);
    await mutate(`${comparisonPath(companyId, comparisonId)}/data_points`);
    snackbar.success('Template applied');
  }

  async function saveTemplate() {
    const name = window.prompt('Template name');
    if (!name) return;
    const result = await createTemplate(companyId, {
      name,
      columns: complete.map((r) => ({ baseline_column_name: r.baseline_column_name, secondary_column_name: r.secondary_column_name, is_unique_identifier: r.is_unique_identifier })),
    });
    if (result.error) return snackbar.error(result.error);
    await templates.mutate();
    snackbar.success('Template saved');
  }

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          Required
        </Typography>
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ mt: 1 }}>
          {byPerson ? (
            <Chip color={keyReady ? 'success' : 'warning'} label={`${keyReady ? '✓' : '✗'} The person: date of birth, last and first name`} />
          ) : (
            <Chip color={hasIdentifier ? 'success' : 'warning'} label={`${hasIdentifier ? '✓' : '✗'} A unique identifier`} />
          )}
          <Chip color={hasNames ? 'success' : 'warning'} label={`${hasNames ? '✓' : '✗'} A name column on both sides`} />
        </Stack>
        {byPerson && !keyReady && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {PERSON_FIELDS_RULE} <strong>Missing: {missingPerson.join(', ')}.</strong>
          </Typography>
        )}
        {!byPerson && !hasIdentifier && (
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ mt: 1, alignItems: { md: 'center' } }}>
            <Typography variant="body2">{UNIQUE_IDENTIFIER_RULE} When the files share no identifier, match the rows by person.</Typography>
            {files && files.audit_type !== 'INVOICE_RECONCILIATION' && (
              <Button size="small" disabled={pending} onClick={matchByPerson}>
                Match by person instead
              </Button>
            )}
          </Stack>
        )}
        {keyReady && !hasNames && <Typography variant="body2" sx={{ mt: 1 }}>{NAME_COLUMNS_RULE}</Typography>}
      </Paper>

      <ApplyTemplatePicker label="Template" templates={templates.data?.items ?? []} onApply={apply} disabled={pending}>
        <Button disabled={!complete.length || pending} onClick={saveTemplate}>
          Save as template
        </Button>
      </ApplyTemplatePicker>

      <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label="Data points">
          <TableHead>
            <TableRow>
              <TableCell>Baseline column</TableCell>
              <TableCell>Carrier column</TableCell>
              <TableCell>Why suggested</TableCell>
              <TableCell>Unique identifier</TableCell>
              <TableCell>Date format</TableCell>
              <TableCell>Calculation</TableCell>
              <TableCell>Tolerance</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => {
              const isDate = isDateColumnName(r.baseline_column_name) || isDateColumnName(r.secondary_column_name);
              const nameLike = isNameLikeColumn(r.baseline_column_name) && isNameLikeColumn(r.secondary_column_name);
              const numeric = takesTolerance(r);
              const calculable = isAmountPair(r.baseline_column_name, r.secondary_column_name) || !!r.discrepancy_function;
              const toleranceError = parseTolerance(r.tolerance).error;
              return (
                <TableRow key={r.key}>
                  <TableCell>
                    <TextField select size="small" value={r.baseline_column_name} onChange={(e) => update(r.key, { baseline_column_name: e.target.value })} slotProps={{ htmlInput: { 'aria-label': 'Baseline column' }, select: { renderValue: (v) => String(v) } }} sx={{ minWidth: 180 }}>
                      {data.baseline_columns.map((c) => (
                        <MenuItem key={c} value={c}>
                          <ColumnOption name={c} fill={baselineFill(c)} />
                        </MenuItem>
                      ))}
                    </TextField>
                    <FillCaption fill={baselineFill(r.baseline_column_name)} side="Baseline" />
                  </TableCell>
                  <TableCell>
                    <TextField select size="small" value={r.secondary_column_name} onChange={(e) => update(r.key, { secondary_column_name: e.target.value })} slotProps={{ htmlInput: { 'aria-label': 'Carrier column' }, select: { renderValue: (v) => String(v) } }} sx={{ minWidth: 180 }}>
                      {data.secondary_columns.map((c) => (
                        <MenuItem key={c} value={c}>
                          <ColumnOption name={c} fill={carrierFill(c)} />
                        </MenuItem>
                      ))}
                    </TextField>
                    <FillCaption fill={carrierFill(r.secondary_column_name)} side="Carrier" />
                  </TableCell>
                  <TableCell>
                    {r.suggestion ? `${r.suggestion.reason}, ${Math.round(r.suggestion.confidence * 100)}% sure` : 'Chosen by you'}
                    {nameLike && <Chip size="small" label="Name" sx={{ ml: 1 }} />}
                    {(isEmptyColumn(files?.baseline_file, r.baseline_column_name) || isEmptyColumn(files?.secondary_file, r.secondary_column_name)) && (
                      <Chip size="small" color="warning" label="A side is empty: every row will differ" sx={{ ml: 1 }} />
                    )}
                  </TableCell>
                  <TableCell>
                    <Checkbox checked={r.is_unique_identifier} onChange={(e) => update(r.key, { is_unique_identifier: e.target.checked })} slotProps={{ input: { 'aria-label': `Unique identifier: ${r.baseline_column_name}` } }} />
                  </TableCell>
                  <TableCell>
                    {isDate && (
                      <Box>
                        <TextField select size="small" value={r.date_format ?? ''} onChange={(e) => update(r.key, { date_format: DATE_FORMATS.find((f) => f === e.target.value) ?? null })} sx={{ minWidth: 150 }} slotProps={{ htmlInput: { 'aria-label': 'Date format' } }}>
                          <MenuItem value="">Detect</MenuItem>
                          {DATE_FORMATS.map((f) => (
                            <MenuItem key={f} value={f}>
                              {f}
                            </MenuItem>
                          ))}
                        </TextField>
                        <Typography variant="caption" component="div">
                          Baseline: {previewDates(dateColumns.get(r.baseline_column_name), r.date_format)}
                        </Typography>
                        <Typography variant="caption" component="div">
                          Carrier: {previewDates(secondaryDateColumns.get(r.secondary_column_name), null)}
                        </Typography>
                      </Box>
                    )}
                  </TableCell>
                  <TableCell>
                    {calculable ? (
                      <TextField
                        select
                        size="small"
                        value={r.discrepancy_function ?? ''}
                        onChange={(e) => update(r.key, { discrepancy_function: CALCULATION_OPERATION_LABELS.find((l) => l === e.target.value) ?? null })}
                        sx={{ minWidth: 220 }}
                        slotProps={{ htmlInput: { 'aria-label': `Calculation: ${r.baseline_column_name || 'data point'}` }, select: { displayEmpty: true } }}
                      >
                        <MenuItem value="">None</MenuItem>
                        {CALCULATION_OPERATION_LABELS.map((label) => (
                          <MenuItem key={label} value={label}>
                            {label}
                          </MenuItem>
                        ))}
                      </TextField>
                    ) : (
                      // Operations add, subtract, multiply or divide the two values: only amounts take one.
                      <Typography variant="body2" color="text.disabled" title="Only amounts (premiums, costs, benefit amounts) take a calculation">
                        —
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    {numeric ? (
                      <TextField
                        size="small"
                        value={r.tolerance}
                        onChange={(e) => update(r.key, { tolerance: e.target.value })}
                        error={!!toleranceError}
                        helperText={toleranceError}
                        placeholder="0.00"
                        sx={{ width: 130 }}
                        slotProps={{ htmlInput: { 'aria-label': `Tolerance: ${r.baseline_column_name || 'data point'}`, inputMode: 'decimal' } }}
                      />
                    ) : (
                      // Only amounts take a tolerance; an empty box on every text row reads as a field to fill.
                      <Typography variant="body2" color="text.disabled" title="Only amounts (premiums, costs, benefit amounts) or calculated values take a tolerance">
                        —
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell>
                    <IconButton aria-label={`Remove ${r.baseline_column_name || 'data point'}`} onClick={() => remove(r.key)}>
                      ✕
                    </IconButton>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </Paper>
      <Box>
        <Button onClick={() => setRows((all) => [...(all ?? []), rowOf({ baseline_column_name: '', secondary_column_name: '' })])}>Add data point</Button>
      </Box>
      {warnings.length > 0 && (
        <Alert severity="warning" role="status">
          <Stack spacing={1}>
            {warnings.map((w) => (
              <span key={w}>{w}</span>
            ))}
          </Stack>
        </Alert>
      )}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        {savedOnce && warnings.length > 0 && (
          <Button variant="outlined" disabled={pending} onClick={next}>
            Continue to Map data
          </Button>
        )}
        <Button variant="contained" disabled={!keyReady || !hasNames || toleranceInvalid || pending} onClick={save}>
          Save and continue
        </Button>
      </Stack>
    </Stack>
  );
}
