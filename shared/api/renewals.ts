import { z } from 'zod';
import { listQuery, pageOf } from '../schemas/paging';
import {
  renewalCreateSchema,
  renewalDetailResponse,
  renewalListQuery,
  renewalMoveSchema,
  renewalPlanResponse,
  renewalPlanUpdateSchema,
  renewalSummaryResponse,
  renewalUpdateSchema,
  taskAssigneeCreateSchema,
  taskAssigneeResponse,
  taskFileCreateSchema,
  taskFileResponse,
  taskNoteCreateSchema,
  taskNoteResponse,
  taskOwnerCreateSchema,
  taskOwnerResponse,
  taskStepQuery,
} from '../schemas/renewal';
import { endpoint } from './endpoint';

/**
 * Renewals (SPEC §7 reads at their exact paths) and the task that carries their people, notes and
 * files. Writes follow the API conventions: POST on the collection, PATCH with updated_at, POST on
 * the item plus a verb for a step move.
 */
const COMPANY = '/api/companies/{company_id}';
const RENEWAL = `${COMPANY}/renewals/{renewal_id}`;
const TASK = `${COMPANY}/tasks/{task_id}`;

const companyParams = z.object({ company_id: z.string().min(1) });
const renewalParams = companyParams.extend({ renewal_id: z.string().min(1) });
const taskParams = companyParams.extend({ task_id: z.string().min(1) });
const renewalsPage = pageOf(renewalSummaryResponse);
const renewalsQuery = listQuery.extend(renewalListQuery.shape);

export const listCompanyRenewals = endpoint({
  method: 'GET',
  path: `${COMPANY}/renewals`,
  gate: 'company',
  summary: "A company's renewals, latest renewal month first",
  params: companyParams,
  query: renewalsQuery,
  response: renewalsPage,
});

export const listOrganizationRenewals = endpoint({
  method: 'GET',
  path: '/api/organizations/{organization_id}/renewals',
  gate: 'organization.renewal-report',
  summary: "Every renewal of an organization's companies",
  params: z.object({ organization_id: z.string().min(1) }),
  query: renewalsQuery,
  response: renewalsPage,
});

export const listAgencyRenewals = endpoint({
  method: 'GET',
  path: '/api/agencies/{agency_id}/renewals',
  gate: 'agencies',
  summary: 'Every renewal of the organizations an agency manages',
  params: z.object({ agency_id: z.string().min(1) }),
  query: renewalsQuery,
  response: renewalsPage,
});

export const listAllRenewals = endpoint({
  method: 'GET',
  path: '/api/admin/renewals',
  gate: 'platform.admin',
  summary: 'Every renewal on the platform',
  query: renewalsQuery,
  response: renewalsPage,
});

export const createRenewal = endpoint({
  method: 'POST',
  path: `${COMPANY}/renewals`,
  gate: 'company',
  summary: 'Starts the renewal of a company carrier for a month and year, with a checklist row per renewing plan and its task',
  params: companyParams,
  body: renewalCreateSchema,
  status: 201,
  response: renewalDetailResponse,
  errors: [409],
});

export const getRenewal = endpoint({
  method: 'GET',
  path: RENEWAL,
  gate: 'company',
  summary: 'A renewal with its plans, task, the blockers of its next step and what the caller may do',
  params: renewalParams,
  response: renewalDetailResponse,
});

export const updateRenewal = endpoint({
  method: 'PATCH',
  path: RENEWAL,
  gate: 'company',
  summary: 'Client information, demo environment notes, organization-managed, and item statuses (submit, approve, return, reopen)',
  params: renewalParams,
  body: renewalUpdateSchema,
  response: renewalDetailResponse,
  errors: [403, 409],
});

export const advanceRenewal = endpoint({
  method: 'POST',
  path: `${RENEWAL}/advance`,
  gate: 'company',
  summary: 'Moves the renewal to its next step; 409 names what blocks it',
  params: renewalParams,
  body: renewalMoveSchema,
  response: renewalDetailResponse,
  errors: [403, 409],
});

export const sendBackRenewal = endpoint({
  method: 'POST',
  path: `${RENEWAL}/send_back`,
  gate: 'company',
  summary: 'Sends a review step back to the step that fills it, reopening the item',
  params: renewalParams,
  body: renewalMoveSchema,
  response: renewalDetailResponse,
  errors: [403, 409],
});

export const closeRenewal = endpoint({
  method: 'POST',
  path: `${RENEWAL}/close`,
  gate: 'company',
  summary: 'Closes the renewal without going live',
  params: renewalParams,
  body: renewalMoveSchema,
  response: renewalDetailResponse,
  errors: [403, 409],
});

export const updateRenewalPlan = endpoint({
  method: 'PATCH',
  path: `${RENEWAL}/renewal_plans/{renewal_plan_id}`,
  gate: 'company',
  summary: "A plan's checklist answers and notes, or its review status",
  params: renewalParams.extend({ renewal_plan_id: z.string().min(1) }),
  body: renewalPlanUpdateSchema,
  response: renewalPlanResponse,
  errors: [403, 409],
});

export const addTaskOwner = endpoint({
  method: 'POST',
  path: `${TASK}/owners`,
  gate: 'company',
  summary: 'Makes an eligible user an owner of the task',
  params: taskParams,
  body: taskOwnerCreateSchema,
  status: 201,
  response: taskOwnerResponse,
  errors: [409],
});

export const removeTaskOwner = endpoint({
  method: 'DELETE',
  path: `${TASK}/owners/{owner_id}`,
  gate: 'company',
  summary: 'Removes an owner from the task',
  params: taskParams.extend({ owner_id: z.string().min(1) }),
  status: 204,
  response: null,
});

