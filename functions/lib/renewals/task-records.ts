import { ATTACHMENT_MIME_TYPES, fileExtension, MAX_ATTACHMENT_BYTES, type AttachmentExtension } from '../../../shared/files';
import type { RenewalStep } from '../../../shared/renewals';
import { attachmentTooLargeMessage, attachmentTypeMessage, type TaskFileCreate, type TaskNoteCreate } from '../../../shared/schemas/renewal';
import { recordAudit } from '../audit/record';
import { isConditionFailure } from '../db/conditions';
import { newId } from '../db/attributes';
import { db } from '../db/service';
import { badRequest, conflict, HttpError, notFound } from '../errors';
import { pageOfArray, type PageRequest } from '../pagination';
import { type CompanyContext, loadTask, renewalOfTask, requireSides } from './context';
import { sendNote } from './emails';
import { peopleById } from './people';
import { deleteTaskFileObject, presignTaskFileDownload, presignTaskFileUpload, storedObject, TASK_FILE_URL_SECONDS, taskFileKey } from './task-storage';
import { tagDescription, taskFileView, taskNoteView } from './views';

/** Notes and attachments of a renewal's task: written by whoever works the renewal, read by everyone who sees it. */

const taskKey = (ctx: CompanyContext, taskId: string) => ({ organization_id: ctx.organizationId, company_id: ctx.companyId, task_id: taskId });

async function workableTask(ctx: CompanyContext, taskId: string) {
  const task = await loadTask(ctx, taskId);
  const renewal = await renewalOfTask(ctx, taskId);
  await requireSides(ctx, renewal);
  return { task, renewal };
}

export async function listNotes(ctx: CompanyContext, taskId: string, query: PageRequest & { step?: RenewalStep }) {
  await loadTask(ctx, taskId);
  const { data } = await db().entities.taskNote.query.byTask(taskKey(ctx, taskId)).go({ pages: 'all' });
  const notes = data.filter((n) => !query.step || n.step === query.step).sort((a, b) => b.created_at.localeCompare(a.created_at));
  const page = pageOfArray(notes, query);
  const people = await peopleById(page.items.map((n) => n.user_id));
  return { items: page.items.map((n) => taskNoteView(n, people.get(n.user_id) ?? null)), next: page.next };
}

export async function addNote(ctx: CompanyContext, taskId: string, body: TaskNoteCreate) {
  const { renewal } = await workableTask(ctx, taskId);
  const { data } = await db()
    .entities.taskNote.create({
      ...taskKey(ctx, taskId),
      task_type: 'RENEWAL',
      step: body.step,
      user_id: ctx.caller.user.id,
      notes: body.notes,
      tag_id: body.tag_id ?? undefined,
      tag_description: tagDescription(body.tag_id) ?? undefined,
    })
    .go();
  await sendNote(ctx, renewal, body);
  return taskNoteView(data, (await peopleById([ctx.caller.user.id])).get(ctx.caller.user.id) ?? null);
}

export async function listFiles(ctx: CompanyContext, taskId: string, query: PageRequest & { step?: RenewalStep }) {
  await loadTask(ctx, taskId);
  const { data } = await db().entities.taskFile.query.byTask(taskKey(ctx, taskId)).go({ pages: 'all' });
  // A declared file whose bytes never arrived is not an attachment anyone can open.
  const files = data.filter((f) => f.storage_verified && (!query.step || f.step === query.step)).sort((a, b) => a.created_at.localeCompare(b.created_at));
  const page = pageOfArray(files, query);
  const people = await peopleById(page.items.map((f) => f.created_by_user_id));
  return { items: page.items.map((f) => taskFileView(f, people.get(f.created_by_user_id) ?? null)), next: page.next };
}

