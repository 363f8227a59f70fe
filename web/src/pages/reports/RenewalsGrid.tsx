import { useMemo } from 'react';
import { useNavigate, Link as RouterLink } from 'react-router';
import type { GridColDef } from '@mui/x-data-grid';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import { CursorPagedGrid } from '../../components/CursorPagedGrid';
import { useCursorPaging } from '../../components/cursor-paging';
import { useRenewalsPage, type RenewalFilters, type RenewalRow, type ReportScope } from '../../data/renewal-reports';
import { ItemStatusChip, StepChip, renewalPath } from './report-parts';
import { goLiveText, periodLabel, periodOf, personName } from './renewal-report-model';

/** The list, paged by the API's cursors (useCursorPaging). */
export function RenewalsGrid({ scope, filters, organizationNames }: { scope: ReportScope; filters: RenewalFilters; organizationNames: Map<string, string> | null }) {
  const navigate = useNavigate();
  const paging = useCursorPaging();
  const page = useRenewalsPage(scope, filters, paging.limit, paging.cursor, paging.reachable);

  const columns = useMemo(() => renewalColumns(organizationNames), [organizationNames]);

  return (
    <CursorPagedGrid
      label="Renewals list"
      subject="The renewals"
      page={page}
      paging={paging}
      columns={columns}
      onRowClick={({ row }) => navigate(renewalPath(row.company_id, row.id))}
      localeText={{ noRowsLabel: 'No renewals match these filters' }}
      sx={{ '& .MuiDataGrid-row': { cursor: 'pointer' } }}
    />
  );
}

function renewalColumns(organizationNames: Map<string, string> | null): GridColDef<RenewalRow>[] {
  // Carrier and owners keep room for whole names on a 1440-pixel screen; the fixed columns fit their chips.
  const columns: GridColDef<RenewalRow>[] = [
    {
      field: 'company_name',
      headerName: 'Company',
      flex: 1.5,
      minWidth: 150,
      // A link as well as the row click, so the renewal opens from the keyboard too.
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={renewalPath(row.company_id, row.id)} onClick={(e) => e.stopPropagation()}>
          {row.company_name}
        </Link>
      ),
    },
    { field: 'carrier_name', headerName: 'Carrier', flex: 1, minWidth: 110 },
    { field: 'period', headerName: 'Renewal month', width: 115, valueGetter: (_v, row) => periodLabel(periodOf(row.year, row.month)) },
    { field: 'step', headerName: 'Step', width: 180, renderCell: ({ row }) => <StepChip step={row.step} /> },
    { field: 'client_info_status', headerName: 'Client info', width: 115, renderCell: ({ row }) => <ItemStatusChip status={row.client_info_status} /> },
    { field: 'plans_checklist_status', headerName: 'Plans checklist', width: 115, renderCell: ({ row }) => <ItemStatusChip status={row.plans_checklist_status} /> },
    { field: 'demo_environment_status', headerName: 'Demo', description: 'Demo environment', width: 115, renderCell: ({ row }) => <ItemStatusChip status={row.demo_environment_status} /> },
    { field: 'owners', headerName: 'Owners', flex: 1, minWidth: 130, valueGetter: (_v, row) => row.owners.map(personName).join(', ') || '—' },
    {
      field: 'days_to_go_live',
      headerName: 'Go-live',
      width: 130,
      renderCell: ({ row }) => {
        const { text, tone } = goLiveText(row);
        return <Chip size="small" label={text} color={tone} variant={tone === 'error' ? 'filled' : 'outlined'} title={`Effective ${row.effective_date}`} />;
      },
    },
  ];
  if (organizationNames) {
    columns.unshift({
      field: 'organization_id',
      headerName: 'Organization',
      flex: 1,
      minWidth: 120,
      valueGetter: (_v, row) => organizationNames.get(row.organization_id) ?? row.organization_id,
    });
  }
  return columns;
}
