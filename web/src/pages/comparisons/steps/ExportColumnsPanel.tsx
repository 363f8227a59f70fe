import { useState } from 'react';
import { useSWRConfig } from 'swr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isMergeComparison } from '../../../../../shared/comparisons';
import { can } from '../../../../../shared/permissions';
import { errorMessage, fieldErrorsOf, type ApiError } from '../../../api/errors';
import {
  applyExportColumnsTemplate,
  createExportTemplate,
  exportColumnsPath,
  exportTemplatesPath,
  saveExportColumns,
  useExportColumns,
  useExportTemplates,
  type ExportColumns,
} from '../../../data/completion';
import { ApplyTemplatePicker } from '../../../components/ApplyTemplatePicker';
import { ExportColumnsTable } from '../../../components/ExportColumnsTable';
import { useFile, type Comparison } from '../../../data/comparisons';
import { useSnackbar } from '../../../feedback/snackbar';
import { useCurrentUser } from '../../../auth/current-user';
import { draftOf, fileColumnSources, inputOf, type Draft } from './export-column-sources';

/**
 * The export columns (SPEC §3 ExportColumn): which columns, in which order, under which header and
 * with which SSN format; or an export columns template of the company or its organization applied.
 * A merge comparison's merged file is written in them (nothing chosen: every baseline column); a
 * compare-only audit's discrepancies export names each row's member by them (nothing chosen: the
 * identifier, names and relationship).
 */
export function ExportColumnsPanel({ comparison, companyId, readOnly }: { comparison: Comparison; companyId: string; readOnly: boolean }) {
  const { data, error, isLoading } = useExportColumns(companyId, comparison.id);
  const baseline = useFile(companyId, comparison.id, comparison.baseline_file_id);
  const secondary = useFile(companyId, comparison.id, comparison.secondary_file_id);
  const words = isMergeComparison(comparison.type) ? MERGED_WORDS : MEMBER_WORDS;

  return (
    <Box component="section" aria-labelledby="export-columns-title" sx={{ mt: 3 }}>
      <Typography id="export-columns-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {words.title}
      </Typography>
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      {isLoading && !data && <CircularProgress size={20} aria-label="Loading the export columns" />}
      {data && (
        <Editor
          // A save or an applied template answers the new list: the editor starts again from it.
          key={data.items.map((c) => `${c.id}:${c.updated_at}`).join() || 'default'}
          data={data}
          companyId={companyId}
          comparisonId={comparison.id}
          baselineColumns={baseline.data?.columns ?? []}
          secondaryColumns={secondary.data?.columns ?? []}
          readOnly={readOnly}
          words={words}
        />
      )}
    </Box>
  );
}

interface PanelWords {
  title: string;
  none: string;
  reset: string;
  resetDone: string;
  sides: string;
  planLabel: string;
  plan: string;
}

const MERGED_WORDS: PanelWords = {
  title: 'Columns of the merged file',
  none: "No columns chosen: the merged file has every baseline column, in the file's order and names.",
  reset: 'Use every baseline column',
  resetDone: 'The merged file will have every baseline column',
  sides: 'A carrier column is written from the baseline column it is compared with (its data point); one without a data point is left out.',
  planLabel: 'Merged file columns',
  plan: "The merged file's columns:",
};

const MEMBER_WORDS: PanelWords = {
  title: 'Member columns of the export',
  none: 'No columns chosen: each discrepancy and missing row names its member by identifier, first and last name, full name and relationship.',
  reset: 'Use the standard member columns',
  resetDone: 'The export will name members by identifier, names and relationship',
  sides:
    "Each column is read from the member's row in its own file; for a row only in the other file, from the column its data point pairs it with (else the cell is empty). The Unique Identifier column stays unless the columns include every identifier.",
  planLabel: 'Export member columns',
  plan: 'The member columns of the export:',
};

