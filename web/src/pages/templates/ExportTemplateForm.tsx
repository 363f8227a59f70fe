import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ExportTemplate, ExportTemplateColumn, ExportTemplateInput } from '../../data/completion';
import { ExportColumnsTable, exportedAs, newDraftKey, type ExportColumnDraft, type SourceColumn } from '../../components/ExportColumnsTable';
import { RowsFormActions } from '../../components/RowsFormActions';

interface ColumnDraft extends ExportColumnDraft {
  baseline: string;
  secondary: string;
}
const draftOf = (c?: ExportTemplateColumn): ColumnDraft => ({
  key: newDraftKey(),
  baseline: c?.baseline_column_name ?? '',
  secondary: c?.secondary_column_name ?? '',
  renamed: c?.renamed_column_name ?? '',
  rule: c?.formatting_rule ?? '',
});

/** The cell naming a template column's baseline or carrier column: a template belongs to no file, so names are typed, not picked. */
const nameColumn = (field: 'baseline' | 'secondary', header: string, disabled: boolean, err: (index: number, field: string) => string | undefined): SourceColumn<ColumnDraft> => ({
  header,
  cell: (c, { n, index, set }) => {
    const error = err(index, `${field}_column_name`);
    return (
      <TextField
        size="small"
        value={c[field]}
        onChange={(e) => set({ [field]: e.target.value })}
        disabled={disabled}
        error={!!error}
        helperText={error}
        slotProps={{ htmlInput: { 'aria-label': `${header} ${n}` } }}
      />
    );
  },
});

/** Editor of a template's name and ordered columns (the order is the export's). */
export function ExportTemplateForm({
  initial,
  busy,
  errors,
  onSubmit,
  onCancel,
  submitLabel,
  readOnly,
}: {
  initial?: ExportTemplate;
  busy: boolean;
  errors: Record<string, string>;
  onSubmit: (value: ExportTemplateInput) => void;
  onCancel?: () => void;
  submitLabel: string;
  readOnly?: boolean;
}) {
  const [name, setName] = useState(initial?.name ?? '');
  const [columns, setColumns] = useState<ColumnDraft[]>(() => (initial?.columns.length ? initial.columns.map(draftOf) : [draftOf()]));
  const submit = () =>
    onSubmit({
      name,
      columns: columns.map((c, index) => ({
        baseline_column_name: c.baseline.trim() || null,
        secondary_column_name: c.secondary.trim() || null,
        ...exportedAs(c),
        index,
      })),
    });
  const disabled = busy || !!readOnly;
  const err = (index: number, field: string) => errors[`columns.${index}.${field}`];

  return (
    <Stack spacing={2} component="form" onSubmit={(e) => (e.preventDefault(), submit())} aria-label="Export template">
      <TextField label="Template name" value={name} onChange={(e) => setName(e.target.value)} required disabled={disabled} error={!!errors.name} helperText={errors.name} />
      {errors.columns && <Alert severity="error">{errors.columns}</Alert>}
      <ExportColumnsTable
        label="Template columns"
        drafts={columns}
        setDrafts={setColumns}
        sources={[nameColumn('baseline', 'Baseline column', disabled, err), nameColumn('secondary', 'Carrier column', disabled, err)]}
        renamedError={(index) => err(index, 'renamed_column_name')}
        disabled={disabled}
        minRows={1}
      />
      {!readOnly && <RowsFormActions addLabel="Add column" onAdd={() => setColumns((cs) => [...cs, draftOf()])} onCancel={onCancel} submitLabel={submitLabel} disabled={busy} />}
    </Stack>
  );
}
