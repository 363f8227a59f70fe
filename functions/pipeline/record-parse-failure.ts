import { PARSE_FAILED_MESSAGE, recordParseRefusal, type ParseJobInput } from '../lib/comparisons/parse-job';
import type { CaughtError } from '../lib/compare-runs/types';
import { logger } from '../lib/observability/logger';
import { instrumented } from '../lib/observability/instrumented';

/**
 * RecordParseFailure: the Catch of ParseFile lands here with `$.error` = { Error, Cause } when the
 * read failed for a reason of ours (not the file's: those are recorded by the job itself). The
 * user gets a message to try again; the cause goes to the log only by its error name.
 */
export const handler = instrumented('pipeline/record-parse-failure', async function handler(event: ParseJobInput & { error?: CaughtError }): Promise<ParseJobInput> {
  const recorded = await recordParseRefusal(event, PARSE_FAILED_MESSAGE, { status: 500 });
  logger.warn('file parse failed', { file_id: event.file_id, parse_id: event.parse_id, error: event.error?.Error, recorded });
  const { error: _error, ...job } = event;
  return job;
});
