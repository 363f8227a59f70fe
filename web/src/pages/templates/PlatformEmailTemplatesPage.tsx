import { can } from '../../../../shared/permissions';
import { PageTitle } from '../../layout/PageTitle';
import { useCurrentUser } from '../../auth/current-user';
import { EmailTemplatesPanel } from './EmailTemplatesPanel';

const PLATFORM = { platform: true } as const;

/** /admin/email-templates: the platform's e-mail texts, the ones organizations and companies inherit. */
export function AdminEmailTemplatesPage() {
  const me = useCurrentUser();
  return (
    <>
      <PageTitle>Email Templates</PageTitle>
      <EmailTemplatesPanel owner={PLATFORM} mayEdit={can(me, 'platform-email-template.update')} />
    </>
  );
}
