/**
 * The name a user's browser declares for a file is shown in lists, written to the audit trail and
 * offered back as the download's name, so only its base name is kept: no folder part (a name like
 * `../../etc/x.pdf` is `x.pdf`) and no character that hides or reorders what a reader sees (C0 and
 * C1 controls, DEL, and the bidirectional marks, embeddings, overrides and isolates that make
 * `invoice\u202Efdp.exe` read as `invoiceexe.pdf`).
 */
// eslint-disable-next-line no-control-regex -- control characters are what this removes
const UNSAFE_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** The base name of a declared file name without unsafe characters, trimmed; '' when nothing is left. */
export function safeFileName(declared: string): string {
  const base = declared.replace(UNSAFE_CHARACTERS, '').split(/[\\/]/).pop()!.trim();
  return base === '.' || base === '..' ? '' : base;
}

/** Said when a declared name has nothing left once its folders and unsafe characters are removed. */
export const NO_FILE_NAME_MESSAGE = 'Give the file a name: nothing is left of this one without its folders and hidden characters';

// RFC 5987 attr-char leaves out ' ( ) * among the characters encodeURIComponent keeps.
const encodeAttrChars = (text: string) => encodeURIComponent(text).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/**
 * The Content-Disposition of a download named `name` (RFC 6266): the safe base name, as UTF-8 in
 * `filename*` (RFC 5987) and as a plain-ASCII fallback in `filename` for clients without it.
 */
export function attachmentDisposition(name: string): string {
  const safe = safeFileName(name) || 'download';
  const fallback = safe.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeAttrChars(safe)}`;
}
