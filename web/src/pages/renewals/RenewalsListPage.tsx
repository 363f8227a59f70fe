import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { Month } from '../../../../shared/carriers';
import { can } from '../../../../shared/permissions/actions';
import { selectableRenewalYears } from '../../../../shared/renewal-workflow';
import { RenewalStep } from '../../../../shared/renewals';
import { errorMessage } from '../../api/errors';
import { useList } from '../../data/hierarchy';
import { startRenewal, useCompanyRenewals, type RenewalRow } from '../../data/renewals';
import { useSnackbar } from '../../feedback/snackbar';
import { PageTitle } from '../../layout/PageTitle';
import { useCursorPaging } from '../../components/cursor-paging';
import { useCurrentUser } from '../../auth/current-user';
import { defaultRenewalYear, ItemStatusChip, TimingChip } from './renewal-parts';
import { listCarriers, listCompanyCarriers } from '../../../../shared/api/hierarchy';

type RenewalFilters = Partial<Record<'year' | 'step' | 'state', string>>;

/** /companies/:company_id/renewals: every renewal of the company, filters in the URL, paged by the API's cursor. */
export function RenewalsListPage() {
  const { company_id: companyId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const me = useCurrentUser();
  const [creating, setCreating] = useState(false);
  const filters: RenewalFilters = { year: search.get('year') ?? undefined, step: search.get('step') ?? undefined, state: search.get('state') ?? undefined };
  const setFilter = (name: keyof RenewalFilters, value: string) => {
    const next = new URLSearchParams(search);
    if (value) next.set(name, value);
    else next.delete(name);
    setSearch(next);
  };

  return (
    <>
      <PageTitle>Renewals</PageTitle>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'center' } }}>
        <TextField select size="small" label="Year" value={filters.year ?? ''} onChange={(e) => setFilter('year', e.target.value)} sx={{ minWidth: 120 }}>
          <MenuItem value="">All years</MenuItem>
          {selectableRenewalYears().map((y) => (
            <MenuItem key={y} value={String(y)}>
              {y}
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label="Step" value={filters.step ?? ''} onChange={(e) => setFilter('step', e.target.value)} sx={{ minWidth: 220 }}>
          <MenuItem value="">All steps</MenuItem>
          {RenewalStep.options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField select size="small" label="State" value={filters.state ?? ''} onChange={(e) => setFilter('state', e.target.value)} sx={{ minWidth: 150 }}>
          <MenuItem value="">Any</MenuItem>
          <MenuItem value="open">Open</MenuItem>
          <MenuItem value="overdue">Overdue</MenuItem>
          <MenuItem value="completed">Completed</MenuItem>
          <MenuItem value="closed">Closed</MenuItem>
        </TextField>
        <Box sx={{ flex: 1 }} />
        {can(me, 'renewal.create') && (
          <Button variant="contained" onClick={() => setCreating(true)}>
            New renewal
          </Button>
        )}
      </Stack>
      {/* The cursors belong to one set of filters: new filters start again from the first page. */}
      <CompanyRenewalsGrid key={JSON.stringify(filters)} companyId={companyId} filters={filters} />
      {creating && <NewRenewalDialog companyId={companyId} onClose={() => setCreating(false)} />}
    </>
  );
}

/** The renewals matching the filters, a page of the API at a time (useCursorPaging). */
function CompanyRenewalsGrid({ companyId, filters }: { companyId: string; filters: RenewalFilters }) {
  const paging = useCursorPaging();
  const { data, error, isLoading } = useCompanyRenewals(companyId, { ...filters, limit: paging.limit, cursor: paging.cursor }, paging.reachable);

  // Fixed columns are as wide as their longest chip or label; carrier and owners share the rest,
  // which holds whole names on a 1440-pixel screen beside the 220-pixel navigation.
  const columns: GridColDef<RenewalRow>[] = [
    {
      field: 'carrier_name',
      headerName: 'Carrier',
      flex: 1,
      minWidth: 110,
      renderCell: ({ row }) => (
        <Link component={RouterLink} to={`/companies/${companyId}/renewals/${row.id}`}>
          {row.carrier_name}
        </Link>
      ),
    },
    { field: 'month', headerName: 'Renewal month', width: 130, valueGetter: (_, row) => `${Month.label(row.month)} ${row.year}` },
    { field: 'step', headerName: 'Step', width: 185, valueGetter: (_, row) => RenewalStep.label(row.step) },
    { field: 'client_info_status', headerName: 'Client info', width: 135, renderCell: ({ row }) => <ItemStatusChip status={row.client_info_status} /> },
    { field: 'plans_checklist_status', headerName: 'Plans checklist', width: 135, renderCell: ({ row }) => <ItemStatusChip status={row.plans_checklist_status} /> },
    { field: 'demo_environment_status', headerName: 'Demo', width: 135, renderCell: ({ row }) => <ItemStatusChip status={row.demo_environment_status} /> },
    { field: 'owners', headerName: 'Owners', flex: 1.5, minWidth: 150, valueGetter: (_, row) => row.owners.map((o) => [o.first_name, o.last_name].filter(Boolean).join(' ') || o.email).join(', ') },
    {
      // The renewal month says when it goes live; the chip says how that stands, the date on hover.
      field: 'effective_date',
      headerName: 'Go-live',
      width: 175,
      renderCell: ({ row }) => (
        <Box component="span" title={`Effective ${row.effective_date}`}>
          <TimingChip renewal={row} />
        </Box>
      ),
    },
  ];

  if (error) return <Alert severity="error">{errorMessage(error)}</Alert>;
  return (
    <DataGrid
      autoHeight
      rows={data?.items ?? []}
      columns={columns}
      loading={isLoading}
      {...paging.gridProps(data)}
      disableRowSelectionOnClick
      localeText={{
        noRowsLabel: filters.year || filters.step || filters.state ? 'No renewals match these filters.' : 'No renewals yet. A renewal starts by itself before each carrier renews, or with New renewal.',
      }}
    />
  );
}

function NewRenewalDialog({ companyId, onClose }: { companyId: string; onClose: () => void }) {
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const carriers = useList(listCompanyCarriers, { company_id: companyId });
  const platformCarriers = useList(listCarriers, {});
  const names = new Map(platformCarriers.items.map((c) => [c.id, c.name]));
  const years = selectableRenewalYears();
  const [carrierId, setCarrierId] = useState('');
  const [month, setMonth] = useState('');
  const [year, setYear] = useState(String(defaultRenewalYear('', years)));
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const active = carriers.items.filter((c) => !c.inactive);
  const submit = async () => {
    setPending(true);
    setProblem(null);
    const res = await startRenewal(companyId, { company_carrier_id: carrierId, month: month as Month, year: Number(year) });
    setPending(false);
    if (res.error) return setProblem(errorMessage(res.error));
    snackbar.success('Renewal started');
    navigate(`/companies/${companyId}/renewals/${res.data.id}`);
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>New renewal</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ mt: 1 }}>
          {problem && <Alert severity="error">{problem}</Alert>}
          {!carriers.isLoading && active.length === 0 && (
            <Alert severity="info">
              This company has no active carriers.{' '}
              <Link component={RouterLink} to={`/companies/${companyId}/company-carriers`}>
                Add one under Carriers &amp; Renewals
              </Link>{' '}
              first.
            </Alert>
          )}
          <TextField
            select
            label="Carrier"
            value={carrierId}
            onChange={(e) => {
              setCarrierId(e.target.value);
              const chosen = active.find((c) => c.id === e.target.value);
              if (chosen?.renewal_month && Month.is(chosen.renewal_month)) {
                setMonth(chosen.renewal_month);
                setYear(String(defaultRenewalYear(chosen.renewal_month, years)));
              }
            }}
            disabled={pending}
          >
            {active.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {names.get(c.carrier_id) ?? 'Carrier'}
                {c.group_number ? ` · group ${c.group_number}` : ''}
                {c.renewal_month ? ` · renews in ${Month.label(c.renewal_month)}` : ''}
              </MenuItem>
            ))}
          </TextField>
          <TextField select label="Renewal month" value={month} onChange={(e) => setMonth(e.target.value)} disabled={pending}>
            {Month.options.map((o) => (
              <MenuItem key={o.value} value={o.value}>
                {o.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField select label="Year" value={year} onChange={(e) => setYear(e.target.value)} disabled={pending}>
            {years.map((y) => (
              <MenuItem key={y} value={String(y)}>
                {y}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} disabled={pending || !carrierId || !month}>
          Start renewal
        </Button>
      </DialogActions>
    </Dialog>
  );
}
