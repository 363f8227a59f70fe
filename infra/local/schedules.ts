import { scheduledJobs } from '../../functions/pipeline';

/**
 * The scheduled jobs of the CDK stack (EventBridge rules in AWS), run locally by the same handler
 * modules: once at start and then every hour. The jobs are idempotent (a run for a day that was
 * already done does nothing), so running more often than daily only catches up sooner.
 */
export const SCHEDULE_INTERVAL_MS = 60 * 60 * 1000;

type Job = { name: string; handler: string };

async function runJob(job: Job): Promise<unknown> {
  const mod = (await import(`../../functions/${job.handler}.ts`)) as { handler: () => Promise<unknown> };
  return mod.handler();
}

export function startSchedules(options: { log: (line: string) => void; jobs?: readonly Job[] }): { stop: () => Promise<void> } {
  const jobs = options.jobs ?? scheduledJobs;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    running = (async () => {
      for (const job of jobs) {
        try {
          const result = await runJob(job);
          options.log(`${job.name}: ${JSON.stringify(result)}`);
        } catch (error) {
          options.log(`${job.name} failed: ${(error as Error).message}`);
        }
      }
    })();
  };
  tick();
  const timer = setInterval(tick, SCHEDULE_INTERVAL_MS);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
