import { lazy, Suspense } from 'react';
import { FullPageSpinner } from '../../layout/FullPageSpinner';

/** The company's renewal pages, loaded on first visit (forms, stepper and uploads nobody auditing needs). */
const List = lazy(() => import('./RenewalsListPage').then((m) => ({ default: m.RenewalsListPage })));
const Show = lazy(() => import('./RenewalPage').then((m) => ({ default: m.RenewalPage })));

export function CompanyRenewalsPage() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <List />
    </Suspense>
  );
}

export function CompanyRenewalPage() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Show />
    </Suspense>
  );
}
