import { runOverdueReminders, type OverdueRemindersResult } from '../lib/renewals/overdue-reminders';

/** The daily reminder of late renewal steps (EventBridge in AWS, a timer in the local stack), for today in UTC. */
export async function handler(): Promise<OverdueRemindersResult> {
  return runOverdueReminders(new Date().toISOString().slice(0, 10));
}
