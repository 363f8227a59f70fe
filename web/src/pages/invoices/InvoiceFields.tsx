import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useList } from '../../data/hierarchy';
import { listCarriers, listCompanyCarriers } from '../../../../shared/api/hierarchy';

/** The comparison's carrier and invoice details as a form holds them ('' for none). */
export interface InvoiceFieldValues {
  company_carrier_id: string;
  invoice_number: string;
  billing_period: string;
  invoice_date: string;
}

export const emptyInvoiceFields: InvoiceFieldValues = { company_carrier_id: '', invoice_number: '', billing_period: '', invoice_date: '' };

/** The company's carriers as a picker lists them: carrier name and group number. */
export function useCompanyCarrierOptions(companyId: string) {
  const companyCarriers = useList(listCompanyCarriers, companyId ? { company_id: companyId } : null);
  const carriers = useList(listCarriers, {});
  const names = new Map(carriers.items.map((c) => [c.id, c.name]));
  const options = companyCarriers.items
    .map((cc) => ({
      value: cc.id,
      inactive: !!cc.inactive,
      label: [names.get(cc.carrier_id) ?? 'Carrier', cc.group_number ? `Group ${cc.group_number}` : null, cc.inactive ? 'inactive' : null].filter(Boolean).join(' · '),
    }))
    .sort((a, b) => Number(a.inactive) - Number(b.inactive) || a.label.localeCompare(b.label));
  return { options, isLoading: companyCarriers.isLoading || carriers.isLoading, labelOf: (id: string) => options.find((o) => o.value === id)?.label };
}

/**
 * The carrier picker (every audit type) and, for an invoice reconciliation, the invoice number,
 * billing period and invoice date. Entered details win over what the list bill says, so they are
 * optional: the run reads them from the file's title rows otherwise.
 */
export function InvoiceFields({
  companyId,
  values,
  onChange,
  errors,
  invoice,
}: {
  companyId: string;
  values: InvoiceFieldValues;
  onChange: (values: InvoiceFieldValues) => void;
  errors: Record<string, string>;
  invoice: boolean;
}) {
  const { options } = useCompanyCarrierOptions(companyId);
  const set = (key: keyof InvoiceFieldValues) => (e: { target: { value: string } }) => onChange({ ...values, [key]: e.target.value });
  // A carrier no longer listed (deactivated, or not yet loaded) keeps its value selectable.
  const known = !values.company_carrier_id || options.some((o) => o.value === values.company_carrier_id);
  return (
    <>
      <TextField
        select
        label="Carrier"
        value={values.company_carrier_id}
        onChange={set('company_carrier_id')}
        error={!!errors.company_carrier_id}
        helperText={errors.company_carrier_id ?? (invoice ? "The carrier whose invoice this is; its credit window sets the claim deadline" : undefined)}
      >
        <MenuItem value="">
          <em>None</em>
        </MenuItem>
        {!known && <MenuItem value={values.company_carrier_id}>{values.company_carrier_id}</MenuItem>}
        {options.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </TextField>
      {invoice && (
        <>
          <TextField
            label="Invoice number"
            value={values.invoice_number}
            onChange={set('invoice_number')}
            error={!!errors.invoice_number}
            helperText={errors.invoice_number ?? 'Leave blank to read it from the invoice'}
          />
          <TextField
            label="Billing period"
            value={values.billing_period}
            onChange={set('billing_period')}
            placeholder="2026-01"
            error={!!errors.billing_period}
            helperText={errors.billing_period ?? 'A month such as 2026-01, or a range such as 01/2026 - 03/2026'}
          />
          <TextField
            label="Invoice date"
            type="date"
            value={values.invoice_date}
            onChange={set('invoice_date')}
            slotProps={{ inputLabel: { shrink: true } }}
            error={!!errors.invoice_date}
            helperText={errors.invoice_date ?? 'The claim deadline counts from it'}
          />
        </>
      )}
    </>
  );
}

/** The body fields of the values: '' is none (null on an edit, left out on a create). */
export function invoiceBody(values: InvoiceFieldValues, invoice: boolean, none: null | undefined) {
  const v = (s: string) => (s.trim() ? s.trim() : none);
  return {
    company_carrier_id: v(values.company_carrier_id),
    ...(invoice ? { invoice_number: v(values.invoice_number), billing_period: v(values.billing_period), invoice_date: v(values.invoice_date) } : {}),
  };
}