/** The declared attachment: its type from its extension (SPEC §5 list), at most 10 MB, nothing stored yet. */
export async function createFile(ctx: CompanyContext, taskId: string, body: TaskFileCreate) {
  await workableTask(ctx, taskId);
  const extension = fileExtension(body.name);
  if (!Object.prototype.hasOwnProperty.call(ATTACHMENT_MIME_TYPES, extension)) throw badRequest(attachmentTypeMessage(body.name), { name: attachmentTypeMessage(body.name) });
  if (body.size > MAX_ATTACHMENT_BYTES) throw new HttpError(413, attachmentTooLargeMessage(body.name), { size: attachmentTooLargeMessage(body.name) });
  const contentType = ATTACHMENT_MIME_TYPES[extension as AttachmentExtension];
  const id = newId();
  const { data } = await db()
    .entities.taskFile.create({
      ...taskKey(ctx, taskId),
      id,
      task_type: 'RENEWAL',
      step: body.step,
      created_by_user_id: ctx.caller.user.id,
      name: body.name,
      size: body.size,
      content_type: contentType,
      tag_id: body.tag_id ?? undefined,
      tag_description: tagDescription(body.tag_id) ?? undefined,
      // The key carries the tenant, so a presigned URL can only ever reach this tenant's folder.
      storage_path: taskFileKey({ organizationId: ctx.organizationId, companyId: ctx.companyId, taskId, fileId: id }, extension),
      storage_verified: false,
    })
    .go();
  return taskFileView(data, (await peopleById([ctx.caller.user.id])).get(ctx.caller.user.id) ?? null);
}

async function loadFile(ctx: CompanyContext, taskId: string, fileId: string) {
  await loadTask(ctx, taskId);
  const { data } = await db().entities.taskFile.get({ ...taskKey(ctx, taskId), id: fileId }).go();
  if (!data) throw notFound();
  return data;
}

export async function fileUploadUrl(ctx: CompanyContext, taskId: string, fileId: string) {
  await workableTask(ctx, taskId);
  const file = await loadFile(ctx, taskId, fileId);
  if (file.storage_verified) throw conflict(`${file.name} is already uploaded. Attach it again as a new file to replace it.`);
  return { url: await presignTaskFileUpload(file.storage_path, file.content_type, file.size), expires_in_seconds: TASK_FILE_URL_SECONDS, content_type: file.content_type };
}

export const notUploadedMessage = (name: string) => `No file arrived in storage for ${name}. Upload it again.`;

/** Lists the attachment once its bytes are in storage with the declared size and type. */
export async function verifyFileStorage(ctx: CompanyContext, taskId: string, fileId: string) {
  await workableTask(ctx, taskId);
  const file = await loadFile(ctx, taskId, fileId);
  const stored = await storedObject(file.storage_path);
  if (!stored) throw conflict(notUploadedMessage(file.name));
  if (stored.size !== file.size) {
    await deleteTaskFileObject(file.storage_path);
    throw conflict(`The upload of ${file.name} has ${stored.size} bytes, not the ${file.size} declared. Upload it again.`);
  }
  if (stored.contentType && stored.contentType.split(';')[0].trim() !== file.content_type) {
    await deleteTaskFileObject(file.storage_path);
    throw conflict(`The upload of ${file.name} is of type ${stored.contentType}, not ${file.content_type}. Upload it again.`);
  }
  try {
    const { data } = await db()
      .entities.taskFile.patch({ ...taskKey(ctx, taskId), id: fileId })
      .set({ storage_verified: true })
      .go({ response: 'all_new' });
    const view = { ...file, ...data };
    return taskFileView(view, (await peopleById([view.created_by_user_id])).get(view.created_by_user_id) ?? null);
  } catch (error) {
    if (isConditionFailure(error)) throw notFound();
    throw error;
  }
}

export async function fileDownloadUrl(ctx: CompanyContext, taskId: string, fileId: string) {
  const file = await loadFile(ctx, taskId, fileId);
  if (!file.storage_verified) throw conflict(notUploadedMessage(file.name));
  await recordAudit(ctx.caller, { action: 'TASK_FILE_DOWNLOADED', organization_id: ctx.organizationId, company_id: ctx.companyId, target_type: 'TASK_FILE', target_id: file.id, target_name: file.name }, { beforeAccess: true });
  return { url: await presignTaskFileDownload(file.storage_path, file.name), expires_in_seconds: TASK_FILE_URL_SECONDS };
}

/** The record goes first: an attachment nobody can list is harmless, a listed one without bytes is not. */
export async function deleteFile(ctx: CompanyContext, taskId: string, fileId: string) {
  await workableTask(ctx, taskId);
  const file = await loadFile(ctx, taskId, fileId);
  await db().entities.taskFile.delete({ ...taskKey(ctx, taskId), id: fileId }).go();
  await deleteTaskFileObject(file.storage_path);
}
