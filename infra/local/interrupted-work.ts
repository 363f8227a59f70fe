import { STALE_CONVERSION_MESSAGE } from '../../functions/lib/carrier-file-conversions/conversions';
import { failInterruptedRun } from '../../functions/lib/compare-runs/interrupted-run';
import { recordParseRefusal } from '../../functions/lib/comparisons/parse-job';
import { STALE_PARSE_MESSAGE } from '../../functions/lib/comparisons/views';
import { isConditionFailure } from '../../functions/lib/db/conditions';
import { db } from '../../functions/lib/db/service';

/**
 * The local stack runs its state machines and long routes in its own process: when that process
 * stops, every comparison run, file parse and carrier file conversion under way stops with it and
 * nothing will ever record how it ended. At the next start, before anyone can read them, each is
 * recorded as the failure it is, with the message the time limit would give it in AWS (where a task
 * that dies is caught by its state machine). The table of a local stack is small: a scan is fine.
 */
export async function failInterruptedWork(): Promise<{ comparisons: number; files: number; conversions: number }> {
  const e = db().entities;
  const [comparisons, files, conversions] = await Promise.all([
    e.comparison.scan.where((a, op) => op.eq(a.status, 'RUNNING')).go({ pages: 'all' }),
    e.file.scan.where((a, op) => op.eq(a.status, 'PARSING')).go({ pages: 'all' }),
    e.carrierFileConversion.scan.where((a, op) => op.eq(a.status, 'CONVERTING')).go({ pages: 'all' }),
  ]);
  for (const comparison of comparisons.data) await failInterruptedRun(comparison);
  for (const file of files.data) {
    if (!file.parse_id) continue;
    await recordParseRefusal(
      { organization_id: file.organization_id, company_id: file.company_id, comparison_id: file.comparison_id, file_id: file.id, parse_id: file.parse_id },
      STALE_PARSE_MESSAGE,
      { status: 500 },
    );
  }
  for (const conversion of conversions.data) {
    await e.carrierFileConversion
      .patch({ organization_id: conversion.organization_id, company_id: conversion.company_id, id: conversion.id })
      .set({ status: conversion.converted_key ? 'CONVERTED' : 'FAILED', error: STALE_CONVERSION_MESSAGE })
      .where((a, op) => op.eq(a.status, 'CONVERTING'))
      .go({ response: 'none' })
      .catch((error: unknown) => {
        if (!isConditionFailure(error)) throw error;
      });
  }
  return { comparisons: comparisons.data.length, files: files.data.length, conversions: conversions.data.length };
}
