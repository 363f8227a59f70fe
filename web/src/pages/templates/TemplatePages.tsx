import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { useSWRConfig } from 'swr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
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
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PLAN_DOES_NOT_SUPPORT_EMAIL_TEMPLATES } from '../../../../shared/messages';
import { can } from '../../../../shared/permissions';
import { errorMessage, fieldErrorsOf, isNotFoundError } from '../../api/errors';
import { NotFoundPage } from '../errors';
import {
  createExportTemplate,
  deleteExportTemplate,
  emailTemplatesPath,
  exportTemplatesPath,
  resetEmailTemplate,
  saveEmailTemplate,
  updateExportTemplate,
  useEmailTemplates,
  useExportTemplate,
  useExportTemplates,
  type EmailTemplateOwner,
  type EmailTemplateRow,
  type ExportTemplate,
  type ExportTemplateColumn,
  type ExportTemplateInput,
  type TemplateOwner,
} from '../../data/completion';
import { ExportColumnsTable, exportedAs, newDraftKey, type ExportColumnDraft, type SourceColumn } from '../../components/ExportColumnsTable';
import { RowsFormActions } from '../../components/RowsFormActions';
import { PendingButton } from '../../components/PendingButton';
import { useSnackbar } from '../../feedback/snackbar';
import { PageTitle } from '../../layout/PageTitle';
import { useCurrentUser } from '../../routes/current-user';

/**
 * Export columns templates and e-mail templates, at organization level
 * (/organizations/:organization_id/templates/export-templates, …/email-templates) and on the
 * company's Templates page. Field errors of the API show on the fields.
 */

const SOURCE_LABELS: Record<EmailTemplateRow['source'], string> = {
  COMPANY: 'Company template',
  ORGANIZATION: 'Organization template',
  PLATFORM: 'Platform template',
  DEFAULT: 'Default text',
};


interface ColumnDraft extends ExportColumnDraft {
  baseline: string;
  secondary: string;
}
const draftOf = (c?: ExportTemplateColumn): ColumnDraft => ({
  key: newDraftKey(),
  baseline: c?.baseline_column_name ?? '',
  secondary: c?.secondary_column_name ?? '',
  renamed: c?.renamed_column_name ?? '',
  rule: c?.formatting_rule ?? '',
});

/** The cell naming a template column's baseline or carrier column: a template belongs to no file, so names are typed, not picked. */
const nameColumn = (field: 'baseline' | 'secondary', header: string, disabled: boolean, err: (index: number, field: string) => string | undefined): SourceColumn<ColumnDraft> => ({
  header,
  cell: (c, { n, index, set }) => {
    const error = err(index, `${field}_column_name`);
    return (
      <TextField
        size="small"
        value={c[field]}
        onChange={(e) => set({ [field]: e.target.value })}
        disabled={disabled}
        error={!!error}
        helperText={error}
        slotProps={{ htmlInput: { 'aria-label': `${header} ${n}` } }}
      />
    );
  },
});

/** Editor of a template's name and ordered columns (the order is the export's). */
function ExportTemplateForm({
  initial,
  busy,
  errors,
  onSubmit,
  onCancel,
  submitLabel,
  readOnly,
}: {
  initial?: ExportTemplate;
  busy: boolean;
  errors: Record<string, string>;
  onSubmit: (value: ExportTemplateInput) => void;
  onCancel?: () => void;
  submitLabel: string;
  readOnly?: boolean;
}) {
  const [name, setName] = useState(initial?.name ?? '');
  const [columns, setColumns] = useState<ColumnDraft[]>(() => (initial?.columns.length ? initial.columns.map(draftOf) : [draftOf()]));
  const submit = () =>
    onSubmit({
      name,
      columns: columns.map((c, index) => ({
        baseline_column_name: c.baseline.trim() || null,
        secondary_column_name: c.secondary.trim() || null,
        ...exportedAs(c),
        index,
      })),
    });
  const disabled = busy || !!readOnly;
  const err = (index: number, field: string) => errors[`columns.${index}.${field}`];

  return (
    <Stack spacing={2} component="form" onSubmit={(e) => (e.preventDefault(), submit())} aria-label="Export template">
      <TextField label="Template name" value={name} onChange={(e) => setName(e.target.value)} required disabled={disabled} error={!!errors.name} helperText={errors.name} />
      {errors.columns && <Alert severity="error">{errors.columns}</Alert>}
      <ExportColumnsTable
        label="Template columns"
        drafts={columns}
        setDrafts={setColumns}
        sources={[nameColumn('baseline', 'Baseline column', disabled, err), nameColumn('secondary', 'Carrier column', disabled, err)]}
        renamedError={(index) => err(index, 'renamed_column_name')}
        disabled={disabled}
        minRows={1}
      />
      {!readOnly && <RowsFormActions addLabel="Add column" onAdd={() => setColumns((cs) => [...cs, draftOf()])} onCancel={onCancel} submitLabel={submitLabel} disabled={busy} />}
    </Stack>
  );
}