function Editor({
  data,
  companyId,
  comparisonId,
  baselineColumns,
  secondaryColumns,
  readOnly,
  words,
}: {
  data: ExportColumns;
  companyId: string;
  comparisonId: string;
  baselineColumns: readonly string[];
  secondaryColumns: readonly string[];
  readOnly: boolean;
  words: PanelWords;
}) {
  const me = useCurrentUser();
  const { mutate } = useSWRConfig();
  const snackbar = useSnackbar();
  const templates = useExportTemplates({ companyId });
  const [drafts, setDrafts] = useState<Draft[]>(() => data.items.map(draftOf));
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const saved = JSON.stringify(inputOf(data.items.map(draftOf)));
  const dirty = JSON.stringify(inputOf(drafts)) !== saved;
  const incomplete = drafts.some((d) => !d.column);
  const disabled = readOnly || busy;

  const answered = async (res: { data?: ExportColumns; error?: ApiError }, done: string) => {
    setBusy(false);
    if (res.error) {
      setErrors(fieldErrorsOf(res.error));
      snackbar.error(res.error);
      return;
    }
    setErrors({});
    await mutate(exportColumnsPath(companyId, comparisonId), res.data, { revalidate: false });
    snackbar.success(done);
  };

  const save = async (list: Draft[]) => {
    setBusy(true);
    await answered(await saveExportColumns(companyId, comparisonId, inputOf(list)), list.length ? 'Export columns saved' : words.resetDone);
  };

  const apply = async (templateId: string) => {
    setBusy(true);
    await answered(await applyExportColumnsTemplate(companyId, comparisonId, templateId), 'Template applied to the export columns');
  };

  const saveAsTemplate = async () => {
    const name = window.prompt('Template name');
    if (!name?.trim()) return;
    setBusy(true);
    const res = await createExportTemplate(
      { companyId },
      {
        name: name.trim(),
        columns: inputOf(drafts).map(({ file_type: _side, ...c }) => c),
      },
    );
    setBusy(false);
    if (res.error) return snackbar.error(res.error);
    await mutate(exportTemplatesPath({ companyId }));
    snackbar.success('Export columns template saved');
  };

  const err = (i: number, f: string) => errors[`${i}.${f}`];
  const columnError = (d: Draft, i: number) => err(i, d.file_type === 'SECONDARY' ? 'secondary_column_name' : 'baseline_column_name');
  const sources = fileColumnSources({ disabled, baselineColumns, secondaryColumns, columnError });

  return (
    <Stack spacing={2} sx={{ mt: 1 }}>
      {!readOnly && (
        <ApplyTemplatePicker label="Export columns template" templates={templates.data?.items ?? []} onApply={apply} disabled={disabled}>
          {can(me, 'template.create') && (
            <Button onClick={saveAsTemplate} disabled={!drafts.length || incomplete || dirty || disabled}>
              Save as template
            </Button>
          )}
        </ApplyTemplatePicker>
      )}
      {drafts.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {words.none}
        </Typography>
      ) : (
        <ExportColumnsTable
          label="Export columns"
          drafts={drafts}
          setDrafts={setDrafts}
          sources={sources}
          sourceName={(d) => d.column}
          renamedError={(i) => err(i, 'renamed_column_name')}
          disabled={disabled}
        />
      )}
      {!readOnly && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
          <Button onClick={() => setDrafts((all) => [...all, draftOf({ file_type: 'BASELINE', baseline_column_name: '', secondary_column_name: null, renamed_column_name: null, formatting_rule: null })])} disabled={disabled}>
            Add column
          </Button>
          <Button variant="outlined" onClick={() => save(drafts)} disabled={disabled || !dirty || incomplete}>
            Save export columns
          </Button>
          {data.items.length > 0 && (
            <Button onClick={() => save([])} disabled={disabled}>
              {words.reset}
            </Button>
          )}
          {dirty && (
            <Typography variant="body2" color="warning.main" role="status">
              Unsaved changes: the export uses the saved columns.
            </Typography>
          )}
          {busy && <CircularProgress size={20} aria-label="Saving the export columns" />}
        </Stack>
      )}
      <Typography variant="body2" color="text.secondary">
        {words.sides}
      </Typography>
      <Typography variant="body2" aria-label={words.planLabel}>
        <strong>{words.plan}</strong> {data.plan.map((p) => p.header).join(', ') || '—'}
      </Typography>
      {data.missing.length > 0 && (
        <Alert severity="warning">
          Not in the files, left out of the export: {data.missing.map((m) => `${m.column_name}${m.file_type ? ` (${m.file_type === 'SECONDARY' ? 'carrier' : 'baseline'})` : ''}`).join(', ')}
        </Alert>
      )}
    </Stack>
  );
}
