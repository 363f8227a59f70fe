import { lazy, Suspense } from 'react';
import { FullPageSpinner } from '../../layout/FullPageSpinner';

/** The API reference, loaded on first visit (few users open it). */
const Reference = lazy(() => import('./ApiReferencePage').then((m) => ({ default: m.ApiReferencePage })));

export function ApiReferencePage() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Reference />
    </Suspense>
  );
}
