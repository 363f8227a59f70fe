/**
 * How a data file goes up to storage, shared by the API (which declares the upload) and the web
 * (which refuses a too-large file before asking): one presigned PUT up to the multipart threshold,
 * S3 multipart upload above it, nothing above the maximum.
 */
const MB = 1024 * 1024;

/** Files above this go up in parts (S3 multipart upload); up to it, in one presigned PUT. */
export const MULTIPART_THRESHOLD_BYTES = 100 * MB;

/** The largest data file a comparison accepts: S3's limit for one object. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * MB;

/**
 * The size of every part but the last: a 5 GB file is 320 parts (S3 takes 10,000), each small
 * enough to retry cheaply.
 */
export const DEFAULT_PART_BYTES = 16 * MB;

/** S3 refuses a part below 5 MB unless it is the last one. */
export const MIN_PART_BYTES = 5 * MB;

/** S3 numbers parts 1 to 10,000. */
export const MAX_PARTS = 10_000;

/** Part URLs signed per request, so a big file never needs one huge answer. */
export const PART_URLS_PER_REQUEST = 20;

export interface PlannedPart {
  part_number: number;
  /** Byte offset of the part in the file. */
  offset: number;
  size: number;
}

/** "1 GB", "100 MB": how a limit is named in a message. */
export function sizeLabel(bytes: number): string {
  if (bytes >= 1024 * MB && bytes % (1024 * MB) === 0) return `${bytes / (1024 * MB)} GB`;
  return `${Math.round(bytes / MB)} MB`;
}

export const tooLargeToUploadMessage = (maxBytes = MAX_UPLOAD_BYTES) =>
  `This file is larger than ${sizeLabel(maxBytes)}. Split it into smaller files or remove unused worksheets and columns, then upload it again.`;

/**
 * The part size for a file of `size` bytes: `preferred` (never under S3's 5 MB minimum), raised
 * when the file would otherwise need more than 10,000 parts.
 */
export function partSizeFor(size: number, preferred = DEFAULT_PART_BYTES): number {
  const atLeast = Math.max(MIN_PART_BYTES, Math.floor(preferred));
  return Math.max(atLeast, Math.ceil(size / MAX_PARTS));
}

/** The parts of a file of `size` bytes cut at `partSize`: numbered from 1, the last one shorter. */
export function planParts(size: number, partSize: number): PlannedPart[] {
  if (!Number.isInteger(size) || size < 0) throw new Error('size must be a whole number of bytes');
  if (!Number.isInteger(partSize) || partSize <= 0) throw new Error('partSize must be a positive whole number of bytes');
  const count = Math.max(1, Math.ceil(size / partSize));
  if (count > MAX_PARTS) throw new Error(`${count} parts is more than S3 takes (${MAX_PARTS})`);
  return Array.from({ length: count }, (_, i) => {
    const offset = i * partSize;
    return { part_number: i + 1, offset, size: Math.min(partSize, size - offset) };
  });
}

/** The planned part numbered `partNumber`, or undefined when the file has no such part. */
export function plannedPart(size: number, partSize: number, partNumber: number): PlannedPart | undefined {
  if (!Number.isInteger(partNumber) || partNumber < 1) return undefined;
  const offset = (partNumber - 1) * partSize;
  const count = Math.max(1, Math.ceil(size / partSize));
  if (partNumber > count) return undefined;
  return { part_number: partNumber, offset, size: Math.min(partSize, size - offset) };
}
