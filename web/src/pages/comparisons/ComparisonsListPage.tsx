import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AuditType, ComparisonMode, ComparisonStep, ComparisonType } from '../../../../shared/comparisons';
import { can } from '../../../../shared/permissions';
import { comparisonCreateSchema } from '../../../../shared/schemas/comparison';
import { errorMessage } from '../../api/errors';
import { createComparison, useCompanyComparisons } from '../../data/comparisons';
import { fieldErrorsOf } from '../../data/users';
import { useSnackbar } from '../../feedback/snackbar';
import { PageTitle } from '../../layout/PageTitle';
import { TruncatedNotice } from '../../components/TruncatedNotice';
import { useCurrentUser } from '../../auth/current-user';
import { emptyInvoiceFields, InvoiceFields, invoiceBody, type InvoiceFieldValues } from '../invoices/InvoiceFields';

/** /companies/:company_id/comparisons: the company's comparisons, newest first, and "New comparison". */
export function ComparisonsListPage() {
  const { company_id: companyId = '' } = useParams();
  const me = useCurrentUser();
  const { data, error, isLoading } = useCompanyComparisons(companyId);
  const [open, setOpen] = useState(false);
  const mayCreate = can(me, 'comparison.create');

  return (
    <>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <PageTitle>Comparisons</PageTitle>
        {mayCreate && (
          <Button variant="contained" onClick={() => setOpen(true)}>
            New comparison
          </Button>
        )}
      </Stack>
      <Paper variant="outlined">
        {isLoading && <LinearProgress aria-label="Loading comparisons" />}
        {error && <Alert severity="error">{errorMessage(error)}</Alert>}
        {data?.next && <TruncatedNotice shown={data.items.length} noun="comparisons" hint="Older comparisons are not listed." />}
        <Table size="small" aria-label="Comparisons">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Mode</TableCell>
              <TableCell>Audit type</TableCell>
              <TableCell>Step</TableCell>
              <TableCell>Created</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(data?.items ?? []).map((c) => (
              <TableRow key={c.id} hover>
                <TableCell>
                  <Link component={RouterLink} to={`/companies/${companyId}/comparisons/${c.id}`}>
                    {c.name}
                  </Link>
                </TableCell>
                <TableCell>{ComparisonType.label(c.type)}</TableCell>
                <TableCell>{AuditType.label(c.audit_type)}</TableCell>
                <TableCell>{ComparisonStep.label(c.step)}</TableCell>
                <TableCell>{new Date(c.created_at).toLocaleDateString()}</TableCell>
              </TableRow>
            ))}
            {data && data.items.length === 0 && (
              <TableRow>
                <TableCell colSpan={5}>
                  <Typography color="text.secondary">No comparisons yet.</Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </Paper>
      {open && <NewComparisonDialog companyId={companyId} onClose={() => setOpen(false)} />}
    </>
  );
}

function NewComparisonDialog({ companyId, onClose }: { companyId: string; onClose: () => void }) {
  const navigate = useNavigate();
  const snackbar = useSnackbar();
  const [form, setForm] = useState({ name: '', type: 'COMPARE_ONLY', audit_type: 'ENROLLMENT_AUDIT', notes: '' });
  const [invoiceFields, setInvoiceFields] = useState<InvoiceFieldValues>(emptyInvoiceFields);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [pending, setPending] = useState(false);
  const set = (key: keyof typeof form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));
  const isInvoice = form.audit_type === 'INVOICE_RECONCILIATION';

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = comparisonCreateSchema.safeParse({ ...form, ...invoiceBody(invoiceFields, isInvoice, undefined) });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    setPending(true);
    const result = await createComparison(companyId, parsed.data);
    setPending(false);
    if (result.error) {
      setErrors(fieldErrorsOf(result.error));
      snackbar.error(result.error);
      return;
    }
    snackbar.success('Comparison created');
    navigate(`/companies/${companyId}/comparisons/${result.data.id}`);
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="new-comparison-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="new-comparison-title">New comparison</DialogTitle>
        <DialogContent>
          <fieldset disabled={pending} style={{ border: 0, padding: 0, margin: 0 }}>
            <Stack spacing={2} sx={{ pt: 1 }}>
              <TextField label="Name" required value={form.name} onChange={set('name')} error={!!errors.name} helperText={errors.name} autoFocus />
              <TextField select label="Mode" value={form.type} onChange={set('type')}>
                {ComparisonMode.options.map((o) => (
                  <MenuItem key={o.value} value={o.value}>
                    {o.label}
                  </MenuItem>
                ))}
              </TextField>
              <TextField select label="Audit type" value={form.audit_type} onChange={set('audit_type')}>
                {AuditType.options.map((o) => (
                  <MenuItem key={o.value} value={o.value}>
                    {o.label}
                  </MenuItem>
                ))}
              </TextField>
              <InvoiceFields companyId={companyId} values={invoiceFields} onChange={setInvoiceFields} errors={errors} invoice={isInvoice} />
              <TextField label="Notes" multiline minRows={2} value={form.notes} onChange={set('notes')} />
            </Stack>
          </fieldset>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={pending}>
            Create
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
