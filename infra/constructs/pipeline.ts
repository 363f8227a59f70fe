import { ArnFormat, Duration, Fn, Stack, type CfnResource, type RemovalPolicy } from 'aws-cdk-lib';
import type * as kms from 'aws-cdk-lib/aws-kms';
import type * as logs from 'aws-cdk-lib/aws-logs';
import * as cwlogs from 'aws-cdk-lib/aws-logs';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import * as tasks from 'aws-cdk-lib/aws-stepfunctions-tasks';
import { Construct } from 'constructs';
import { machineTasks, type StateMachineDef } from '../../functions/pipeline';
import { DvpFunction } from './dvp-function';
import type { HandlerBundles } from './handler-bundles';
import type { LambdaRole } from './lambda-role';
import { acknowledge, INLINE_POLICY_REASON, wildcardResourceFinding } from './nag';

export interface PipelineProps {
  stage: string;
  machine: StateMachineDef;
  role: LambdaRole;
  environment: Record<string, string>;
  logRetention: logs.RetentionDays;
  logKey: kms.IKey;
  removalPolicy: RemovalPolicy;
  bundles: HandlerBundles;
}

/** Metadata naming the machine on its CfnStateMachine, so the local runtime can tell them apart. */
export const STATE_MACHINE_METADATA_KEY = 'dvp:state-machine';

/** Transient Lambda service errors worth retrying; anything else is the handler's own failure. */
export const TRANSIENT_LAMBDA_ERRORS = [
  'Lambda.ServiceException',
  'Lambda.AWSLambdaException',
  'Lambda.SdkClientException',
  'Lambda.TooManyRequestsException',
];

/**
 * One state machine of functions/pipeline.ts: its steps in order, each retried on transient Lambda
 * errors and caught into the machine's failure task, which records the failure for the user before
 * the Fail state. (The comparison: Prepare → Run → Notify; a file parse: ParseFile.)
 */
export class Pipeline extends Construct {
  readonly functions: Record<string, DvpFunction> = {};
  readonly stateMachine: sfn.StateMachine;

