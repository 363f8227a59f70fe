import type { GridColDef } from '@mui/x-data-grid';
import { DiscrepancyType } from '../../../../../shared/discrepancies';
import { CursorPagedGrid } from '../../../components/CursorPagedGrid';
import { useCursorPaging } from '../../../components/cursor-paging';
import { useFixedFindingsPage, type ChangeItem } from '../../../data/changes-since';

const KIND_LABELS: Record<string, string> = {
  MISSING_IN_SECONDARY: 'Only in baseline',
  MISSING_IN_BASELINE: 'Only at carrier',
  DUPLICATE: 'Duplicate',
};

/** What the finding was: the data point that differed (and its type), or the kind of missing row. */
function findingLabel(item: ChangeItem): string {
  if (item.kind !== 'DISCREPANCY') return KIND_LABELS[item.kind] ?? item.kind;
  const type = item.resolved_discrepancy_type ?? item.suggested_type;
  return [item.data_point_name, type ? DiscrepancyType.label(type) : null].filter(Boolean).join(' · ');
}

const member = (item: ChangeItem) => item.full_name || [item.first_name, item.last_name].filter(Boolean).join(' ');
const day = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleDateString('en-US') : '');

const COLUMNS: GridColDef<ChangeItem>[] = [
  { field: 'unique_identifier', headerName: 'Identifier', flex: 1, minWidth: 130 },
  { field: 'member', headerName: 'Member', flex: 1, minWidth: 150, valueGetter: (_v, row) => member(row) },
  { field: 'finding', headerName: 'Finding', flex: 1.5, minWidth: 200, valueGetter: (_v, row) => findingLabel(row) },
  { field: 'first_seen_at', headerName: 'First seen', width: 120, valueGetter: (_v, row) => day(row.first_seen_at) },
  { field: 'days_open', headerName: 'Days open', type: 'number', width: 110 },
];

/** The findings of the previous audit found fixed, every one reachable page by page (the API's cursors). */
export function FixedFindingsGrid({ companyId, comparisonId, runKey }: { companyId: string; comparisonId: string; runKey?: string | null }) {
  const paging = useCursorPaging();
  const page = useFixedFindingsPage(companyId, comparisonId, runKey, paging.limit, paging.cursor, paging.reachable);
  return (
    <CursorPagedGrid
      label="Fixed findings"
      subject="The fixed findings"
      aria-label="Findings fixed since the previous audit"
      page={page}
      paging={paging}
      columns={COLUMNS}
      density="compact"
    />
  );
}
