import { AuditTrailPage } from './AuditTrailPage';

/** The audit trail at each level: only admins open it, so the route table loads it on first visit. */
export function AdminAuditTrailPage() {
  return <AuditTrailPage level="platform" />;
}

export function OrganizationAuditTrailPage() {
  return <AuditTrailPage level="organization" />;
}