/** The list of export columns templates of an organization or company, with New / Delete. */
function ExportTemplatesPanel({ owner, mayEdit, showHref }: { owner: TemplateOwner; mayEdit: (t?: ExportTemplate) => boolean; showHref?: (t: ExportTemplate) => string }) {
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

/** Every e-mail type with the text a send uses at this level; edit or reset when allowed and the plan includes it. */
export function EmailTemplatesPanel({ owner, mayEdit }: { owner: EmailTemplateOwner; mayEdit: boolean }) {
  const { data, error, isLoading } = useEmailTemplates(owner);
  const { mutate } = useSWRConfig();
  const snackbar = useSnackbar();
  const [editing, setEditing] = useState<EmailTemplateRow | null>(null);
  const [draft, setDraft] = useState({ subject: '', body: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  /** The e-mail type whose reset is pending: its button stays disabled until the answer. */
  const [resetting, setResetting] = useState<string | null>(null);
  const platform = 'platform' in owner;
  const level = platform ? 'PLATFORM' : 'companyId' in owner ? 'COMPANY' : 'ORGANIZATION';
  const planOk = !data || !('plan_supports_templates' in data) || data.plan_supports_templates !== false;

  const open = (t: EmailTemplateRow) => {
    setEditing(t);
    setDraft({ subject: t.subject, body: t.body });
    setErrors({});
  };
  const save = async () => {
    if (!editing) return;
    setBusy(true);
    const res = await saveEmailTemplate(owner, editing.email_type, { ...draft, ...(editing.customized && editing.updated_at ? { updated_at: editing.updated_at } : {}) });
    setBusy(false);
    if (res.error) {
      setErrors(fieldErrorsOf(res.error));
      return snackbar.error(res.error);
    }
    snackbar.success('E-mail template saved');
    setEditing(null);
    await mutate(emailTemplatesPath(owner));
  };
  const reset = async (t: EmailTemplateRow) => {
    setResetting(t.email_type);
    const res = await resetEmailTemplate(owner, t.email_type);
    setResetting(null);
    if (res.error) return snackbar.error(res.error);
    snackbar.success(platform ? 'Back to the default text' : 'Back to the inherited text');
    await mutate(emailTemplatesPath(owner));
  };

  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="email-templates-title">
      <Typography id="email-templates-title" variant="h6" component="h2" gutterBottom>
        E-mail templates
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {platform
          ? 'The platform’s text is used wherever an organization or company has no template of its own; reset returns a type to the default text.'
          : 'Each e-mail uses the company’s template, else the organization’s, else the platform’s.'}{' '}
        Words in double braces, such as {'{{comparison_name}}'}, are filled in when the e-mail is sent.
      </Typography>
      {!planOk && mayEdit && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {PLAN_DOES_NOT_SUPPORT_EMAIL_TEMPLATES}
        </Alert>
      )}
      {isLoading && <CircularProgress aria-label="Loading the e-mail templates" />}
      {error && <Alert severity="error">{errorMessage(error)}</Alert>}
      <Stack spacing={1.5}>
        {data?.items.map((t) => (
          <Paper key={t.email_type} variant="outlined" sx={{ p: 1.5 }}>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
              <Typography variant="subtitle1" component="h3" sx={{ flex: 1 }}>
                {t.label}
              </Typography>
              <Chip size="small" label={SOURCE_LABELS[t.source]} color={t.source === level ? 'primary' : 'default'} />
              {mayEdit && planOk && (
                <Button size="small" onClick={() => open(t)}>
                  Edit
                </Button>
              )}
              {mayEdit && planOk && t.customized && (
                <Button size="small" onClick={() => reset(t)} disabled={resetting === t.email_type}>
                  Reset
                </Button>
              )}
            </Stack>
            <Typography variant="body2">
              <strong>Subject:</strong> {t.subject}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap', mt: 0.5 }}>
              {t.body}
            </Typography>
          </Paper>
        ))}
      </Stack>
      <Dialog open={!!editing} onClose={busy ? undefined : () => setEditing(null)} maxWidth="md" fullWidth>
        <DialogTitle>{editing?.label}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField label="Subject" value={draft.subject} onChange={(e) => setDraft((d) => ({ ...d, subject: e.target.value }))} required error={!!errors.subject} helperText={errors.subject} disabled={busy} />
            <TextField label="Text" value={draft.body} onChange={(e) => setDraft((d) => ({ ...d, body: e.target.value }))} required multiline minRows={8} error={!!errors.body} helperText={errors.body} disabled={busy} />
            {!!editing?.placeholders.length && (
              <Typography variant="body2" color="text.secondary">
                Placeholders: {editing.placeholders.map((p) => `{{${p}}}`).join(' ')}
              </Typography>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setEditing(null)} disabled={busy}>
            Cancel
          </Button>
          <Button variant="contained" onClick={save} disabled={busy}>
            Save
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}

/** /organizations/:organization_id/templates/export-templates */
export function OrganizationExportTemplatesPage() {
  const { organization_id: organizationId = '' } = useParams();
  const me = useCurrentUser();
  const owner = { organizationId };
  return (
    <>
      <PageTitle>Export Templates</PageTitle>
      <ExportTemplatesPanel
        owner={owner}
        mayEdit={() => can(me, 'template.create')}
        showHref={(t) => `/organizations/${organizationId}/templates/export-templates/${t.id}`}
      />
    </>
  );
}

/** /organizations/:organization_id/templates/export-templates/:export_columns_template_id */
export function OrganizationExportTemplatePage() {
  const { organization_id: organizationId = '', export_columns_template_id: id } = useParams();
  const me = useCurrentUser();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const snackbar = useSnackbar();
  const owner = { organizationId };
  const { data, error, isLoading } = useExportTemplate(owner, id);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  if (isLoading) return <CircularProgress aria-label="Loading the template" />;
  if (isNotFoundError(error)) return <NotFoundPage />;
  if (error || !data) return <Alert severity="error">{errorMessage(error)}</Alert>;
  const mayEdit = can(me, 'template.update');
  return (
    <>
      <PageTitle>{data.name}</PageTitle>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <ExportTemplateForm
          key={data.updated_at}
          initial={data}
          busy={busy}
          errors={errors}
          readOnly={!mayEdit}
          submitLabel="Save"
          onCancel={() => navigate(`/organizations/${organizationId}/templates/export-templates`)}
          onSubmit={async (value) => {
            setBusy(true);
            const res = await updateExportTemplate(owner, data.id, { ...value, updated_at: data.updated_at });
            setBusy(false);
            if (res.error) {
              setErrors(fieldErrorsOf(res.error));
              return snackbar.error(res.error);
            }
            setErrors({});
            snackbar.success('Template saved');
            await mutate(`${exportTemplatesPath(owner)}/${data.id}`, res.data, { revalidate: false });
            await mutate(exportTemplatesPath(owner));
          }}
        />
      </Paper>
    </>
  );
}

/** /organizations/:organization_id/templates/email-templates */
export function OrganizationEmailTemplatesPage() {
  const { organization_id: organizationId = '' } = useParams();
  const me = useCurrentUser();
  return (
    <>
      <PageTitle>Email Templates</PageTitle>
      <EmailTemplatesPanel owner={{ organizationId }} mayEdit={can(me, 'email-template.update')} />
    </>
  );
}

/** /companies/:company_id/templates: the company's export columns templates and e-mail templates. */
export function CompanyTemplatesPage() {
  const { company_id: companyId = '' } = useParams();
  const me = useCurrentUser();
  const owner = { companyId };
  return (
    <>
      <PageTitle>Templates</PageTitle>
      <Stack spacing={3}>
        <ExportTemplatesPanel owner={owner} mayEdit={(t) => can(me, 'template.create') && (!t || t.level === 'COMPANY')} />
        <EmailTemplatesPanel owner={owner} mayEdit={can(me, 'email-template.update')} />
      </Stack>
    </>
  );
}
