import useSWR, { useSWRConfig } from 'swr';
import type { RequestBodyOf, ResponseOf } from '../../../shared/api/endpoint';
import {
  addTaskAssignee,
  addTaskNote,
  createRenewal,
  createTaskFile,
  getRenewal,
  listCompanyRenewals,
  taskFileDownloadUrl,
  taskFileUploadUrl,
  updateRenewal,
  updateRenewalPlan,
  verifyTaskFileStorage,
} from '../../../shared/api/renewals';
import { statusLine, type ApiError } from '../api/errors';
import { request, withQuery, type RequestResult } from '../api/request';
import type { Assignee } from './completion';
import type { ListPage } from './list';
import { fillPath } from '../api/endpoint-path';

/** A company's renewals and the renewal page: reads, and every write the page makes. Shapes come from the endpoints. */
export type RenewalList = ResponseOf<typeof listCompanyRenewals>;
export type RenewalRow = RenewalList['items'][number];
export type Renewal = ResponseOf<typeof getRenewal>;
export type RenewalPlan = Renewal['plans'][number];
export type Task = Renewal['task'];
export type TaskFile = ResponseOf<typeof verifyTaskFileStorage>;
export type RenewalPatch = RequestBodyOf<typeof updateRenewal>;
export type RenewalPlanPatch = RequestBodyOf<typeof updateRenewalPlan>;
export type NewRenewal = RequestBodyOf<typeof createRenewal>;
export type NewNote = RequestBodyOf<typeof addTaskNote>;
export type NewAssignee = RequestBodyOf<typeof addTaskAssignee>;

export const renewalsPath = (companyId: string) => fillPath(listCompanyRenewals, { company_id: companyId });
export const renewalPath = (companyId: string, renewalId: string) => fillPath(getRenewal, { company_id: companyId, renewal_id: renewalId });
export const taskPath = (companyId: string, taskId: string) => `/api/companies/${encodeURIComponent(companyId)}/tasks/${encodeURIComponent(taskId)}`;

export function useCompanyRenewals(companyId: string, query: Record<string, string | number | undefined>, enabled = true) {
  return useSWR<RenewalList, ApiError>(enabled ? withQuery(renewalsPath(companyId), query) : null);
}

export function useRenewal(companyId: string, renewalId: string) {
  return useSWR<Renewal, ApiError>(renewalPath(companyId, renewalId));
}

/**
 * Who may own, be assigned to or run a renewal of the company (the API refuses anyone else). This
 * read is not on the described contract yet, so its shape is the comparison pages' `Assignee`.
 */
export function useEligibleAssignees(companyId: string | null) {
  return useSWR<ListPage<Assignee>, ApiError>(companyId ? `/api/companies/${encodeURIComponent(companyId)}/eligible_assignees` : null);
}

/**
 * Writes of the renewal page; each refreshes the renewal (and the list) it changed. A 409 refreshes
 * too: the renewal moved on or was changed meanwhile, and the page must show what it is now.
 */
export function useRenewalWrites(companyId: string, renewalId: string) {
  const { mutate } = useSWRConfig();
  const refresh = () => mutate((key) => typeof key === 'string' && key.startsWith(renewalsPath(companyId)));
  const after = async <T,>(result: Promise<RequestResult<T>>): Promise<RequestResult<T>> => {
    const done = await result;
    if (!done.error || done.error.status === 409) await refresh();
    return done;
  };
  const base = renewalPath(companyId, renewalId);
  return {
    refresh,
    patch: (body: RenewalPatch) => after(request<Renewal>(base, { method: 'PATCH', body })),
    move: (verb: 'advance' | 'send_back' | 'close', body: { updated_at: string; note?: string | null }) => after(request<Renewal>(`${base}/${verb}`, { method: 'POST', body })),
    patchPlan: (planId: string, body: RenewalPlanPatch) => after(request<RenewalPlan>(`${base}/renewal_plans/${encodeURIComponent(planId)}`, { method: 'PATCH', body })),
    resendKickoff: () => after(request<Renewal>(`${base}/resend_kickoff`, { method: 'POST' })),
    task: (taskId: string) => {
      const t = taskPath(companyId, taskId);
      return {
        addOwner: (userId: string) => after(request(`${t}/owners`, { method: 'POST', body: { user_id: userId } })),
        removeOwner: (ownerId: string) => after(request(`${t}/owners/${encodeURIComponent(ownerId)}`, { method: 'DELETE' })),
        addAssignee: (body: NewAssignee) => after(request(`${t}/assignees`, { method: 'POST', body })),
        changeAssignee: (assigneeId: string, verb: 'complete' | 'reopen' | 'unassign') => after(request(`${t}/assignees/${encodeURIComponent(assigneeId)}/${verb}`, { method: 'POST' })),
        addNote: (body: NewNote) => after(request(`${t}/task_notes`, { method: 'POST', body })),
        deleteFile: (fileId: string) => after(request(`${t}/task_files/${encodeURIComponent(fileId)}`, { method: 'DELETE' })),
        downloadUrl: (fileId: string) => request<ResponseOf<typeof taskFileDownloadUrl>>(`${t}/task_files/${encodeURIComponent(fileId)}/download_url`),
        declareFile: (body: RequestBodyOf<typeof createTaskFile>) => request<TaskFile>(`${t}/task_files`, { method: 'POST', body }),
        uploadUrl: (fileId: string) => request<ResponseOf<typeof taskFileUploadUrl>>(`${t}/task_files/${encodeURIComponent(fileId)}/upload_url`, { method: 'POST' }),
        verify: (fileId: string) => after(request<TaskFile>(`${t}/task_files/${encodeURIComponent(fileId)}/verify_storage`, { method: 'POST' })),
      };
    },
  };
}

export { fieldErrorsOf } from '../api/errors';

export async function startRenewal(companyId: string, body: NewRenewal) {
  return request<Renewal>(renewalsPath(companyId), { method: 'POST', body });
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
