import * as reports from '../../shared/api/renewal-reports';
import * as api from '../../shared/api/renewals';
import { routeOf, type RouteDef } from './types';

/** Renewals and the tasks that carry their owners, assignees, notes and files. */
export const renewalsRoutes: RouteDef[] = [
  routeOf(api.listCompanyRenewals, 'api/renewals/list'),
  routeOf(api.createRenewal, 'api/renewals/create'),
  routeOf(api.getRenewal, 'api/renewals/get'),
  routeOf(api.updateRenewal, 'api/renewals/update'),
  routeOf(api.advanceRenewal, 'api/renewals/advance'),
  routeOf(api.sendBackRenewal, 'api/renewals/send-back'),
  routeOf(api.closeRenewal, 'api/renewals/close'),
  routeOf(api.updateRenewalPlan, 'api/renewals/plan-update'),
  routeOf(api.listOrganizationRenewals, 'api/renewals/list-organization'),
  routeOf(api.listAgencyRenewals, 'api/renewals/list-agency'),
  routeOf(api.listAllRenewals, 'api/renewals/list-admin'),
  routeOf(api.resendRenewalKickoff, 'api/renewals/resend-kickoff'),
  routeOf(api.runRenewalKickoff, 'api/renewals/kickoff', { timeoutSeconds: 300, memoryMb: 512 }),
  routeOf(api.runRenewalOverdueReminders, 'api/renewals/overdue-reminders', { timeoutSeconds: 300, memoryMb: 512 }),

  routeOf(reports.organizationRenewalPlanning, 'api/renewal-reports/organization-planning'),
  routeOf(reports.agencyRenewalPlanning, 'api/renewal-reports/agency-planning'),
  routeOf(reports.platformRenewalPlanning, 'api/renewal-reports/platform-planning'),
  routeOf(reports.organizationRenewalsWorkbook, 'api/renewal-reports/organization-renewals-workbook', { memoryMb: 1024 }),
  routeOf(reports.agencyRenewalsWorkbook, 'api/renewal-reports/agency-renewals-workbook', { memoryMb: 1024 }),
  routeOf(reports.platformRenewalsWorkbook, 'api/renewal-reports/platform-renewals-workbook', { memoryMb: 1024 }),
  routeOf(reports.organizationPlanningWorkbook, 'api/renewal-reports/organization-planning-workbook', { memoryMb: 1024 }),
  routeOf(reports.agencyPlanningWorkbook, 'api/renewal-reports/agency-planning-workbook', { memoryMb: 1024 }),
  routeOf(reports.platformPlanningWorkbook, 'api/renewal-reports/platform-planning-workbook', { memoryMb: 1024 }),

  routeOf(api.addTaskOwner, 'api/tasks/owners-create'),
  routeOf(api.removeTaskOwner, 'api/tasks/owners-delete'),
  routeOf(api.addTaskAssignee, 'api/tasks/assignees-create'),
  routeOf(api.completeTaskAssignee, 'api/tasks/assignees-complete'),
  routeOf(api.reopenTaskAssignee, 'api/tasks/assignees-reopen'),
  routeOf(api.unassignTaskAssignee, 'api/tasks/assignees-unassign'),
  routeOf(api.listTaskNotes, 'api/tasks/notes-list'),
  routeOf(api.addTaskNote, 'api/tasks/notes-create'),
  routeOf(api.listTaskFiles, 'api/tasks/files-list'),
  routeOf(api.createTaskFile, 'api/tasks/files-create'),
  routeOf(api.taskFileUploadUrl, 'api/tasks/files-upload-url'),
  routeOf(api.verifyTaskFileStorage, 'api/tasks/files-verify-storage'),
  routeOf(api.taskFileDownloadUrl, 'api/tasks/files-download-url'),
  routeOf(api.deleteTaskFile, 'api/tasks/files-delete'),
];
