import { z } from 'zod';
import { companyContext } from '../../lib/comparisons/context';
import { applyExportTemplate } from '../../lib/completion/export-columns';
import { route } from '../../lib/http';

const body = z.object({ template_id: z.string({ error: 'Choose a template' }).min(1, { error: 'Choose a template' }) }).strict();

/** POST …/comparisons/{comparison_id}/export_columns/apply_template {template_id}: the template's columns replace the list. */
export const handler = route({ params: z.object({ company_id: z.string().min(1), comparison_id: z.string().min(1) }), body }, async ({ caller, params, body }) =>
  applyExportTemplate(await companyContext(caller, params.company_id), params.comparison_id, body.template_id),
);
