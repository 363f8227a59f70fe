import { atLevel } from './at-level';
import { RenewalsReport } from './RenewalsReport';

/**
 * The renewals report pages at each level. They bring the API's schemas, and their list (a
 * server-paged grid) or their chart once its tab is shown, so the route table loads them on first
 * visit; the planning report is a module of its own (RenewalPlanningPages), as it shows no grid.
 */
export const AdminRenewalsReportPage = atLevel(RenewalsReport, 'platform', 'AdminRenewalsReportPage');
export const AgencyRenewalsReportPage = atLevel(RenewalsReport, 'agency', 'AgencyRenewalsReportPage');
export const OrganizationRenewalsReportPage = atLevel(RenewalsReport, 'organization', 'OrganizationRenewalsReportPage');
