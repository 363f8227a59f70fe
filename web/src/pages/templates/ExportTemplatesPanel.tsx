import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useSWRConfig } from 'swr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { errorMessage, fieldErrorsOf } from '../../api/errors';
import {
  createExportTemplate,
  deleteExportTemplate,
  exportTemplatesPath,
  updateExportTemplate,
  useExportTemplates,
  type ExportTemplate,
  type ExportTemplateInput,
  type TemplateOwner,
} from '../../data/completion';
import { PendingButton } from '../../components/PendingButton';
import { useSnackbar } from '../../feedback/snackbar';
import { ExportTemplateForm } from './ExportTemplateForm';

/** The list of export columns templates of an organization or company, with New / Delete. */
export function ExportTemplatesPanel({ owner, mayEdit, showHref }: { owner: TemplateOwner; mayEdit: (t?: ExportTemplate) => boolean; showHref?: (t: ExportTemplate) => string }) {
  const { data, error, isLoading } = useExportTemplates(owner);
  const { mutate } = useSWRConfig();
  const snackbar = useSnackbar();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<ExportTemplate | null>(null);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const list = exportTemplatesPath(owner);

  const close = () => {
    setCreating(false);
    setEditing(null);
    setErrors({});
  };
  const submit = async (value: ExportTemplateInput) => {
    setBusy(true);
    const res = editing ? await updateExportTemplate(owner, editing.id, { ...value, updated_at: editing.updated_at }) : await createExportTemplate(owner, value);
    setBusy(false);
    if (res.error) {
      setErrors(fieldErrorsOf(res.error));
      return snackbar.error(res.error);
    }
    snackbar.success(editing ? 'Template saved' : 'Template created');
    close();
    await mutate(list);
  };
  const remove = async (t: ExportTemplate) => {
    if (!window.confirm(`Delete the template "${t.name}"?`)) return;
    const res = await deleteExportTemplate(owner, t.id);
    if (res.error) return snackbar.error(res.error);
    snackbar.success('Template deleted');
    await mutate(list);
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="export-templates-title">
      <Stack direction="row" sx={{ mb: 1, alignItems: 'center' }}>
        <Typography id="export-templates-title" variant="h6" component="h2" sx={{ flex: 1 }}>
          Export columns templates
        </Typography>
        {mayEdit() && (
          <Button variant="contained" onClick={() => setCreating(true)}>
            New template
          </Button>
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Which columns a merged export writes, in which order, under which names, and how SSNs are written. A column missing from a comparison’s files is skipped and listed on the Summary sheet.
      </Typography>
      {isLoading && <CircularProgress aria-label="Loading the templates" />}
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      {data && data.items.length === 0 && <Typography color="text.secondary">No export columns templates yet.</Typography>}
      {data && data.items.length > 0 && (
        <Table size="small" aria-label="Export columns templates">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Level</TableCell>
              <TableCell>Columns</TableCell>
              <TableCell aria-label="Actions" />
            </TableRow>
          </TableHead>
          <TableBody>
            {data.items.map((t) => (
              <TableRow key={t.id}>
                <TableCell>{showHref ? <Link component={RouterLink} to={showHref(t)}>{t.name}</Link> : t.name}</TableCell>
                <TableCell>{t.level === 'COMPANY' ? 'Company' : 'Organization'}</TableCell>
                <TableCell>{t.columns.map((c) => c.renamed_column_name || c.baseline_column_name || c.secondary_column_name).join(', ')}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {mayEdit(t) && (
                    <>
                      <Button size="small" onClick={() => setEditing(t)}>
                        Edit
                      </Button>
                      <PendingButton size="small" color="error" onClick={() => remove(t)}>
                        Delete
                      </PendingButton>
                    </>
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <Dialog open={creating || !!editing} onClose={busy ? undefined : close} maxWidth="lg" fullWidth>
        <DialogTitle>{editing ? `Edit ${editing.name}` : 'New export columns template'}</DialogTitle>
        <DialogContent sx={{ pt: 1 }}>
          <Box sx={{ pt: 1 }}>
            <ExportTemplateForm key={editing?.id ?? 'new'} initial={editing ?? undefined} busy={busy} errors={errors} onSubmit={submit} onCancel={close} submitLabel={editing ? 'Save' : 'Create'} />
          </Box>
        </DialogContent>
      </Dialog>
    </Paper>
  );
}
