import { useMemo } from 'react';
import type { GridColDef } from '@mui/x-data-grid';
import { CursorPagedGrid } from '../../components/CursorPagedGrid';
import { useCursorPaging } from '../../components/cursor-paging';
import Link from '@mui/material/Link';
import { AUDIT_ACTION_LABELS, type AuditAction } from '../../../../shared/schemas/audit-event';
import { useAuditPage, type AuditEvent, type AuditFilters, type AuditSource } from '../../data/audit';

const TARGET_LABELS: Record<AuditEvent['target_type'], string> = {
  COMPARISON: 'Comparison',
  DISCREPANCY: 'Discrepancy',
  MISSING_ROW: 'Missing row',
  TASK_FILE: 'Task attachment',
  CARRIER_FILE_CONVERSION: 'Converted carrier file',
  USER: 'User',
  ORGANIZATION: 'Organization',
};

export const actionLabel = (action: string) => AUDIT_ACTION_LABELS[action as AuditAction] ?? action;
const when = (iso: string) => new Date(iso).toLocaleString();
const shortId = (id: string) => id.slice(0, 8);

/**
 * Audit events read page by page from the server, newest first (useCursorPaging); the parent gives
 * this grid a `key` of its filters.
 */
export function AuditEventsGrid({
  source,
  filters = {},
  organizationNames,
  onUser,
  label,
}: {
  /** Which trail: an audit endpoint and its path parameters. */
  source: AuditSource;
  filters?: AuditFilters;
  /** Shows an Organization column (the platform's trail) named from this map. */
  organizationNames?: Map<string, string> | null;
  /** Filters the trail by the person who acted, from a click on their name. */
  onUser?: (userId: string, name: string) => void;
  label: string;
}) {
  const paging = useCursorPaging();
  const page = useAuditPage(paging.reachable ? source : null, filters, { limit: paging.limit, cursor: paging.cursor });

  const columns = useMemo(() => auditColumns(organizationNames ?? null, onUser), [organizationNames, onUser]);

  return (
    <CursorPagedGrid
      label={label}
      subject="The audit trail"
      page={page}
      paging={paging}
      columns={columns}
      getRowHeight={() => 'auto'}
      localeText={{ noRowsLabel: 'No events match these filters' }}
      sx={{ '& .MuiDataGrid-cell': { py: 0.75 } }}
    />
  );
}

function auditColumns(organizationNames: Map<string, string> | null, onUser?: (userId: string, name: string) => void): GridColDef<AuditEvent>[] {
  const columns: GridColDef<AuditEvent>[] = [
    { field: 'occurred_at', headerName: 'When', width: 180, valueGetter: (_v, row) => when(row.occurred_at) },
    {
      field: 'actor_name',
      headerName: 'Who',
      flex: 1,
      minWidth: 140,
      renderCell: ({ row }) => {
        const name = row.actor_name || `User ${shortId(row.actor_user_id)}`;
        if (!onUser) return name;
        return (
          <Link component="button" type="button" onClick={() => onUser(row.actor_user_id, name)} aria-label={`Only events by ${name}`}>
            {name}
          </Link>
        );
      },
    },
    { field: 'action', headerName: 'What', flex: 1.2, minWidth: 200, valueGetter: (_v, row) => actionLabel(row.action) },
    {
      field: 'target_name',
      headerName: 'Record',
      flex: 1.4,
      minWidth: 200,
      valueGetter: (_v, row) => `${TARGET_LABELS[row.target_type] ?? row.target_type}: ${row.target_name || shortId(row.target_id)}`,
    },
    { field: 'fields', headerName: 'Fields changed', flex: 1, minWidth: 160, valueGetter: (_v, row) => (row.fields ?? []).join(', ') },
    { field: 'detail', headerName: 'Detail', flex: 0.8, minWidth: 120, valueGetter: (_v, row) => row.detail ?? '' },
  ];
  if (organizationNames) {
    columns.splice(2, 0, {
      field: 'organization_id',
      headerName: 'Organization',
      flex: 1,
      minWidth: 140,
      valueGetter: (_v, row) => (row.organization_id ? (organizationNames.get(row.organization_id) ?? shortId(row.organization_id)) : 'Platform'),
    });
  }
  return columns;
}
