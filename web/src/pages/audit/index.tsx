import { lazy, Suspense } from 'react';
import { FullPageSpinner } from '../../layout/FullPageSpinner';

/** The audit trail pages, loaded on first visit (only admins ever open them). */
const Trail = lazy(() => import('./AuditTrailPage').then((m) => ({ default: m.AuditTrailPage })));

export function AdminAuditTrailPage() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Trail level="platform" />
    </Suspense>
  );
}

export function OrganizationAuditTrailPage() {
  return (
    <Suspense fallback={<FullPageSpinner />}>
      <Trail level="organization" />
    </Suspense>
  );
}
