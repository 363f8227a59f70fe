import type { Dispatch, ReactNode, SetStateAction } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { ExportFormattingRule } from '../../../shared/files';

/** What every export column being edited has, whichever way it names the column it is read from. */
export interface ExportColumnDraft {
  /** Stays with the row when it moves, so React keeps each row's fields with it. */
  key: number;
  /** The header written instead of the column's own; empty keeps the name. */
  renamed: string;
  /** Empty writes the values as they are in the file. */
  rule: ExportFormattingRule | '';
}

let lastKey = 0;
/** The key of a newly made draft. */
export const newDraftKey = () => ++lastKey;

/** The renamed header and formatting rule of a draft as the API takes them. */
export const exportedAs = (d: ExportColumnDraft) => ({
  renamed_column_name: d.renamed.trim() || null,
  formatting_rule: d.rule || null,
});

/** The cell, and its header, that chooses which column of which file a row exports. */
export interface SourceColumn<D> {
  header: string;
  cell: (draft: D, row: { n: number; index: number; set: (patch: Partial<D>) => void }) => ReactNode;
}

/**
 * The ordered export columns of a merged file, in a table: where each is read from (the caller's
 * `sources` cells), the header it is written under, how its values are formatted, and buttons to
 * move or remove it. The order of `drafts` is the export's.
 */
export function ExportColumnsTable<D extends ExportColumnDraft>({
  label,
  drafts,
  setDrafts,
  sources,
  sourceName = () => '',
  renamedError,
  disabled,
  minRows = 0,
}: {
  /** The table's accessible name. */
  label: string;
  drafts: readonly D[];
  setDrafts: Dispatch<SetStateAction<D[]>>;
  sources: readonly SourceColumn<D>[];
  /** The column's own name, shown where no new header is typed. */
  sourceName?: (draft: D) => string;
  renamedError?: (index: number) => string | undefined;
  disabled: boolean;
  /** Rows that cannot be removed below this count. */
  minRows?: number;
}) {
  // A patch of the shared fields (header, formatting) or of the caller's own.
  const set = (key: number, patch: Partial<D> | Partial<ExportColumnDraft>) => setDrafts((all) => all.map((d) => (d.key === key ? { ...d, ...patch } : d)));
  const move = (from: number, to: number) =>
    setDrafts((all) => {
      const next = [...all];
      const [d] = next.splice(from, 1);
      next.splice(to, 0, d!);
      return next;
    });
  const remove = (key: number) => setDrafts((all) => all.filter((d) => d.key !== key));

  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>#</TableCell>
            {sources.map((s) => (
              <TableCell key={s.header}>{s.header}</TableCell>
            ))}
            <TableCell>Export as</TableCell>
            <TableCell>Formatting</TableCell>
            <TableCell aria-label="Order and removal" />
          </TableRow>
        </TableHead>
        <TableBody>
          {drafts.map((d, index) => {
            const n = index + 1;
            const error = renamedError?.(index);
            return (
              <TableRow key={d.key}>
                <TableCell>{n}</TableCell>
                {sources.map((s) => (
                  <TableCell key={s.header}>{s.cell(d, { n, index, set: (patch) => set(d.key, patch) })}</TableCell>
                ))}
                <TableCell>
                  <TextField
                    size="small"
                    value={d.renamed}
                    placeholder={sourceName(d) || '(same name)'}
                    onChange={(e) => set(d.key, { renamed: e.target.value })}
                    disabled={disabled}
                    error={!!error}
                    helperText={error}
                    slotProps={{ htmlInput: { 'aria-label': `Export column ${n} as` } }}
                  />
                </TableCell>
                <TableCell>
                  <TextField
                    select
                    size="small"
                    value={d.rule}
                    onChange={(e) => set(d.key, { rule: ExportFormattingRule.is(e.target.value) ? e.target.value : '' })}
                    disabled={disabled}
                    sx={{ minWidth: 180 }}
                    // The empty choice is a real one (no formatting): it shows its label, not a blank box.
                    slotProps={{ htmlInput: { 'aria-label': `Formatting of column ${n}` }, select: { displayEmpty: true } }}
                  >
                    <MenuItem value="">As in the file</MenuItem>
                    {ExportFormattingRule.options.map((o) => (
                      <MenuItem key={o.value} value={o.value}>
                        {o.label}
                      </MenuItem>
                    ))}
                  </TextField>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <IconButton aria-label={`Move column ${n} up`} onClick={() => move(index, index - 1)} disabled={disabled || index === 0}>
                    ↑
                  </IconButton>
                  <IconButton aria-label={`Move column ${n} down`} onClick={() => move(index, index + 1)} disabled={disabled || index === drafts.length - 1}>
                    ↓
                  </IconButton>
                  <IconButton aria-label={`Remove column ${n}`} onClick={() => remove(d.key)} disabled={disabled || drafts.length <= minRows}>
                    ✕
                  </IconButton>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
}
