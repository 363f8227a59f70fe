import { z } from 'zod';
import { id, instant, maybe } from './records';

const count = () => z.number().int().min(0);

/**
 * A run's findings against the previous comparison of its company carrier, as the run's summary
 * keeps them (shared/changes-since.ts, docs/compare.md "Changes since the previous comparison").
 */
export const changesSummaryResponse = z.strictObject({
  previous_comparison_id: maybe(id()).describe('The previous comparison of the company carrier whose run finished; null when there is none'),
  previous_comparison_name: maybe(z.string()),
  previous_run_id: maybe(id()),
  seen_at: instant().describe('When the run classified its findings: the first sighting of the new ones'),
  new: count(),
  still_open: count(),
  fixed: count(),
  oldest_open_first_seen_at: maybe(instant()),
});
