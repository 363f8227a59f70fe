import type { GridColDef } from '@mui/x-data-grid';
import { useList, type Company } from '../../data/hierarchy';
import { EntityGrid } from '../hierarchy/EntityGrid';
import { LoadedOrPlan, RowLink, StatusChip, dateValue } from '../hierarchy/common';
import { listCompanies } from '../../../../shared/api/hierarchy';

/** The companies of an organization in a grid. */
export function CompaniesGrid({ organizationId }: { organizationId: string }) {
  const list = useList(listCompanies, { organization_id: organizationId });
  const columns: GridColDef<Company>[] = [
    { field: 'name', headerName: 'Name', flex: 1, minWidth: 200, renderCell: ({ row }) => <RowLink to={`/companies/${row.id}`}>{row.name}</RowLink> },
    { field: 'activation_date', headerName: 'Activated', width: 130, valueGetter: (_v, r) => dateValue(r.activation_date) },
    { field: 'first_demo_date', headerName: 'First demo', width: 130, valueGetter: (_v, r) => dateValue(r.first_demo_date) },
    { field: 'termination_date', headerName: 'Terminated', width: 130, valueGetter: (_v, r) => dateValue(r.termination_date) },
    { field: 'inactive', headerName: 'Status', width: 110, type: 'boolean', renderCell: ({ row }) => <StatusChip inactive={row.inactive} /> },
  ];
  return <LoadedOrPlan result={list}>{() => <EntityGrid rows={list.items} columns={columns} urlKey="c_" truncated={list.truncated} />}</LoadedOrPlan>;
}
