import { useState } from 'react';
import type { GridRowSelectionModel } from '@mui/x-data-grid';

/**
 * The rows chosen for a bulk write, kept across pages and filters (a row stays chosen when it
 * leaves the screen), and whether they are every match of the filters, chosen at once.
 */
export function useSelection<Row extends { id: string }>(rows: readonly Row[]) {
  const [selection, setSelection] = useState<Map<string, Row>>(new Map());
  const [allSelected, setAllSelected] = useState(false);

  const model: GridRowSelectionModel = { type: 'include', ids: new Set(selection.keys()) };
  const onModelChange = (next: GridRowSelectionModel) => {
    setAllSelected(false);
    const kept = new Map<string, Row>();
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
    /** Chooses or drops these rows (a checkbox, or a table's all-rows checkbox), leaving the others as they are. */
    choose: (some: readonly Row[], on: boolean) => {
      setAllSelected(false);
      const next = new Map(selection);
      for (const row of some) {
        if (on) next.set(row.id, row);
        else next.delete(row.id);
      }
      setSelection(next);
    },
    /** Every match of the filters, as the API listed them. */
    selectEveryMatch: (matches: readonly Row[]) => {
      setSelection(new Map(matches.map((r) => [r.id, r])));
      setAllSelected(true);
    },
    /** Only these of the chosen rows stay chosen (none when not given). */
    keepOnly: (ids: readonly string[] = []) => {
      const kept = new Map<string, Row>();
      for (const id of ids) {
        const row = selection.get(id);
        if (row) kept.set(id, row);
      }
      setSelection(kept);
      setAllSelected(false);
    },
  };
}
