import { useState } from 'react';
import type { GridRowSelectionModel } from '@mui/x-data-grid';
import type { Discrepancy } from '../../../../data/verification';

/**
 * The discrepancies chosen for a bulk resolve, kept across pages (a row stays chosen when its
 * page is left), and whether they are every match of the filters, chosen at once.
 */
export function useSelection(rows: readonly Discrepancy[]) {
  const [selection, setSelection] = useState<Map<string, Discrepancy>>(new Map());
  const [allSelected, setAllSelected] = useState(false);

  const model: GridRowSelectionModel = { type: 'include', ids: new Set(selection.keys()) };
  const onModelChange = (next: GridRowSelectionModel) => {
    setAllSelected(false);
    const kept = new Map<string, Discrepancy>();
    const has = (id: string) => (next.type === 'include' ? next.ids.has(id) : !next.ids.has(id));
    for (const [id, row] of selection) if (has(id)) kept.set(id, row);
    for (const row of rows) {
      if (has(row.id)) kept.set(row.id, row);
      else kept.delete(row.id);
    }
    setSelection(kept);
  };

  return {
    selection,
    allSelected,
    model,
    onModelChange,
    pageAllSelected: rows.length > 0 && rows.every((r) => selection.has(r.id)),
    /** Every match of the filters, as the API listed them. */
    selectEveryMatch: (matches: readonly Discrepancy[]) => {
      setSelection(new Map(matches.map((r) => [r.id, r])));
      setAllSelected(true);
    },
    /** Only these of the chosen rows stay chosen (none when not given). */
    keepOnly: (ids: readonly string[] = []) => {
      const kept = new Map<string, Discrepancy>();
      for (const id of ids) {
        const row = selection.get(id);
        if (row) kept.set(id, row);
      }
      setSelection(kept);
      setAllSelected(false);
    },
  };
}
