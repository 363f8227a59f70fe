import type { GridColDef } from '@mui/x-data-grid';
import { BenefitType } from '../../../../shared/carriers';
import { useList, type CompanyCarrierPlan } from '../../data/hierarchy';
import { EntityGrid } from '../hierarchy/EntityGrid';
import { RowLink, StatusChip } from '../hierarchy/common';
import { listCompanyCarrierPlans } from '../../../../shared/api/hierarchy';

/** The plans of a company carrier in a grid. */
export function CompanyCarrierPlansGrid({ companyId, companyCarrierId }: { companyId: string; companyCarrierId: string }) {
  const plans = useList(listCompanyCarrierPlans, { company_id: companyId, company_carrier_id: companyCarrierId });
  const columns: GridColDef<CompanyCarrierPlan>[] = [
    { field: 'name', headerName: 'Plan', flex: 1, minWidth: 180, renderCell: ({ row }) => <RowLink to={`/companies/${companyId}/company-carriers/${companyCarrierId}/plans/${row.id}`}>{row.name}</RowLink> },
    { field: 'benefit_type', headerName: 'Benefit', flex: 1, valueGetter: (_v, r) => BenefitType.label(r.benefit_type) },
    { field: 'group_number', headerName: 'Group', width: 120 },
    { field: 'number_of_eligible', headerName: 'Eligible', type: 'number', width: 110 },
    { field: 'number_of_enrolled', headerName: 'Enrolled', type: 'number', width: 110 },
    { field: 'inactive', headerName: 'Status', width: 110, type: 'boolean', renderCell: ({ row }) => <StatusChip inactive={row.inactive} /> },
  ];
  return <EntityGrid rows={plans.items} columns={columns} loading={plans.isLoading} urlKey="p_" truncated={plans.truncated} />;
}
