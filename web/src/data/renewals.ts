import { useSWRConfig } from 'swr';
import type { RequestBodyOf, ResponseOf } from '../../../shared/api/endpoint';
import {
  addTaskAssignee,
  addTaskNote,
  addTaskOwner,
  advanceRenewal,
  closeRenewal,
  completeTaskAssignee,
  createRenewal,
  createTaskFile,
  deleteTaskFile,
  getRenewal,
  listCompanyRenewals,
  removeTaskOwner,
  reopenTaskAssignee,
  resendRenewalKickoff,
  sendBackRenewal,
  taskFileDownloadUrl,
  taskFileUploadUrl,
  unassignTaskAssignee,
  updateRenewal,
  updateRenewalPlan,
  verifyTaskFileStorage,
} from '../../../shared/api/renewals';
import { listCompanyEligibleAssignees } from '../../../shared/api/users';
import { statusLine } from '../api/errors';
import { apiPath, callApi, readsUnder, useApi, type QueryOf } from '../api/endpoints';
import type { RequestResult } from '../api/request';

/** A company's renewals and the renewal page: reads, and every write the page makes. Shapes come from the endpoints. */
export type RenewalList = ResponseOf<typeof listCompanyRenewals>;
export type RenewalRow = RenewalList['items'][number];
export type Renewal = ResponseOf<typeof getRenewal>;
export type RenewalPlan = Renewal['plans'][number];
export type RenewalPatch = RequestBodyOf<typeof updateRenewal>;
export type RenewalPlanPatch = RequestBodyOf<typeof updateRenewalPlan>;
export type NewRenewal = RequestBodyOf<typeof createRenewal>;
export type NewNote = RequestBodyOf<typeof addTaskNote>;
export type NewAssignee = RequestBodyOf<typeof addTaskAssignee>;

const renewalsPath = (companyId: string) => apiPath(listCompanyRenewals, { company_id: companyId });

export function useCompanyRenewals(companyId: string, query: QueryOf<typeof listCompanyRenewals>, enabled = true) {
  return useApi(listCompanyRenewals, enabled ? { company_id: companyId } : null, { query });
}

export function useRenewal(companyId: string, renewalId: string) {
  return useApi(getRenewal, { company_id: companyId, renewal_id: renewalId });
}

/** Who may own, be assigned to or run a renewal of the company (the API refuses anyone else). */
export function useEligibleAssignees(companyId: string | null) {
  return useApi(listCompanyEligibleAssignees, companyId ? { company_id: companyId } : null);
}

const MOVES = { advance: advanceRenewal, send_back: sendBackRenewal, close: closeRenewal };
const ASSIGNEE_CHANGES = { complete: completeTaskAssignee, reopen: reopenTaskAssignee, unassign: unassignTaskAssignee };

/**
 * Writes of the renewal page; each refreshes the renewal (and the list) it changed. A 409 refreshes
 * too: the renewal moved on or was changed meanwhile, and the page must show what it is now.
 */
export function useRenewalWrites(companyId: string, renewalId: string) {
  const { mutate } = useSWRConfig();
  const refresh = () => mutate(readsUnder(renewalsPath(companyId)));
  const after = async <T,>(result: Promise<RequestResult<T>>): Promise<RequestResult<T>> => {
    const done = await result;
    if (!done.error || done.error.status === 409) await refresh();
    return done;
  };
  const renewal = { company_id: companyId, renewal_id: renewalId };
  return {
    refresh,
    patch: (body: RenewalPatch) => after(callApi(updateRenewal, { params: renewal, body })),
    move: (verb: keyof typeof MOVES, body: { updated_at: string; note?: string | null }) => after(callApi(MOVES[verb], { params: renewal, body })),
    patchPlan: (planId: string, body: RenewalPlanPatch) => after(callApi(updateRenewalPlan, { params: { ...renewal, renewal_plan_id: planId }, body })),
    resendKickoff: () => after(callApi(resendRenewalKickoff, { params: renewal, idempotent: true })),
    task: (taskId: string) => {
      const task = { company_id: companyId, task_id: taskId };
      const file = (fileId: string) => ({ ...task, file_id: fileId });
      return {
        addOwner: (userId: string) => after(callApi(addTaskOwner, { params: task, body: { user_id: userId } })),
        removeOwner: (ownerId: string) => after(callApi(removeTaskOwner, { params: { ...task, owner_id: ownerId } })),
        addAssignee: (body: NewAssignee) => after(callApi(addTaskAssignee, { params: task, body })),
        changeAssignee: (assigneeId: string, verb: keyof typeof ASSIGNEE_CHANGES) => after(callApi(ASSIGNEE_CHANGES[verb], { params: { ...task, assignee_id: assigneeId } })),
        addNote: (body: NewNote) => after(callApi(addTaskNote, { params: task, body })),
        deleteFile: (fileId: string) => after(callApi(deleteTaskFile, { params: file(fileId) })),
        downloadUrl: (fileId: string) => callApi(taskFileDownloadUrl, { params: file(fileId) }),
        declareFile: (body: RequestBodyOf<typeof createTaskFile>) => callApi(createTaskFile, { params: task, body }),
        uploadUrl: (fileId: string) => callApi(taskFileUploadUrl, { params: file(fileId) }),
        verify: (fileId: string) => after(callApi(verifyTaskFileStorage, { params: file(fileId) })),
      };
    },
  };
}

export { fieldErrorsOf } from '../api/errors';

export async function startRenewal(companyId: string, body: NewRenewal) {
  return callApi(createRenewal, { params: { company_id: companyId }, body });
}

/** PUTs bytes to a presigned URL with upload progress (fetch cannot report it). */
export function putWithProgress(url: string, file: Blob, contentType: string, onProgress: (percent: number) => void): Promise<{ ok: boolean; statusText: string }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('content-type', contentType);
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(Math.round((e.loaded / e.total) * 100));
    // Behind HTTP/2 the status text is empty; the message names the status with its reason phrase then.
    xhr.onload = () => resolve({ ok: xhr.status >= 200 && xhr.status < 300, statusText: xhr.statusText || statusLine(xhr.status) });
    xhr.onerror = () => resolve({ ok: false, statusText: 'Network error' });
    xhr.onabort = () => resolve({ ok: false, statusText: 'Cancelled' });
    xhr.send(file);
  });
}
