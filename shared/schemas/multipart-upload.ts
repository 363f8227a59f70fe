import { z } from 'zod';
import { MAX_PARTS, PART_URLS_PER_REQUEST } from '../upload-plan';

/**
 * A file above the multipart threshold goes up in parts (S3 multipart upload): the declaration
 * answers the plan and the first part URLs, more are signed on request, and the upload is then
 * completed with the parts' ETags, or aborted.
 */
const partNumber = () => z.number({ error: 'part_number must be a whole number' }).int().min(1).max(MAX_PARTS);

/** A presigned UploadPart of one part, bound to that part's length. */
export const uploadPartUrl = z.strictObject({
  part_number: z.number().int(),
  size: z.number().int().describe('The length in bytes the PUT must carry: storage refuses any other'),
  url: z.string().describe('A presigned PUT of this part, valid for a short while'),
});

/** The parts plan of an upload under way, as the declaration answers it. */
export const multipartUploadResponse = z.strictObject({
  upload_id: z.string(),
  part_size: z.number().int().describe('Bytes of every part but the last'),
  part_count: z.number().int(),
  parts: z.array(uploadPartUrl).describe(`URLs of the first parts (at most ${PART_URLS_PER_REQUEST}); sign the rest with …/parts`),
});
export type MultipartUploadResponse = z.infer<typeof multipartUploadResponse>;

/** POST …/uploads/{upload_id}/parts: which parts to sign. */
export const uploadPartsSchema = z
  .object({
    part_numbers: z
      .array(partNumber())
      .min(1, { error: 'Name at least one part' })
      .max(PART_URLS_PER_REQUEST, { error: `At most ${PART_URLS_PER_REQUEST} parts are signed at a time` }),
  })
  .strict();
export type UploadParts = z.infer<typeof uploadPartsSchema>;

export const uploadPartsResponse = z.strictObject({ parts: z.array(uploadPartUrl) });
export type UploadPartsResponse = z.infer<typeof uploadPartsResponse>;

/** POST …/uploads/{upload_id}/complete: every part with the ETag storage answered for it. */
export const completeUploadSchema = z
  .object({
    parts: z
      .array(z.object({ part_number: partNumber(), etag: z.string().trim().min(1, { error: 'etag is the ETag header storage answered for the part' }).max(200) }).strict())
      .min(1, { error: 'Name every uploaded part' })
      .max(MAX_PARTS),
  })
  .strict();
export type CompleteUpload = z.infer<typeof completeUploadSchema>;