  constructor(scope: Construct, id: string, props: PipelineProps) {
    super(scope, id);
    // Functions get their own scope: the state names are the task names too.
    const functionScope = new Construct(this, 'Functions');
    const { machine } = props;
    const allTasks = machineTasks(machine);
    for (const task of allTasks) {
      this.functions[task.name] = new DvpFunction(functionScope, task.name, {
        handler: task.handler,
        stage: props.stage,
        role: props.role.role,
        environment: props.environment,
        timeoutSeconds: task.timeoutSeconds,
        memoryMb: task.memoryMb,
        ephemeralStorageMb: task.ephemeralStorageMb,
        logRetention: props.logRetention,
        logKey: props.logKey,
        removalPolicy: props.removalPolicy,
        bundles: props.bundles,
      });
    }
    const invoke = (name: string) => {
      const fn = this.functions[name];
      if (!fn) throw new Error(`functions/pipeline.ts has no task named ${name} in ${machine.name}`);
      const step = new tasks.LambdaInvoke(this, name, {
        lambdaFunction: fn,
        // The handler's own return value becomes the next state's input, as in the local runtime.
        payloadResponseOnly: true,
        retryOnServiceExceptions: false,
        // The state waits as long as its Lambda may run (the local runtime's default is 60 s).
        taskTimeout: sfn.Timeout.duration(Duration.seconds(allTasks.find((t) => t.name === name)!.timeoutSeconds)),
      });
      step.addRetry({ errors: TRANSIENT_LAMBDA_ERRORS, interval: Duration.seconds(2), maxAttempts: 6, backoffRate: 2 });
      return step;
    };

    const failed = new sfn.Fail(this, `${machine.name}Failed`, {
      error: `${machine.name}Failed`,
      cause: 'A step failed; the failure task recorded it where the user sees it.',
    });
    const recordFailure = invoke(machine.failure.name);
    // The failure recorder gets its own Catch so an error there still ends in Fail, not a hang.
    recordFailure.addCatch(failed, { errors: ['States.ALL'], resultPath: '$.recordFailureError' });
    recordFailure.next(failed);

    const steps = machine.steps.map(({ name }) => {
      const step = invoke(name);
      step.addCatch(recordFailure, { errors: ['States.ALL'], resultPath: '$.error' });
      return step;
    });
    const done = new sfn.Succeed(this, `${machine.name}Done`);
    const nextOf = (i: number): sfn.IChainable => steps[i + 1] ?? done;
    steps.forEach((step, i) => {
      const { sharded } = machine;
      if (sharded?.after !== machine.steps[i].name) return step.next(nextOf(i));
      const replaced = machine.steps.findIndex((s) => s.name === sharded.replaces);
      if (replaced !== i + 1) throw new Error(`${machine.name}: the sharded branch replaces the step right after ${sharded.after}`);
      step.next(
        new sfn.Choice(this, `${machine.name}Sharded`)
          .when(sfn.Condition.and(sfn.Condition.isPresent('$.shard_count'), sfn.Condition.numberGreaterThan('$.shard_count', 1)), this.shardedBranch(machine, invoke, recordFailure).next(nextOf(replaced)))
          .otherwise(steps[replaced]),
      );
    });

    const logGroup = new cwlogs.LogGroup(this, 'StateMachineLogs', {
      logGroupName: `/dvp/${props.stage}/states/${machine.name.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase()}`,
      retention: props.logRetention,
      encryptionKey: props.logKey,
      removalPolicy: props.removalPolicy,
    });
    this.stateMachine = new sfn.StateMachine(this, 'StateMachine', {
      stateMachineType: sfn.StateMachineType.STANDARD,
      definitionBody: sfn.DefinitionBody.fromChainable(steps[0]!),
      timeout: Duration.minutes(machine.timeoutMinutes),
      tracingEnabled: true,
      // ALL events but never payloads: they carry enrollment rows (SSNs, dates of birth).
      logs: { destination: logGroup, level: sfn.LogLevel.ALL, includeExecutionData: false },
    });
    (this.stateMachine.node.defaultChild as CfnResource).addMetadata(STATE_MACHINE_METADATA_KEY, machine.name);
    for (const fn of Object.values(this.functions)) {
      acknowledge(
        this.stateMachine,
        wildcardResourceFinding(this, `${fn.functionArn}:*`),
        'CDK grants lambda:InvokeFunction on the function and its versions/aliases (arn:*); the wildcard never reaches another function.',
      );
    }
    if (machine.sharded) {
      // A Distributed Map runs each item as a child execution of this machine: CDK grants the
      // machine StartExecution on itself and Describe/Stop/Redrive on its own executions.
      const name = Fn.select(6, Fn.split(':', this.stateMachine.stateMachineArn));
      const executions = (resourceName: string) =>
        Stack.of(this).formatArn({ service: 'states', resource: 'execution', resourceName, arnFormat: ArnFormat.COLON_RESOURCE_NAME });
      for (const resource of [`${executions(name)}:*`, `${executions(`${name}/*`)}:*`]) {
        acknowledge(this.stateMachine, wildcardResourceFinding(this, resource), "The Distributed Map's child executions of this one state machine (any execution id, any map run label); no other state machine is reached.");
      }
    }
    acknowledge(
      this.stateMachine,
      'AwsSolutions-IAM5[Resource::*]',
      'CloudWatch Logs delivery (logs:CreateLogDelivery and friends) and X-Ray tracing support no resource-level permissions.',
    );
    acknowledge(this.stateMachine, 'HIPAA.Security-IAMNoInlinePolicy', `The state machine role's policy is generated by CDK from its tasks. ${INLINE_POLICY_REASON}`);
  }

  /**
   * Split plan → a Distributed Map over its `split_ranges` (each range of each file cut into the
   * shards) → a Distributed Map over its `shard_ids` (one compare per shard) → merge. Each item is
   * a child execution; the local runtime runs the same Maps in-process. The Maps' results are
   * dropped: each task leaves its output in S3 and the next reads it, so no payload grows with the
   * rows or the findings.
   */
  private shardedBranch(machine: StateMachineDef, invoke: (name: string) => tasks.LambdaInvoke, recordFailure: sfn.IChainable): sfn.Chain {
    const sharded = machine.sharded!;
    const map = (id: string, itemsPath: string, item: string, task: string) => {
      const state = new sfn.DistributedMap(this, id, {
        itemsPath: sfn.JsonPath.stringAt(itemsPath),
        itemSelector: { run: sfn.JsonPath.entirePayload, [item]: sfn.JsonPath.stringAt('$$.Map.Item.Value') },
        maxConcurrency: sharded.maxConcurrency,
        resultPath: sfn.JsonPath.DISCARD,
        mapExecutionType: sfn.StateMachineType.STANDARD,
      });
      state.itemProcessor(invoke(task));
      return state;
    };
    const steps = [
      invoke(sharded.split.name),
      map('SplitRanges', '$.split_ranges', 'range', sharded.perRange.name),
      map('CompareShards', '$.shard_ids', 'shard', sharded.perShard.name),
      invoke(sharded.merge.name),
    ];
    for (const step of steps) step.addCatch(recordFailure, { errors: ['States.ALL'], resultPath: '$.error' });
    return sfn.Chain.start(steps[0]!).next(steps[1]!).next(steps[2]!).next(steps[3]!);
  }
}
