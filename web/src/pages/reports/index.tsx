import { lazy, Suspense, type ComponentType } from 'react';
import { FullPageSpinner } from '../../layout/FullPageSpinner';
import type { ReportScope } from '../../data/renewal-reports';

/**
 * The renewal report pages, each loaded on first visit: they bring charts, a server-paged grid
 * and the API's schemas, which nobody opening a comparison needs to download.
 */
type Level = ReportScope['level'];

const RenewalsReport = lazy(() => import('./RenewalsReport').then((m) => ({ default: m.RenewalsReport })));
const RenewalPlanningReport = lazy(() => import('./RenewalPlanningReport').then((m) => ({ default: m.RenewalPlanningReport })));

function screen(Report: ComponentType<{ level: Level }>, level: Level, name: string): ComponentType {
  const Screen = () => (
    <Suspense fallback={<FullPageSpinner />}>
      <Report level={level} />
    </Suspense>
  );
  Screen.displayName = name;
  return Screen;
}

export const AdminRenewalsReportPage = screen(RenewalsReport, 'platform', 'AdminRenewalsReportPage');
export const AgencyRenewalsReportPage = screen(RenewalsReport, 'agency', 'AgencyRenewalsReportPage');
export const OrganizationRenewalsReportPage = screen(RenewalsReport, 'organization', 'OrganizationRenewalsReportPage');
export const AdminRenewalPlanningPage = screen(RenewalPlanningReport, 'platform', 'AdminRenewalPlanningPage');
export const AgencyRenewalPlanningPage = screen(RenewalPlanningReport, 'agency', 'AgencyRenewalPlanningPage');
export const OrganizationRenewalPlanningPage = screen(RenewalPlanningReport, 'organization', 'OrganizationRenewalPlanningPage');
