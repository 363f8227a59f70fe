import { lazy, Suspense } from 'react';
import { FullPageSpinner } from '../../components/FullPageSpinner';

/** The Convert Carrier Files page, loaded on first visit (uploads, previews and the comparison picker). */
const Page = lazy(() => import('./ConvertCarrierFilesPage').then((m) => ({ default: m.ConvertCarrierFilesPage })));

export function CompanyConvertCarrierFilesPage() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Page />
    </Suspense>
  );
}
