import type { Context } from 'aws-lambda';
import { runComparison } from '../lib/compare-runs/run-comparison';
import type { ComparedRun, PreparedRun } from '../lib/compare-runs/types';
import { instrumented } from '../lib/observability/instrumented';

/**
 * RunComparison: both parsed files through the engine, the discrepancy limit, results persisted.
 * Locally the handler runs in-process without a Lambda context (no time limit to watch).
 */
export const handler = instrumented('pipeline/compare', async function handler(event: PreparedRun, context?: Context): Promise<ComparedRun> {
  const remaining = context?.getRemainingTimeInMillis?.bind(context);
  return runComparison(event, remaining ? { remainingMs: remaining } : {});
});
