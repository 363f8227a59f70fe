import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { HANDLER_METADATA_KEY } from './constructs/dvp-function';
import { STATE_MACHINE_METADATA_KEY } from './constructs/pipeline';
import { cdkJsonContext, DvpStack, stackName } from './stack';
import type { StateMachineDefinition } from 'aws-local-stepfunctions';

/**
 * What the local runtime needs from the CDK stack, read from a real (bundling-free) synth so the
 * local table, user pool and state machine cannot drift from what AWS gets. Shapes follow the AWS
 * APIs (CreateTable, CreateUserPool, ASL), so they can be passed on as they are.
 */
export interface LocalSynthesis {
  table: {
    /** Unset: CloudFormation names the table; the local stack picks its own name. */
    tableName?: string;
    keySchema: Array<{ AttributeName: string; KeyType: 'HASH' | 'RANGE' }>;
    attributeDefinitions: Array<{ AttributeName: string; AttributeType: 'S' | 'N' | 'B' }>;
    globalSecondaryIndexes: Array<{
      IndexName: string;
      KeySchema: Array<{ AttributeName: string; KeyType: 'HASH' | 'RANGE' }>;
      Projection: { ProjectionType: string; NonKeyAttributes?: string[] };
    }>;
    ttlAttribute?: string;
  };
  /** Powertools idempotency's records (AWS::DynamoDB::Table, the stack's only classic table). */
  idempotencyTable: {
    keySchema: Array<{ AttributeName: string; KeyType: 'HASH' | 'RANGE' }>;
    attributeDefinitions: Array<{ AttributeName: string; AttributeType: 'S' | 'N' | 'B' }>;
    ttlAttribute?: string;
  };
  /** By machine name (functions/pipeline.ts: Comparison, FileParse). */
  stateMachines: Record<string, LocalStateMachine>;
  userPool: {
    /** CreateUserPool's Policies.PasswordPolicy shape. */
    passwordPolicy: Record<string, unknown>;
    groups: string[];
    /** Full attribute names, e.g. `custom:role`. */
    customAttributes: string[];
    mfa: { configuration: 'OFF' | 'ON' | 'OPTIONAL'; enabled: string[] };
    usernameAttributes: string[];
  };
  /** The uploads bucket's expiration rules, which s3rver does not apply (infra/local/lifecycle.ts does). */
  uploadsBucket: { expirations: LocalExpiration[] };
}

/** Objects under `prefix` are deleted `days` after they were written. */
export interface LocalExpiration {
  prefix: string;
  days: number;
}

export interface LocalStateMachine {
  /** The ASL definition, Lambda ARNs replaced by `arn:aws:lambda:local:000000000000:function:<handler module>`. */
  definition: AslDefinition & StateMachineDefinition;
  /** Task state name → handler module under functions/ (for aws-local-stepfunctions' taskResourceLocalHandlers). */
  taskHandlers: Record<string, string>;
}

export interface AslState {
  Type: string;
  Resource?: string;
  [key: string]: unknown;
}
export interface AslDefinition {
  StartAt: string;
  States: Record<string, AslState>;
  [key: string]: unknown;
}

export const LOCAL_LAMBDA_ARN_PREFIX = 'arn:aws:lambda:local:000000000000:function:';

type CfnResource = { Type: string; Properties?: Record<string, any>; Metadata?: Record<string, unknown> };

