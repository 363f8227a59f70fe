import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { GridColDef } from '@mui/x-data-grid';
import { calendarDayLabel, EligibilityManagementType, Month } from '../../../../shared/carriers';
import { can } from '../../../../shared/permissions/actions';
import { createCompanyCarrier, getCompany, listCompanyCarriers } from '../../../../shared/api/hierarchy';
import { companyCarrierCreateBodySchema } from '../../../../shared/schemas/company-carrier';
import { useItem, useList, useWrite, type CompanyCarrier } from '../../data/hierarchy';
import { PageTitle } from '../../layout/PageTitle';
import { useCurrentUser } from '../../auth/current-user';
import { EntityForm } from '../hierarchy/EntityForm';
import { EntityGrid } from '../hierarchy/EntityGrid';
import { FormDialog, LoadedOrPlan, NewButton, RowLink, StatusChip, Toolbar, dateValue } from '../hierarchy/common';
import { companyCarrierFields } from '../hierarchy/fields';
import { useCarriers } from './carriers';

/** The carriers of a company in a grid (403 with the plan message when the plan lacks carriers). */
export function CompanyCarriersGrid({ companyId }: { companyId: string }) {
  const list = useList(listCompanyCarriers, { company_id: companyId });
  const { names } = useCarriers();
  const columns: GridColDef<CompanyCarrier>[] = [
    {
      field: 'carrier',
      headerName: 'Carrier',
      flex: 1,
      minWidth: 180,
      valueGetter: (_v, r) => names.get(r.carrier_id) ?? '',
      renderCell: ({ row }) => <RowLink to={`/companies/${companyId}/company-carriers/${row.id}`}>{names.get(row.carrier_id) ?? '…'}</RowLink>,
    },
    { field: 'group_number', headerName: 'Group', width: 130 },
    { field: 'renewal_month', headerName: 'Renewal month', width: 140, valueGetter: (_v, r) => Month.label(r.renewal_month, '') },
    { field: 'renewal_kickoff_days_in_advance', headerName: 'Kickoff days', type: 'number', width: 120 },
    { field: 'carrier_invoice_day_of_month', headerName: 'Invoice day', width: 180, valueGetter: (_v, r) => calendarDayLabel(r.carrier_invoice_day_of_month) },
    { field: 'inception_date', headerName: 'Effective', width: 120, valueGetter: (_v, r) => dateValue(r.inception_date) },
    { field: 'end_date', headerName: 'Ends', width: 120, valueGetter: (_v, r) => dateValue(r.end_date) },
    { field: 'eligibility_management_type', headerName: 'Eligibility', flex: 1, valueGetter: (_v, r) => EligibilityManagementType.label(r.eligibility_management_type, '') },
    { field: 'inactive', headerName: 'Status', width: 110, type: 'boolean', renderCell: ({ row }) => <StatusChip inactive={row.inactive} /> },
  ];
  return <LoadedOrPlan result={list}>{() => <EntityGrid rows={list.items} columns={columns} urlKey="cc_" truncated={list.truncated} />}</LoadedOrPlan>;
}

/** /companies/{company_id}/company-carriers ("Carriers & Renewals"). */
export function CompanyCarriersPage() {
  const { company_id = '' } = useParams();
  const me = useCurrentUser();
  const company = useItem(getCompany, { company_id });
  const { options } = useCarriers();
  const write = useWrite();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  return (
    <LoadedOrPlan result={company}>
      {(c) => (
        <>
          <PageTitle>Carriers &amp; Renewals · {c.name}</PageTitle>
          {can(me, 'company-carrier.create', { organization_id: c.organization_id, company_id: c.id }) && (
            <Toolbar>
              <NewButton onClick={() => setOpen(true)}>Add carrier</NewButton>
            </Toolbar>
          )}
          <CompanyCarriersGrid companyId={c.id} />
          <FormDialog open={open} title="Add carrier" onClose={() => setOpen(false)}>
            <EntityForm
              fields={companyCarrierFields(options)}
              schema={companyCarrierCreateBodySchema}
              submitLabel="Add carrier"
              onSubmit={(body) => write(createCompanyCarrier, { company_id: c.id }, body)}
              onDone={(cc) => navigate(`/companies/${c.id}/company-carriers/${cc.id}`)}
              onCancel={() => setOpen(false)}
            />
          </FormDialog>
        </>
      )}
    </LoadedOrPlan>
  );
}
