import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { FileType } from '../../../../../shared/files';
import type { ExportColumn, ExportColumnsInput } from '../../../data/completion';
import { exportedAs, newDraftKey, type ExportColumnDraft, type SourceColumn } from '../../../components/ExportColumnsTable';

/** An export column of the comparison being edited: a column of its baseline or its carrier file. */
export interface Draft extends ExportColumnDraft {
  file_type: FileType;
  column: string;
}

export const draftOf = (c: Pick<ExportColumn, 'file_type' | 'baseline_column_name' | 'secondary_column_name' | 'renamed_column_name' | 'formatting_rule'>): Draft => ({
  key: newDraftKey(),
  file_type: c.file_type,
  column: (c.file_type === 'SECONDARY' ? c.secondary_column_name : c.baseline_column_name) ?? '',
  renamed: c.renamed_column_name ?? '',
  rule: c.formatting_rule ?? '',
});

export const inputOf = (drafts: readonly Draft[]): ExportColumnsInput =>
  drafts.map((d, index) => ({
    file_type: d.file_type,
    baseline_column_name: d.file_type === 'BASELINE' ? d.column : null,
    secondary_column_name: d.file_type === 'SECONDARY' ? d.column : null,
    index,
    ...exportedAs(d),
  }));

const SIDE_LABEL: Record<FileType, string> = { BASELINE: 'Baseline', SECONDARY: 'Carrier' };

/** The cells choosing where an export column is read from: the file, then one of that file's columns. */
export function fileColumnSources({
  disabled,
  baselineColumns,
  secondaryColumns,
  columnError,
}: {
  disabled: boolean;
  baselineColumns: readonly string[];
  secondaryColumns: readonly string[];
  columnError: (d: Draft, index: number) => string | undefined;
}): SourceColumn<Draft>[] {
  return [
    {
      header: 'File',
      cell: (d, { n, set }) => (
        <TextField
          select
          size="small"
          value={d.file_type}
          onChange={(e) => set({ file_type: FileType.is(e.target.value) ? e.target.value : d.file_type, column: '' })}
          disabled={disabled}
          sx={{ minWidth: 120 }}
          slotProps={{ htmlInput: { 'aria-label': `File of column ${n}` } }}
        >
          {FileType.values.map((side) => (
            <MenuItem key={side} value={side}>
              {SIDE_LABEL[side]}
            </MenuItem>
          ))}
        </TextField>
      ),
    },
    {
      header: 'Column',
      cell: (d, { n, index, set }) => {
        const options = d.file_type === 'SECONDARY' ? secondaryColumns : baselineColumns;
        // A column the file no longer has still shows (the plan below lists it as missing).
        const choices = d.column && !options.includes(d.column) ? [d.column, ...options] : options;
        return (
          <TextField
            select
            size="small"
            value={d.column}
            onChange={(e) => set({ column: e.target.value })}
            disabled={disabled}
            error={!d.column || !!columnError(d, index)}
            helperText={columnError(d, index)}
            sx={{ minWidth: 200 }}
            slotProps={{ htmlInput: { 'aria-label': `Column ${n}` } }}
          >
            {choices.map((c) => (
              <MenuItem key={c} value={c}>
                {c}
              </MenuItem>
            ))}
          </TextField>
        );
      },
    },
  ];
}
