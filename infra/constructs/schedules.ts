import type { RemovalPolicy } from 'aws-cdk-lib';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import type * as kms from 'aws-cdk-lib/aws-kms';
import type * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { DvpFunction } from './dvp-function';
import type { HandlerBundles } from './handler-bundles';
import type { LambdaRole } from './lambda-role';

export interface ScheduledJobDef {
  name: string;
  handler: string;
  /** EventBridge schedule expression, `cron(…)` or `rate(…)`. */
  schedule: string;
  timeoutSeconds: number;
  memoryMb: number;
}

export interface SchedulesProps {
  stage: string;
  jobs: readonly ScheduledJobDef[];
  role: LambdaRole;
  environment: Record<string, string>;
  logRetention: logs.RetentionDays;
  logKey: kms.IKey;
  removalPolicy: RemovalPolicy;
  bundles: HandlerBundles;
}

/** One EventBridge schedule rule and one Lambda per scheduled job (renewal kickoff, …). */
export class Schedules extends Construct {
  readonly functions: Record<string, DvpFunction> = {};
  readonly rules: Record<string, events.Rule> = {};

  constructor(scope: Construct, id: string, props: SchedulesProps) {
    super(scope, id);
    for (const job of props.jobs) {
      const fn = new DvpFunction(this, job.name, {
        handler: job.handler,
        stage: props.stage,
        role: props.role.role,
        environment: props.environment,
        timeoutSeconds: job.timeoutSeconds,
        memoryMb: job.memoryMb,
        logRetention: props.logRetention,
        logKey: props.logKey,
        removalPolicy: props.removalPolicy,
        bundles: props.bundles,
      });
      this.functions[job.name] = fn;
      this.rules[job.name] = new events.Rule(this, `${job.name}Schedule`, {
        description: `${job.name} (${job.handler})`,
        schedule: events.Schedule.expression(job.schedule),
        targets: [new targets.LambdaFunction(fn, { retryAttempts: 2 })],
      });
    }
  }
}
