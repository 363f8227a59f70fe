import { runParseJob, type ParseJobInput, type ParseJobOutcome } from '../lib/comparisons/parse-job';
import { instrumented } from '../lib/observability/instrumented';

/** ParseFile: one uploaded data file into parsed rows (functions/lib/comparisons/parse-job.ts). */
export const handler = instrumented('pipeline/parse-file', async function handler(event: ParseJobInput): Promise<ParseJobInput & { outcome: ParseJobOutcome }> {
  const { outcome } = await runParseJob(event);
  return { ...event, outcome };
});
