import { z } from 'zod';
import { fileParseSchema } from '../../../shared/schemas/comparison';
import { parseUploadedFile } from '../../lib/comparisons/files';
import { companyContext } from '../../lib/comparisons/context';
import { route } from '../../lib/http';

/** POST …/files/{file_id}/parse: reads the uploaded object, stores parsed rows, answers the File. */
export const handler = route(
  { params: z.object({ company_id: z.string().min(1), comparison_id: z.string().min(1), file_id: z.string().min(1) }), body: fileParseSchema.optional().transform((b) => b ?? {}) },
  async ({ caller, params, body }) => parseUploadedFile(await companyContext(caller, params.company_id), params.comparison_id, params.file_id, body),
);
