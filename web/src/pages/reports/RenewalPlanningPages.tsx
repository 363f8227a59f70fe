import { atLevel } from './at-level';
import { RenewalPlanningReport } from './RenewalPlanningReport';

/** The renewal planning pages at each level: a chart and the months' tables, no grid. */
export const AdminRenewalPlanningPage = atLevel(RenewalPlanningReport, 'platform', 'AdminRenewalPlanningPage');
export const AgencyRenewalPlanningPage = atLevel(RenewalPlanningReport, 'agency', 'AgencyRenewalPlanningPage');
export const OrganizationRenewalPlanningPage = atLevel(RenewalPlanningReport, 'organization', 'OrganizationRenewalPlanningPage');