export const addTaskAssignee = endpoint({
  method: 'POST',
  path: `${TASK}/assignees`,
  gate: 'company',
  summary: 'Assigns an eligible user to a step (e-mails RENEWAL_TASK_ASSIGNMENT)',
  params: taskParams,
  body: taskAssigneeCreateSchema,
  status: 201,
  response: taskAssigneeResponse,
  errors: [409],
});

const assigneeParams = taskParams.extend({ assignee_id: z.string().min(1) });

export const completeTaskAssignee = endpoint({
  method: 'POST',
  path: `${TASK}/assignees/{assignee_id}/complete`,
  gate: 'company',
  summary: "Marks an assignee's part of the step done (e-mails RENEWAL_TASK_COMPLETE to the owners)",
  params: assigneeParams,
  response: taskAssigneeResponse,
  errors: [409],
});

export const reopenTaskAssignee = endpoint({
  method: 'POST',
  path: `${TASK}/assignees/{assignee_id}/reopen`,
  gate: 'company',
  summary: "Reopens an assignee's completed part of the step",
  params: assigneeParams,
  response: taskAssigneeResponse,
  errors: [409],
});

export const unassignTaskAssignee = endpoint({
  method: 'POST',
  path: `${TASK}/assignees/{assignee_id}/unassign`,
  gate: 'company',
  summary: 'Takes an assignee off the step (kept in the history)',
  params: assigneeParams,
  response: taskAssigneeResponse,
  errors: [409],
});

export const listTaskNotes = endpoint({
  method: 'GET',
  path: `${TASK}/task_notes`,
  gate: 'company',
  summary: 'Notes of the task, newest first, optionally of one step',
  params: taskParams,
  query: listQuery.extend(taskStepQuery.shape),
  response: pageOf(taskNoteResponse),
});

export const addTaskNote = endpoint({
  method: 'POST',
  path: `${TASK}/task_notes`,
  gate: 'company',
  summary: 'Adds a note to a step, optionally tagged (e-mails RENEWAL_TASK_NOTE to owners and assignees)',
  params: taskParams,
  body: taskNoteCreateSchema,
  status: 201,
  response: taskNoteResponse,
  errors: [409],
});

export const listTaskFiles = endpoint({
  method: 'GET',
  path: `${TASK}/task_files`,
  gate: 'company',
  summary: 'Verified attachments of the task, optionally of one step',
  params: taskParams,
  query: listQuery.extend(taskStepQuery.shape),
  response: pageOf(taskFileResponse),
});

export const createTaskFile = endpoint({
  method: 'POST',
  path: `${TASK}/task_files`,
  gate: 'company',
  summary: 'Declares an attachment (type and size checked); its bytes follow through upload_url and verify_storage',
  params: taskParams,
  body: taskFileCreateSchema,
  status: 201,
  response: taskFileResponse,
  errors: [409, 413],
});

const taskFileParams = taskParams.extend({ file_id: z.string().min(1) });

export const taskFileUploadUrl = endpoint({
  method: 'POST',
  path: `${TASK}/task_files/{file_id}/upload_url`,
  gate: 'company',
  summary: 'A short-lived presigned PUT for the declared attachment, bound to its type and size',
  params: taskFileParams,
  response: z.strictObject({ url: z.string(), expires_in_seconds: z.number(), content_type: z.string() }),
  errors: [409],
});

export const verifyTaskFileStorage = endpoint({
  method: 'POST',
  path: `${TASK}/task_files/{file_id}/verify_storage`,
  gate: 'company',
  summary: 'Checks the uploaded object has the declared size and type, then lists the attachment',
  params: taskFileParams,
  response: taskFileResponse,
  errors: [409],
});

export const taskFileDownloadUrl = endpoint({
  method: 'GET',
  path: `${TASK}/task_files/{file_id}/download_url`,
  gate: 'company',
  summary: 'A short-lived presigned GET of a verified attachment',
  params: taskFileParams,
  response: z.strictObject({ url: z.string(), expires_in_seconds: z.number() }),
  errors: [409],
});

export const deleteTaskFile = endpoint({
  method: 'DELETE',
  path: `${TASK}/task_files/{file_id}`,
  gate: 'company',
  summary: 'Removes an attachment and its stored bytes',
  params: taskFileParams,
  status: 204,
  response: null,
});

export const resendRenewalKickoff = endpoint({
  method: 'POST',
  path: `${RENEWAL}/resend_kickoff`,
  gate: 'company',
  summary: 'Sends the kickoff e-mail again to the renewal contact and the GA contacts, and counts it',
  params: renewalParams,
  response: renewalDetailResponse,
  errors: [409],
});

export const runRenewalKickoff = endpoint({
  method: 'POST',
  path: '/api/admin/renewals/kickoff',
  gate: 'platform.admin',
  summary: 'Runs the daily renewal kickoff now, for today or a given day (to catch one up); safe to repeat',
  body: z.object({ date: z.iso.date({ error: 'date must be a day, yyyy-MM-dd' }).optional() }).strict(),
  response: z.strictObject({ date: z.string(), kicked_off: z.number(), emails_sent: z.number(), emails_failed: z.number(), due: z.number() }),
});

export const runRenewalOverdueReminders = endpoint({
  method: 'POST',
  path: '/api/admin/renewals/overdue_reminders',
  gate: 'platform.admin',
  summary: 'Runs the daily reminder of late renewal steps now, for today or a given day; a step already reminded that day is not reminded again',
  body: z.object({ date: z.iso.date({ error: 'date must be a day, yyyy-MM-dd' }).optional() }).strict(),
  response: z.strictObject({ date: z.string(), late_steps: z.number(), reminded: z.number(), emails_sent: z.number(), emails_failed: z.number() }),
});
