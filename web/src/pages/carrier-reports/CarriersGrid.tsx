import type { GridColDef } from '@mui/x-data-grid';
import type { CarrierPlanStats } from '../../data/hierarchy';
import { EntityGrid } from '../hierarchy/EntityGrid';

type CarrierRow = CarrierPlanStats['items'][number];

const carrierColumns: GridColDef<CarrierRow>[] = [
  { field: 'carrier_name', headerName: 'Carrier', flex: 1, minWidth: 180 },
  { field: 'companies', headerName: 'Companies', type: 'number', width: 120 },
  { field: 'plans', headerName: 'Plans', type: 'number', width: 100 },
  { field: 'number_of_eligible', headerName: 'Eligible', type: 'number', width: 110 },
  { field: 'number_of_enrolled', headerName: 'Enrolled', type: 'number', width: 110 },
  {
    field: 'participation',
    headerName: 'Participation',
    width: 130,
    valueGetter: (_v, r) => (r.number_of_eligible ? Math.round((r.number_of_enrolled / r.number_of_eligible) * 100) : null),
    valueFormatter: (v) => (v === null || v === undefined ? '' : `${v}%`),
  },
];

/** The Carriers & Plans report's figures carrier by carrier. */
export function CarriersGrid({ rows }: { rows: CarrierRow[] }) {
  return <EntityGrid rows={rows} columns={carrierColumns} getRowId={(r) => r.carrier_id} />;
}