export function synthesizeForLocal(): LocalSynthesis {
  const outdir = mkdtempSync(path.join(os.tmpdir(), 'dvp-synth-local-'));
  try {
    const app = new App({ outdir, context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [] } });
    new DvpStack(app, stackName('dev'), {
      stage: 'dev',
      fromAddress: 'no-reply@example.com',
      // The local server mounts the route table itself; skipping the API keeps this synth quick.
      routes: [],
      shipWebBuild: false,
    });
    const template = app.synth().getStackByName(stackName('dev')).template as { Resources: Record<string, CfnResource> };
    return readLocalSynthesis(template.Resources);
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

/** Exported for tests: the template → local contract mapping, without a synth. */
export function readLocalSynthesis(resources: Record<string, CfnResource>): LocalSynthesis {
  const one = (type: string) => {
    const found = Object.entries(resources).filter(([, r]) => r.Type === type);
    if (found.length !== 1) throw new Error(`Expected exactly one ${type} in the stack, found ${found.length}`);
    return found[0][1].Properties ?? {};
  };

  const table = one('AWS::DynamoDB::GlobalTable');
  const idempotency = one('AWS::DynamoDB::Table');
  const pool = one('AWS::Cognito::UserPool');
  const uploads = uploadsBucket(resources);

  const handlerOf = (logicalId: string) => {
    const handler = resources[logicalId]?.Metadata?.[HANDLER_METADATA_KEY];
    if (typeof handler !== 'string') throw new Error(`State machine refers to ${logicalId}, which has no ${HANDLER_METADATA_KEY} metadata`);
    return handler;
  };
  const stateMachines: Record<string, LocalStateMachine> = {};
  for (const [logicalId, machine] of Object.entries(resources).filter(([, r]) => r.Type === 'AWS::StepFunctions::StateMachine')) {
    const name = machine.Metadata?.[STATE_MACHINE_METADATA_KEY];
    if (typeof name !== 'string') throw new Error(`State machine ${logicalId} has no ${STATE_MACHINE_METADATA_KEY} metadata`);
    const definitionString = resolveDefinition(machine.Properties?.DefinitionString, (ref) => {
      if (ref['Fn::GetAtt']) return LOCAL_LAMBDA_ARN_PREFIX + handlerOf(ref['Fn::GetAtt'][0]);
      if (ref.Ref) return LOCAL_LAMBDA_ARN_PREFIX + handlerOf(ref.Ref);
      throw new Error(`Unsupported intrinsic in the state machine definition: ${JSON.stringify(ref)}`);
    });
    const definition = JSON.parse(definitionString) as AslDefinition & StateMachineDefinition;
    const taskHandlers: Record<string, string> = {};
    collectTaskHandlers(definition.States, taskHandlers);
    stateMachines[name] = { definition, taskHandlers };
  }

  return {
    table: {
      tableName: table.TableName,
      keySchema: table.KeySchema,
      attributeDefinitions: table.AttributeDefinitions,
      globalSecondaryIndexes: (table.GlobalSecondaryIndexes ?? []).map((gsi: any) => ({
        IndexName: gsi.IndexName,
        KeySchema: gsi.KeySchema,
        Projection: gsi.Projection,
      })),
      ttlAttribute: table.TimeToLiveSpecification?.Enabled ? table.TimeToLiveSpecification.AttributeName : undefined,
    },
    idempotencyTable: {
      keySchema: idempotency.KeySchema,
      attributeDefinitions: idempotency.AttributeDefinitions,
      ttlAttribute: idempotency.TimeToLiveSpecification?.Enabled ? idempotency.TimeToLiveSpecification.AttributeName : undefined,
    },
    stateMachines,
    userPool: {
      passwordPolicy: pool.Policies?.PasswordPolicy ?? {},
      groups: Object.values(resources)
        .filter((r) => r.Type === 'AWS::Cognito::UserPoolGroup')
        .map((r) => r.Properties?.GroupName as string),
      customAttributes: (pool.Schema ?? [])
        .filter((a: any) => a.AttributeDataType && !isStandardAttribute(a.Name))
        .map((a: any) => `custom:${a.Name}`),
      mfa: { configuration: pool.MfaConfiguration ?? 'OFF', enabled: pool.EnabledMfas ?? [] },
      usernameAttributes: pool.UsernameAttributes ?? [],
    },
    uploadsBucket: {
      expirations: (uploads.LifecycleConfiguration?.Rules ?? [])
        .filter((r: any) => r.Status === 'Enabled' && typeof r.ExpirationInDays === 'number')
        .map((r: any) => ({ prefix: r.Prefix ?? r.Filter?.Prefix ?? '', days: r.ExpirationInDays })),
    },
  };
}

/** The bucket the functions know as UPLOADS_BUCKET (the stack has three buckets). */
function uploadsBucket(resources: Record<string, CfnResource>): Record<string, any> {
  const refs = new Set(
    Object.values(resources)
      .filter((r) => r.Type === 'AWS::Lambda::Function')
      .map((r) => r.Properties?.Environment?.Variables?.UPLOADS_BUCKET?.Ref)
      .filter((ref): ref is string => typeof ref === 'string'),
  );
  if (refs.size !== 1) throw new Error(`Expected every function to name one UPLOADS_BUCKET, found ${refs.size}`);
  const [ref] = refs;
  return resources[ref]?.Properties ?? {};
}

const STANDARD_ATTRIBUTES = new Set([
  'address', 'birthdate', 'email', 'email_verified', 'family_name', 'gender', 'given_name', 'locale', 'middle_name',
  'name', 'nickname', 'phone_number', 'phone_number_verified', 'picture', 'preferred_username', 'profile',
  'updated_at', 'website', 'zoneinfo',
]);
const isStandardAttribute = (name: string) => STANDARD_ATTRIBUTES.has(name);

/** DefinitionString is a string or an `Fn::Join` of strings and intrinsics (the Lambda ARNs). */
function resolveDefinition(value: unknown, intrinsic: (ref: Record<string, any>) => string): string {
  if (typeof value === 'string') return value;
  const join = (value as Record<string, any>)?.['Fn::Join'];
  if (!join) throw new Error(`Unsupported DefinitionString: ${JSON.stringify(value).slice(0, 200)}`);
  const [delimiter, parts] = join as [string, unknown[]];
  return parts.map((part) => (typeof part === 'string' ? part : intrinsic(part as Record<string, any>))).join(delimiter);
}

function collectTaskHandlers(states: Record<string, AslState>, into: Record<string, string>): void {
  for (const [name, state] of Object.entries(states)) {
    if (state.Type === 'Task') {
      const resource = String(state.Resource ?? '');
      if (!resource.startsWith(LOCAL_LAMBDA_ARN_PREFIX)) throw new Error(`Task ${name} does not invoke one of our Lambdas: ${resource}`);
      into[name] = resource.slice(LOCAL_LAMBDA_ARN_PREFIX.length);
    }
    for (const branch of (state.Branches as AslDefinition[] | undefined) ?? []) collectTaskHandlers(branch.States, into);
    const iterator = (state.ItemProcessor ?? state.Iterator) as AslDefinition | undefined;
    if (iterator) collectTaskHandlers(iterator.States, into);
  }
}
