import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useSWRConfig } from 'swr';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { can } from '../../../../shared/permissions';
import { errorMessage, fieldErrorsOf, isNotFoundError } from '../../api/errors';
import { NotFoundPage } from '../../components/errors';
import { exportTemplatesPath, updateExportTemplate, useExportTemplate } from '../../data/completion';
import { useSnackbar } from '../../feedback/snackbar';
import { PageTitle } from '../../layout/PageTitle';
import { useCurrentUser } from '../../auth/current-user';
import { EmailTemplatesPanel } from './EmailTemplatesPanel';
import { ExportTemplateForm } from './ExportTemplateForm';
import { ExportTemplatesPanel } from './ExportTemplatesPanel';

/**
 * Export columns templates and e-mail templates, at organization level
 * (/organizations/:organization_id/templates/export-templates, …/email-templates) and on the
 * company's Templates page. Field errors of the API show on the fields.
 */

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
