import { Suspense, useMemo } from 'react';
import { useParams } from 'react-router';
import type { PageId } from '../../../shared/permissions';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { NotFoundPage, ServerErrorPage } from '../components/errors';
import { screenFor } from '../pages/registry';
import { usePageAccess } from './access';
import { useCurrentUser } from '../auth/current-user';

/** One guarded page: spinner while access is being settled, then the screen, the 404 or the 500 page. */
export function PageRoute({ pageId }: { pageId: PageId }) {
  const me = useCurrentUser();
  const params = useParams();
  const access = usePageAccess(me, pageId, params);
  const Screen = useMemo(() => screenFor(pageId), [pageId]);

  switch (access.status) {
    case 'loading':
      return <FullPageSpinner />;
    case 'denied':
      return <NotFoundPage />;
    case 'error':
      return <ServerErrorPage error={access.error} />;
    case 'allowed':
      // The screen's code arrives on the first visit; until then the page shows the app's spinner.
      return (
        <Suspense fallback={<FullPageSpinner />}>
          <Screen />
        </Suspense>
      );
  }
}
