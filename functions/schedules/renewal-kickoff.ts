import { runRenewalKickoff, type KickoffResult } from '../lib/renewals/kickoff';

/** The daily renewal kickoff (EventBridge in AWS, a timer in the local stack), for today in UTC. */
export async function handler(): Promise<KickoffResult> {
  return runRenewalKickoff(new Date().toISOString().slice(0, 10));
}
