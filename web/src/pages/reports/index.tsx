import type { ComponentType } from 'react';
import type { ReportScope } from '../../data/renewal-reports';
import { RenewalPlanningReport } from './RenewalPlanningReport';
import { RenewalsReport } from './RenewalsReport';

/**
 * The renewal report pages at each level. They bring charts, a server-paged grid and the API's
 * schemas, so the route table loads them on first visit.
 */
type Level = ReportScope['level'];

function atLevel(Report: ComponentType<{ level: Level }>, level: Level, name: string): ComponentType {
  const Screen = () => <Report level={level} />;
  Screen.displayName = name;
  return Screen;
}

export const AdminRenewalsReportPage = atLevel(RenewalsReport, 'platform', 'AdminRenewalsReportPage');
export const AgencyRenewalsReportPage = atLevel(RenewalsReport, 'agency', 'AgencyRenewalsReportPage');
export const OrganizationRenewalsReportPage = atLevel(RenewalsReport, 'organization', 'OrganizationRenewalsReportPage');
export const AdminRenewalPlanningPage = atLevel(RenewalPlanningReport, 'platform', 'AdminRenewalPlanningPage');
export const AgencyRenewalPlanningPage = atLevel(RenewalPlanningReport, 'agency', 'AgencyRenewalPlanningPage');
export const OrganizationRenewalPlanningPage = atLevel(RenewalPlanningReport, 'organization', 'OrganizationRenewalPlanningPage');
