import { defineEnum } from './enum';

/** Carrier file layouts the converter knows (SPEC §9). */
export const SourceFileType = defineEnum({
  GUARDIAN_ROW_BASED_ORIGINAL: 'Guardian Row Based',
  GUARDIAN_ROW_BASED_CONVERTED: 'Guardian Row Based (Converted)',
});
export type SourceFileType = (typeof SourceFileType.values)[number];

/** Which side of a comparison a file (or export column) belongs to. */
export const FileType = defineEnum({ BASELINE: 'Baseline', SECONDARY: 'Secondary' });
export type FileType = (typeof FileType.values)[number];

export const ExportFormattingRule = defineEnum({
  SSN_WITH_DASHES: 'SSN with dashes',
  SSN_WITHOUT_DASHES: 'SSN without dashes',
});
export type ExportFormattingRule = (typeof ExportFormattingRule.values)[number];

/**
 * Applies an export formatting rule. Values that are not nine digits once dashes and spaces are
 * removed are left alone: they are not SSNs (e.g. member ids) and must not be mangled.
 */
export function applyFormattingRule(rule: ExportFormattingRule | null | undefined, value: unknown): unknown {
  if (!rule || value === null || value === undefined) return value;
  const digits = String(value).replace(/[\s-]/g, '');
  if (!/^\d{9}$/.test(digits)) return value;
  return rule === 'SSN_WITH_DASHES' ? `${digits.slice(0, 3)}-${digits.slice(3, 5)}-${digits.slice(5)}` : digits;
}

/** Extensions accepted for data files (SPEC §5). */
export const DATA_UPLOAD_EXTENSIONS = ['.xlsx', '.xls', '.csv', '.834', '.edi', '.x12', '.txt'] as const;
/** The subset of SPEC §5 used where CSV cannot be read (Excel only). */
export const EXCEL_UPLOAD_EXTENSIONS = ['.xlsx', '.xls'] as const;
export const DEFAULT_UPLOAD_EXTENSION = '.xlsx';

/** Lower-cased extension with its dot ('.xlsx'), or '' when the name has none. */
export function fileExtension(name: string): string {
  const base = name.trim().split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot).toLowerCase();
}

/** The extension a data upload is stored under: its own when allowed, otherwise .xlsx (SPEC §5). */
export function uploadExtension(name: string, allowed: readonly string[] = DATA_UPLOAD_EXTENSIONS): string {
  const ext = fileExtension(name);
  return allowed.includes(ext) ? ext : DEFAULT_UPLOAD_EXTENSION;
}

/** Attachment extensions and their MIME types (SPEC §5), in spec order. */
export const ATTACHMENT_MIME_TYPES = {
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  '.xls': 'application/vnd.ms-excel',
  '.pdf': 'application/pdf',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.doc': 'application/msword',
  '.txt': 'text/plain',
  '.csv': 'text/csv',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.bmp': 'image/bmp',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.tif': 'image/tiff',
  '.tiff': 'image/tiff',
  '.heic': 'image/heic',
  '.xml': 'application/xml',
} as const;
export type AttachmentExtension = keyof typeof ATTACHMENT_MIME_TYPES;
export const ATTACHMENT_EXTENSIONS = Object.keys(ATTACHMENT_MIME_TYPES) as AttachmentExtension[];

/** For a file input's `accept` attribute. */
export const ATTACHMENT_ACCEPT = ATTACHMENT_EXTENSIONS.join(',');

/** 10 MB (SPEC §5, §9). */
export const MAX_ATTACHMENT_BYTES = 10485760;

/** Content type used when the file's own is unknown (SPEC §7 upload step 2). */
export const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

export function attachmentContentType(name: string): string {
  const ext = fileExtension(name);
  return Object.prototype.hasOwnProperty.call(ATTACHMENT_MIME_TYPES, ext)
    ? ATTACHMENT_MIME_TYPES[ext as AttachmentExtension]
    : DEFAULT_CONTENT_TYPE;
}

export function isAllowedAttachment(name: string, size: number): boolean {
  const ext = fileExtension(name);
  if (!Object.prototype.hasOwnProperty.call(ATTACHMENT_MIME_TYPES, ext)) return false;
  return Number.isFinite(size) && size >= 0 && size <= MAX_ATTACHMENT_BYTES;
}
