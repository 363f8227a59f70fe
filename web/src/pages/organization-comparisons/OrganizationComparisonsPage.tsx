import { useParams } from 'react-router';
import type { GridColDef } from '@mui/x-data-grid';
import { useOrganizationComparisons, type OrganizationComparison } from '../../data/organization-comparisons';
import { PageTitle } from '../../layout/PageTitle';
import { dateValue, LoadedOrPlan, RowLink } from '../hierarchy/common';
import { EntityGrid } from '../hierarchy/EntityGrid';

/** /organizations/:organization_id/comparisons: every company's comparisons, each linking to the comparison. */
export function OrganizationComparisonsPage() {
  const { organization_id: organizationId = '' } = useParams();
  const list = useOrganizationComparisons(organizationId);
  const columns: GridColDef<OrganizationComparison>[] = [
    {
      field: 'name',
      headerName: 'Name',
      flex: 1,
      minWidth: 200,
      renderCell: ({ row }) => <RowLink to={`/companies/${row.company_id}/comparisons/${row.id}`}>{row.name}</RowLink>,
    },
    {
      field: 'company_name',
      headerName: 'Company',
      flex: 1,
      minWidth: 160,
      valueGetter: (_v, r) => r.company_name ?? '',
      renderCell: ({ row }) => <RowLink to={`/companies/${row.company_id}/comparisons`}>{row.company_name ?? row.company_id}</RowLink>,
    },
    { field: 'type', headerName: 'Type', width: 130 },
    { field: 'audit_type', headerName: 'Audit type', width: 130 },
    { field: 'step', headerName: 'Step', width: 130 },
    { field: 'status', headerName: 'Status', width: 130, valueGetter: (_v, r) => r.status ?? '' },
    { field: 'created_at', headerName: 'Created', width: 180, valueGetter: (_v, r) => dateValue(r.created_at) },
  ];
  return (
    <>
      <PageTitle>Comparisons</PageTitle>
      <LoadedOrPlan result={list}>{() => <EntityGrid rows={list.items} columns={columns} urlKey="cmp_" truncated={list.truncated} />}</LoadedOrPlan>
    </>
  );
}
