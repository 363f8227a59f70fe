import { useState } from 'react';
import { useSWRConfig } from 'swr';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { comparisonPath, updateComparison, type Comparison } from '../../data/comparisons';
import { invoiceSummaryPath } from '../../data/invoices';
import { fieldErrorsOf } from '../../api/errors';
import { useSnackbar } from '../../feedback/snackbar';
import { formatDay } from './invoice-dates';
import { InvoiceFields, invoiceBody, useCompanyCarrierOptions, type InvoiceFieldValues } from './InvoiceFields';

const valuesOf = (c: Comparison): InvoiceFieldValues => ({
  company_carrier_id: c.company_carrier_id ?? '',
  invoice_number: c.invoice_number ?? '',
  billing_period: c.billing_period ?? '',
  invoice_date: c.invoice_date ?? '',
});

/**
 * The carrier and invoice details of an invoice reconciliation, under the comparison's title. Those
 * who set comparisons up edit them (a PATCH with the version read); everyone else reads them.
 */
export function InvoiceDetails({ companyId, comparison, editable }: { companyId: string; comparison: Comparison; editable: boolean }) {
  const [open, setOpen] = useState(false);
  const { labelOf } = useCompanyCarrierOptions(companyId);
  const carrier = comparison.company_carrier_id ? (labelOf(comparison.company_carrier_id) ?? '…') : null;
  const parts = [
    carrier && `Carrier ${carrier}`,
    `Invoice ${comparison.invoice_number || 'number from the file'}`,
    `billing period ${comparison.billing_period || 'from the file'}`,
    `dated ${comparison.invoice_date ? formatDay(comparison.invoice_date) : 'as the file says'}`,
  ].filter(Boolean);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mt: -1, mb: 2 }}>
      <Typography variant="body2" color="text.secondary" data-testid="invoice-details">
        {parts.join(' · ')}
      </Typography>
      {editable && (
        <Button size="small" onClick={() => setOpen(true)}>
          Edit invoice details
        </Button>
      )}
      {open && <InvoiceDetailsDialog companyId={companyId} comparison={comparison} onClose={() => setOpen(false)} />}
    </Stack>
  );
}

function InvoiceDetailsDialog({ companyId, comparison, onClose }: { companyId: string; comparison: Comparison; onClose: () => void }) {
  const { mutate } = useSWRConfig();
  const snackbar = useSnackbar();
  const [values, setValues] = useState(() => valuesOf(comparison));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setPending(true);
    const result = await updateComparison(companyId, comparison.id, { ...invoiceBody(values, true, null), updated_at: comparison.updated_at });
    setPending(false);
    if (result.error) {
      setErrors(fieldErrorsOf(result.error));
      snackbar.error(result.error);
      return;
    }
    await Promise.all([mutate(comparisonPath(companyId, comparison.id)), mutate(invoiceSummaryPath(companyId, comparison.id))]);
    snackbar.success('Invoice details saved; run the comparison again for its findings to follow them');
    onClose();
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="invoice-details-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="invoice-details-title">Invoice details</DialogTitle>
        <DialogContent>
          <fieldset disabled={pending} style={{ border: 0, padding: 0, margin: 0 }}>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <InvoiceFields companyId={companyId} values={values} onChange={setValues} errors={errors} invoice />
            </Stack>
          </fieldset>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={pending}>
            Save
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
