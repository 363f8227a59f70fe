import type { ResponseOf } from '../../../shared/api/endpoint';
import { abortFileUpload, completeFileUpload, signFileUploadParts } from '../../../shared/api/comparisons';
import type { FileUploadResponse } from '../../../shared/schemas/comparison';
import type { MultipartUploadResponse } from '../../../shared/schemas/multipart-upload';
import { errorUploadingToStorage, fetchError } from '../../../shared/messages';
import { MAX_UPLOAD_BYTES, PART_URLS_PER_REQUEST, tooLargeToUploadMessage } from '../../../shared/upload-plan';
import { callApi, type ParamsOf } from './endpoints';

/**
 * Sends a declared file's bytes straight to storage, with progress and Cancel: one presigned PUT,
 * or, when the declaration answered a multipart upload, its parts a few at a time (each retried a
 * few times with backoff), then the completion. A cancelled or failed multipart upload is aborted,
 * so storage keeps none of it. Comparison files and carrier file conversions both go through here.
 */
/**
 * Where a declared file's bytes go, as its declaration answered: a comparison file's (one PUT, or
 * parts when `multipart` is set) or a carrier file conversion's (always one PUT).
 */
export type UploadTarget = Pick<FileUploadResponse, 'upload_url' | 'upload_headers'> & Partial<Pick<FileUploadResponse, 'multipart'>>;

export interface UploadOptions {
  /** 0–100, over all the bytes of the file. */
  onProgress: (percent: number) => void;
  /** Aborts the transfer (the Cancel button). */
  signal: AbortSignal;
  /** The declared file (its company, comparison and file ids); needed when it goes up in parts. */
  file?: FileIds;
  /** The wait before a failed part's second try (then doubled each time); 1 s unless given. */
  firstRetryMs?: number;
}

/** Parts in flight at once: enough to fill a connection, few enough to keep each one quick. */
const PARALLEL_PARTS = 3;
/** Tries of one part before the upload gives up; waits 1 s, 2 s, then 4 s between them. */
const PART_ATTEMPTS = 4;
const FIRST_RETRY_MS = 1000;

type SignedPart = ResponseOf<typeof signFileUploadParts>['parts'][number];
type FileIds = Omit<ParamsOf<typeof signFileUploadParts>, 'upload_id'>;

/** Why a chosen file cannot be uploaded before anything is asked of the API (the API says the same), or null. */
export function uploadSizeProblem(file: { size: number }, maxBytes = MAX_UPLOAD_BYTES): string | null {
  return file.size > maxBytes ? tooLargeToUploadMessage(maxBytes) : null;
}

export async function uploadFile(target: UploadTarget, file: Blob, options: UploadOptions): Promise<void> {
  if (target.multipart) {
    if (!options.file) throw new Error('A multipart upload needs the ids of its file');
    await uploadParts({ ...options.file, upload_id: target.multipart.upload_id }, target.multipart, file, options);
    return;
  }
  if (!target.upload_url) throw new Error('The upload has no URL to send the file to');
  await put(target.upload_url, file, target.upload_headers, (loaded) => options.onProgress(percentOf(loaded, file.size)), options.signal, fileName(file));
}

const fileName = (file: Blob) => (file instanceof File ? file.name : 'the file');

const percentOf = (loaded: number, total: number) => (total > 0 ? Math.min(100, Math.round((loaded / total) * 100)) : 100);

async function uploadParts(upload: ParamsOf<typeof signFileUploadParts>, plan: MultipartUploadResponse, file: Blob, options: UploadOptions): Promise<void> {
  const urls = new Map<number, SignedPart>(plan.parts.map((p) => [p.part_number, p]));
  const loaded = new Map<number, number>();
  const etags: Array<{ part_number: number; etag: string }> = [];
  const report = () => options.onProgress(percentOf([...loaded.values()].reduce((a, b) => a + b, 0), file.size));
  // Stops every part in flight at once: on Cancel, and when one part has failed for good.
  const stop = new AbortController();
  const cancel = () => stop.abort();
  options.signal.addEventListener('abort', cancel, { once: true });
  if (options.signal.aborted) stop.abort();
  let next = 1;

  const sign = async (numbers: number[]) => {
    const signed = await callApi(signFileUploadParts, { params: upload, body: { part_numbers: numbers } });
    if (signed.error) throw new Error(signed.error.message);
    for (const p of signed.data.parts) urls.set(p.part_number, p);
  };

  const sendPart = async (number: number) => {
    for (let attempt = 1; ; attempt += 1) {
      // A part without a URL yet is signed with the ones after it, one request per batch.
      if (!urls.has(number)) await sign(batchFrom(number, plan.part_count, urls));
      const part = urls.get(number)!;
      const offset = (number - 1) * plan.part_size;
      try {
        const etag = await put(part.url, file.slice(offset, offset + part.size), {}, (bytes) => {
          loaded.set(number, bytes);
          report();
        }, stop.signal, `${fileName(file)} (part ${number} of ${plan.part_count})`);
        etags.push({ part_number: number, etag });
        return;
      } catch (error) {
        loaded.set(number, 0);
        report();
        if (isAbort(error) || attempt >= PART_ATTEMPTS) throw error;
        // A URL may have expired meanwhile: the next try signs the part again.
        urls.delete(number);
        await wait((options.firstRetryMs ?? FIRST_RETRY_MS) * 2 ** (attempt - 1), stop.signal);
      }
    }
  };

  const worker = async () => {
    while (next <= plan.part_count) await sendPart(next++);
  };

  try {
    await Promise.all(Array.from({ length: Math.min(PARALLEL_PARTS, plan.part_count) }, worker));
    const completed = await callApi(completeFileUpload, { params: upload, body: { parts: etags } });
    if (completed.error) throw new Error(completed.error.message);
  } catch (error) {
    stop.abort();
    // Whatever went wrong, storage keeps none of the parts; the abort itself may fail quietly.
    await callApi(abortFileUpload, { params: upload });
    throw error;
  } finally {
    options.signal.removeEventListener('abort', cancel);
  }
}

/** The part numbers to sign together from `first` on: those without a URL yet, one request's worth. */
function batchFrom(first: number, count: number, urls: Map<number, SignedPart>): number[] {
  const numbers: number[] = [];
  for (let n = first; n <= count && numbers.length < PART_URLS_PER_REQUEST; n += 1) if (!urls.has(n)) numbers.push(n);
  return numbers;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new DOMException('Upload cancelled', 'AbortError'));
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), reject(new DOMException('Upload cancelled', 'AbortError'))), { once: true });
  });
}

/**
 * PUTs `body` with XMLHttpRequest, which (unlike fetch) reports upload progress; resolves with the
 * ETag storage answered (the bucket's CORS rule exposes it).
 */
function put(url: string, body: Blob, headers: Record<string, string>, onLoaded: (bytes: number) => void, signal: AbortSignal, what: string): Promise<string> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new DOMException('Upload cancelled', 'AbortError'));
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onLoaded(event.loaded);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onLoaded(body.size);
        resolve(xhr.getResponseHeader('ETag') ?? '');
      } else reject(new Error(errorUploadingToStorage(what, xhr.statusText || String(xhr.status))));
    };
    xhr.onerror = () => reject(new Error(fetchError('the upload did not reach storage')));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
