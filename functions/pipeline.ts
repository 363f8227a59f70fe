/**
 * The comparison pipeline's task handlers. The CDK pipeline construct makes one Lambda per entry
 * and wires them into the state machine; the local runtime maps each Task of the synthesized
 * definition back to the same module through the function's `dvp:handler` metadata.
 */
export interface PipelineTaskDef {
  /** Logical name used in the state machine (state name and construct id). */
  name: string;
  /** Module path under `functions/` exporting `handler(event) => Promise<result>`. */
  handler: string;
  timeoutSeconds: number;
  memoryMb: number;
}

export const pipelineTasks: PipelineTaskDef[] = [
  { name: 'PrepareComparison', handler: 'pipeline/prepare', timeoutSeconds: 60, memoryMb: 512 },
  { name: 'RunComparison', handler: 'pipeline/compare', timeoutSeconds: 900, memoryMb: 3008 },
  { name: 'NotifyComparison', handler: 'pipeline/notify', timeoutSeconds: 60, memoryMb: 256 },
  { name: 'RecordComparisonFailure', handler: 'pipeline/record-failure', timeoutSeconds: 60, memoryMb: 256 },
];

/** Scheduled jobs (EventBridge). */
export const scheduledJobs = [
  { name: 'RenewalKickoff', handler: 'schedules/renewal-kickoff', schedule: 'cron(0 13 * * ? *)', timeoutSeconds: 300, memoryMb: 512 },
] as const;
