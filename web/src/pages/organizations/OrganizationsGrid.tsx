import type { GridColDef } from '@mui/x-data-grid';
import { isAdminUser } from '../../../../shared/roles';
import { OrganizationPlan } from '../../../../shared/organizations';
import { useItem, type Organization, type OrganizationsStats } from '../../data/hierarchy';
import { useAllOrganizations } from '../../data/organizations';
import { useCurrentUser } from '../../auth/current-user';
import { EntityGrid } from '../hierarchy/EntityGrid';
import { LoadedOrPlan, RowLink, StatusChip } from '../hierarchy/common';
import { getOrganizationsStats } from '../../../../shared/api/hierarchy';

type StatCounts = Omit<OrganizationsStats['items'][number], 'organization_id' | 'name' | 'plan' | 'inactive'>;
/** An organization with its stat counts, when the admin's stats have come in. */
type OrganizationRow = Organization & Partial<StatCounts>;

/**
 * Organizations in a grid: the admin reads the admin listing (optionally one agency's) with the
 * stat counts, everyone else the organizations listing (SPEC §6).
 */
export function OrganizationsGrid({ agencyId }: { agencyId?: string | null }) {
  const me = useCurrentUser();
  const admin = isAdminUser(me);
  const list = useAllOrganizations(me, agencyId);
  const stats = useItem(getOrganizationsStats, admin ? {} : null);
  const byOrg = new Map((stats.data?.items ?? []).map(({ organization_id, ...counts }) => [organization_id, counts]));
  const rows: OrganizationRow[] = list.items.map((o) => ({ ...o, ...(byOrg.get(o.id) ?? {}) }));
  const count = (field: keyof StatCounts, headerName: string): GridColDef<OrganizationRow> => ({ field, headerName, type: 'number', width: 120 });
  const columns: GridColDef<OrganizationRow>[] = [
    { field: 'name', headerName: 'Name', flex: 1, minWidth: 200, renderCell: ({ row }) => <RowLink to={`/organizations/${row.id}`}>{row.name}</RowLink> },
    { field: 'plan', headerName: 'Plan', width: 180, valueGetter: (_v, row) => OrganizationPlan.label(row.plan) },
    ...(admin ? [count('companies', 'Companies'), count('carriers', 'Carriers'), count('plans', 'Plans'), count('comparisons_open', 'Open comparisons'), count('renewals_due', 'Renewals due')] : []),
    { field: 'inactive', headerName: 'Status', width: 110, type: 'boolean', renderCell: ({ row }) => <StatusChip inactive={row.inactive} /> },
  ];
  return <LoadedOrPlan result={list}>{() => <EntityGrid rows={rows} columns={columns} loading={admin && stats.isLoading} truncated={list.truncated} />}</LoadedOrPlan>;
}
