/** The correction file for the carrier: what to ask for and where to download it. */
import { z } from 'zod';

export const CORRECTION_FILE_FORMATS = ['XLSX', 'X12_834'] as const;
export type CorrectionFileFormat = (typeof CORRECTION_FILE_FORMATS)[number];

export const correctionFileRequestSchema = z
  .object({ format: z.enum(CORRECTION_FILE_FORMATS, { error: `format must be one of ${CORRECTION_FILE_FORMATS.join(', ')}` }) })
  .strict();

export const correctionFileResponse = z.strictObject({
  url: z.string().describe('A presigned GET of the file, valid for a short while'),
  file_name: z.string(),
  /** The lines to add, change or terminate (one per member and coverage line). */
  rows: z.number().int(),
});
export type CorrectionFileResponse = z.infer<typeof correctionFileResponse>;
