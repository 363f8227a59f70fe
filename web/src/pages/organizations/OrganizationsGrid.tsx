import type { GridColDef } from '@mui/x-data-grid';
import { isAdminUser } from '../../../../shared/roles';
import { OrganizationPlan } from '../../../../shared/organizations';
import { useList, useItem, paths, type Row } from '../../data/hierarchy';
import { useCurrentUser } from '../../routes/current-user';
import { EntityGrid } from '../hierarchy/EntityGrid';
import { LoadedOrPlan, RowLink, StatusChip } from '../hierarchy/common';

interface Stats {
  items: Array<{ organization_id: string; companies: number; company_carriers: number; carriers: number; plans: number; comparisons_open: number; renewals_due: number }>;
}

/**
 * Organizations in a grid: the admin reads the admin listing (optionally one agency's) with the
 * stat counts, everyone else the organizations listing (SPEC §6).
 */
export function OrganizationsGrid({ agencyId }: { agencyId?: string | null }) {
  const me = useCurrentUser();
  const admin = isAdminUser(me);
  const path = admin ? (agencyId ? `${paths.adminOrganizations}?agency_id=${encodeURIComponent(agencyId)}` : paths.adminOrganizations) : '/api/organizations';
  const list = useList(path);
  const stats = useItem<Stats>(admin ? paths.organizationStats : null);
  const byOrg = new Map((stats.data?.items ?? []).map((s) => [s.organization_id, s]));
  const rows = list.items.map((o) => ({ ...o, ...(byOrg.get(o.id) ?? {}) })) as Row[];
  const count = (field: string, headerName: string): GridColDef<Row> => ({ field, headerName, type: 'number', width: 120 });
  const columns: GridColDef<Row>[] = [
    { field: 'name', headerName: 'Name', flex: 1, minWidth: 200, renderCell: ({ row }) => <RowLink to={`/organizations/${row.id}`}>{String(row.name)}</RowLink> },
    { field: 'plan', headerName: 'Plan', width: 180, valueGetter: (_v, row) => OrganizationPlan.label(row.plan) },
    ...(admin ? [count('companies', 'Companies'), count('carriers', 'Carriers'), count('plans', 'Plans'), count('comparisons_open', 'Open comparisons'), count('renewals_due', 'Renewals due')] : []),
    { field: 'inactive', headerName: 'Status', width: 110, type: 'boolean', renderCell: ({ row }) => <StatusChip inactive={row.inactive} /> },
  ];
  return <LoadedOrPlan result={list}>{() => <EntityGrid rows={rows} columns={columns} loading={admin && stats.isLoading} />}</LoadedOrPlan>;
}
