import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { mayReview, type Reviewer } from '../../../../../../shared/four-eyes';
import type { Discrepancy } from '../../../../data/verification';
import { invoiceColumns } from '../../../invoices/invoice-columns';
import { changeLabel } from './change-label';
import { MarkedValue } from './marked-value';
import { memberName, typeLabel } from './labels';

export type ReviewAction = 'approve' | 'send_back';

/** Who resolved the row and how its review stands, with Approve / Send back when this user may review it. */
function ReviewCell({ row, myId, reviewer, onReview }: { row: Discrepancy; myId: string; reviewer: Reviewer | null; onReview: (row: Discrepancy, action: ReviewAction) => void }) {
  const who = row.resolved_by_user_id ? (row.resolved_by_user_id === myId ? 'you' : 'someone else') : null;
  const status = row.verification_status === 'APPROVED' ? 'Approved' : row.verification_status === 'SENT_BACK' ? 'Sent back' : null;
  // Offered only when the API would accept it: never one's own, and only the assigned verifier when there is one.
  const canReview = !!row.resolved_discrepancy_type && !!reviewer && mayReview(row.resolved_by_user_id, reviewer);
  return (
    <Stack direction="row" spacing={0.5} sx={{ height: '100%', alignItems: 'center' }}>
      <Typography variant="caption">{[who && `By ${who}`, status].filter(Boolean).join(' · ')}</Typography>
      {canReview && row.verification_status !== 'APPROVED' ? (
        <Button size="small" tabIndex={-1} onClick={() => onReview(row, 'approve')}>
          Approve
        </Button>
      ) : null}
      {canReview && row.verification_status !== 'SENT_BACK' ? (
        <Button size="small" tabIndex={-1} onClick={() => onReview(row, 'send_back')}>
          Send back
        </Button>
      ) : null}
    </Stack>
  );
}

/** The calculation result of a data point's operation, the operation named on hover; as in the export. */
function calculationColumn(operationOf: ReadonlyMap<string, string>): GridColDef<Discrepancy> {
  return {
    field: 'discrepancy_function_result',
    headerName: 'Calculation result',
    description: "The data point's calculation on the baseline and carrier values",
    width: 150,
    type: 'number',
    // The API does not sort on it.
    sortable: false,
    valueGetter: (_v, row) => row.discrepancy_function_result ?? null,
    valueFormatter: (value: number | null) => (value === null || value === undefined ? '' : value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })),
    renderCell: ({ row, formattedValue }) => {
      const op = operationOf.get(row.data_point_id);
      return op && formattedValue ? <span title={op}>{formattedValue}</span> : formattedValue;
    },
  };
}

/** The columns of the discrepancies grid: the invoice's amounts on an invoice reconciliation, the calculation result when a data point has an operation. */
export function discrepancyColumns({
  pointName,
  operationOf,
  invoice,
  myId,
  reviewer,
  onReview,
}: {
  pointName: ReadonlyMap<string, string>;
  operationOf: ReadonlyMap<string, string>;
  invoice: boolean;
  myId: string;
  reviewer: Reviewer | null;
  onReview: (row: Discrepancy, action: ReviewAction) => void;
}): GridColDef<Discrepancy>[] {
  return [
    { field: 'unique_identifier', headerName: 'Identifier', width: 150, valueGetter: (_v, row) => row.unique_identifier ?? '' },
    { field: 'member', headerName: 'Member', width: 170, valueGetter: (_v, row) => memberName(row) },
    { field: 'data_point', headerName: 'Data point', width: 160, valueGetter: (_v, row) => pointName.get(row.data_point_id) ?? row.data_point_id },
    ...(invoice ? invoiceColumns<Discrepancy>() : []),
    { field: 'baseline_value', headerName: 'Baseline value', width: 150 },
    {
      field: 'secondary_value',
      headerName: 'Carrier value',
      width: 190,
      renderCell: ({ row }) => <MarkedValue value={row.secondary_value} other={row.baseline_value} />,
    },
    ...(operationOf.size ? [calculationColumn(operationOf)] : []),
    {
      field: 'resolved_value',
      headerName: 'Chosen value',
      width: 140,
      valueGetter: (_v, row) => (row.resolved_ignore ? '(ignored)' : row.resolved_value ?? ''),
    },
    {
      field: 'type',
      headerName: 'Type',
      width: 170,
      valueGetter: (_v, row) =>
        row.resolved_discrepancy_type ? typeLabel(row.resolved_discrepancy_type) : row.suggested_type ? `Suggested: ${typeLabel(row.suggested_type)}` : 'Unresolved',
    },
    { field: 'resolved_notes', headerName: 'Notes', width: 180, valueGetter: (_v, row) => row.resolved_notes ?? '' },
    {
      field: 'change_status',
      headerName: 'Since previous audit',
      description: 'New, or still open since the date it was first seen, against the previous comparison of the company carrier',
      width: 170,
      // The API does not sort on it; the filter above narrows to one.
      sortable: false,
      valueGetter: (_v, row) => changeLabel(row),
    },
    {
      field: 'review',
      headerName: 'Review',
      width: 210,
      sortable: false,
      renderCell: ({ row }) => <ReviewCell row={row} myId={myId} reviewer={reviewer} onReview={onReview} />,
    },
  ];
}
