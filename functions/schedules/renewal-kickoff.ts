import { runRenewalKickoff, type KickoffResult } from '../lib/renewals/kickoff';
import { instrumented } from '../lib/observability/instrumented';

/** The daily renewal kickoff (EventBridge in AWS, a timer in the local stack), for today in UTC. */
export const handler = instrumented('schedules/renewal-kickoff', async function handler(): Promise<KickoffResult> {
  return runRenewalKickoff(new Date().toISOString().slice(0, 10));
});
