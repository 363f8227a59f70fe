import Typography from '@mui/material/Typography';
import { formatUsd, invoiceKindLabel } from '../../../data/invoices';
import { formatMonth } from '../../invoices/invoice-dates';

/** An invoice finding's kind, amount and months, as the decide dialogs show it above their fields. */
export function InvoiceAmountLine({ row }: { row: { invoice_kind?: string | null; amount?: number | null; months?: string[] | null } }) {
  if (typeof row.amount !== 'number') return null;
  return (
    <Typography variant="body2">
      {invoiceKindLabel(row.invoice_kind)}: <strong>{formatUsd(row.amount)}</strong>
      {row.months?.length ? ` (${row.months.map(formatMonth).join(', ')})` : ''}
    </Typography>
  );
}
