import type { GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { CreditStatus } from '../../../../shared/invoice/kinds';
import { formatUsd, invoiceKindLabel } from '../../data/invoices';
import { formatMonth } from './invoice-dates';

/** The money fields every invoice finding carries, in either list. */
export interface InvoiceMoneyRow extends GridValidRowModel {
  amount?: number | null;
  months?: string[] | null;
  invoice_kind?: string | null;
  credit_status?: string | null;
}

/** Amount (US$, signed billed − expected), months, kind and credit: the columns of an invoice finding. */
export function invoiceColumns<R extends InvoiceMoneyRow>(): GridColDef<R>[] {
  return [
    {
      field: 'amount',
      headerName: 'Amount',
      type: 'number',
      width: 120,
      valueGetter: (_v, row) => row.amount ?? null,
      valueFormatter: (value: number | null) => (typeof value === 'number' ? formatUsd(value) : ''),
    },
    { field: 'months', headerName: 'Months', width: 130, sortable: false, valueGetter: (_v, row) => (row.months ?? []).map(formatMonth).join(', ') },
    { field: 'invoice_kind', headerName: 'Kind', width: 210, sortable: false, valueGetter: (_v, row) => invoiceKindLabel(row.invoice_kind) },
    {
      field: 'credit_status',
      headerName: 'Credit',
      width: 120,
      sortable: false,
      valueGetter: (_v, row) => ((row.amount ?? 0) > 0 ? CreditStatus.label(row.credit_status ?? 'NOT_REQUESTED') : ''),
    },
  ];
}

/**
 * Whether the over-billed dollars of a finding were asked of the carrier and came back. Only a
 * finding the carrier over-billed has a credit to claim; the field says so for the others.
 */
export function CreditStatusField({ value, onChange, amount }: { value: CreditStatus; onChange: (value: CreditStatus) => void; amount: number | null | undefined }) {
  const claimable = typeof amount === 'number' && amount > 0;
  return (
    <TextField
      select
      label="Credit status"
      value={value}
      onChange={(e) => CreditStatus.is(e.target.value) && onChange(e.target.value)}
      helperText={
        claimable ? `${formatUsd(amount)} over-billed: Received counts it as recovered` : 'Nothing over-billed to claim on this finding'
      }
    >
      {CreditStatus.options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
