/**
 * The Step Functions state machines and their task handlers. The CDK pipeline construct makes one
 * Lambda per task and wires each machine's steps in order, every step caught into the machine's
 * failure task; the local runtime maps each Task of the synthesized definition back to the same
 * module through the function's `dvp:handler` metadata.
 */
export interface PipelineTaskDef {
  /** Logical name used in the state machine (state name and construct id). */
  name: string;
  /** Module path under `functions/` exporting `handler(event) => Promise<result>`. */
  handler: string;
  timeoutSeconds: number;
  memoryMb: number;
  /** /tmp in MB when the task needs more than Lambda's 512 MB. */
  ephemeralStorageMb?: number;
}

export interface StateMachineDef {
  /** Names the machine in construct ids, state names (`<name>Failed`, `<name>Done`) and log groups. */
  name: 'Comparison' | 'FileParse';
  /** The environment variable that hands the machine's ARN to the API handlers that start it. */
  arnVariable: string;
  /** Run in order. */
  steps: PipelineTaskDef[];
  /** Where every step's Catch lands: records the failure for the user before the Fail state. */
  failure: PipelineTaskDef;
  timeoutMinutes: number;
  /** A way around one step for inputs too large for it: split, one task per shard, merge. */
  sharded?: ShardedBranchDef;
}

/**
 * After `after`, a run whose output has `shard_count` goes down this branch instead of `replaces`,
 * and rejoins the step after `replaces` (docs/scale.md).
 */
export interface ShardedBranchDef {
  after: string;
  replaces: string;
  /** Output: the input with `split_ranges`, the ranges the split Map cuts, and `shard_ids`, the shard numbers the compare Map runs. */
  split: PipelineTaskDef;
  /** One per split range, in a Distributed Map; its input is `{ run, range }`, its output dropped. */
  perRange: PipelineTaskDef;
  /** One per shard id, in a Distributed Map; its input is `{ run, shard }`, its output dropped. */
  perShard: PipelineTaskDef;
  /** Shards compared at once (Lambda's account concurrency is shared with the API). */
  maxConcurrency: number;
  /** Input: the split's output. Output: what `replaces` would have answered. */
  merge: PipelineTaskDef;
}

/** Compare two parsed files: Prepare → Run → Notify (docs/compare.md "Pipeline"). */
export const comparisonMachine: StateMachineDef = {
  name: 'Comparison',
  arnVariable: 'STATE_MACHINE_ARN',
  steps: [
    { name: 'PrepareComparison', handler: 'pipeline/prepare', timeoutSeconds: 60, memoryMb: 512 },
    // Memory grows with the baseline (~1.9 GB per million rows): Lambda's maximum holds a 1 GB file.
    { name: 'RunComparison', handler: 'pipeline/compare', timeoutSeconds: 900, memoryMb: 10240 },
    { name: 'NotifyComparison', handler: 'pipeline/notify', timeoutSeconds: 60, memoryMb: 256 },
  ],
  failure: { name: 'RecordComparisonFailure', handler: 'pipeline/record-failure', timeoutSeconds: 60, memoryMb: 256 },
  timeoutMinutes: 120,
  // Files above a few million rows (docs/scale.md): cut by key, each shard compared on its own.
  sharded: {
    after: 'PrepareComparison',
    replaces: 'RunComparison',
    // Reads the files' first rows and where their parts are: small.
    split: { name: 'SplitComparison', handler: 'pipeline/split', timeoutSeconds: 300, memoryMb: 1024 },
    // CPU-bound (parse, hash, gzip of every row of its range) with one upload open per shard; a
    // range is sized to take a few minutes (docs/scale.md). 1,769 MB is one full vCPU, and the
    // zlib thread pool compresses beside the main thread on the second of 3,008 MB.
    perRange: { name: 'SplitRange', handler: 'pipeline/split-range', timeoutSeconds: 900, memoryMb: 3008 },
    // A shard holds about a million rows of the larger file: ~2 GB at the engine's ~1.9 GB per million.
    perShard: { name: 'CompareShard', handler: 'pipeline/compare-shard', timeoutSeconds: 900, memoryMb: 4096 },
    maxConcurrency: 200,
    merge: { name: 'MergeShards', handler: 'pipeline/merge-shards', timeoutSeconds: 900, memoryMb: 3008 },
  },
};

/**
 * Read an uploaded data file into parsed rows. A 100 MB workbook takes minutes, far past API
 * Gateway's 30 s, so the parse route starts this and waits only briefly (docs/comparison-setup.md).
 */
export const fileParseMachine: StateMachineDef = {
  name: 'FileParse',
  arnVariable: 'FILE_PARSE_STATE_MACHINE_ARN',
  // An xlsx whose worksheet precedes the parts it refers to (as Excel and exceljs write them) is
  // parked uncompressed in /tmp while it streams by: ~750 MB for a 95 MB workbook, so ~8 GB for a
  // 1 GB one; /tmp gets Lambda's maximum (docs/big-files.md).
  steps: [{ name: 'ParseFile', handler: 'pipeline/parse-file', timeoutSeconds: 900, memoryMb: 3008, ephemeralStorageMb: 10240 }],
  failure: { name: 'RecordParseFailure', handler: 'pipeline/record-parse-failure', timeoutSeconds: 60, memoryMb: 256 },
  timeoutMinutes: 20,
};

export const stateMachines: StateMachineDef[] = [comparisonMachine, fileParseMachine];

/** Every task of a machine, its sharded branch's included. */
export const machineTasks = (m: StateMachineDef): PipelineTaskDef[] => [
  ...m.steps,
  ...(m.sharded ? [m.sharded.split, m.sharded.perRange, m.sharded.perShard, m.sharded.merge] : []),
  m.failure,
];

/** Every task of every machine. */
export const pipelineTasks: PipelineTaskDef[] = stateMachines.flatMap(machineTasks);

/** Scheduled jobs (EventBridge). */
export const scheduledJobs = [
  { name: 'RenewalKickoff', handler: 'schedules/renewal-kickoff', schedule: 'cron(0 13 * * ? *)', timeoutSeconds: 300, memoryMb: 512 },
  // After the kickoff, so a day's new renewals are in place; a late step is reminded once a day.
  { name: 'RenewalOverdueReminders', handler: 'schedules/renewal-overdue-reminders', schedule: 'cron(30 13 * * ? *)', timeoutSeconds: 300, memoryMb: 512 },
] as const;
