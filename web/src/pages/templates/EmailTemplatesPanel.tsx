import { useState } from 'react';
import { useSWRConfig } from 'swr';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PLAN_DOES_NOT_SUPPORT_EMAIL_TEMPLATES } from '../../../../shared/messages';
import { errorMessage, fieldErrorsOf } from '../../api/errors';
import { emailTemplatesPath, resetEmailTemplate, saveEmailTemplate, useEmailTemplates, type EmailTemplateOwner, type EmailTemplateRow } from '../../data/completion';
import { useSnackbar } from '../../feedback/snackbar';

const SOURCE_LABELS: Record<EmailTemplateRow['source'], string> = {
  COMPANY: 'Company template',
  ORGANIZATION: 'Organization template',
  PLATFORM: 'Platform template',
  DEFAULT: 'Default text',
};

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
