import { Stack, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference.js';

/**
 * The one way this app acknowledges a cdk-nag finding. cdk-nag v3 dropped `NagSuppressions`; findings
 * are acknowledged through CDK's `Validations`, and an acknowledgement without a real reason is a
 * bug, so this refuses short reasons instead of letting a `'n/a'` slip through review.
 */
export function acknowledge(scope: IConstruct, id: string, reason: string): void {
  if (!/^(AwsSolutions-[A-Z]+\d+|HIPAA\.Security-[A-Za-z0-9]+)(\[.+\])?$/.test(id)) {
    throw new Error(`Not an AwsSolutions or HIPAA.Security rule id: ${id}`);
  }
  if (reason.trim().length < 30) throw new Error(`Acknowledgement of ${id} on ${scope.node.path} needs a real reason`);
  Validations.of(scope).acknowledge({ id, reason });
}

/**
 * An IAM5 finding id for a wildcard resource, rendered exactly as cdk-nag renders it, so the
 * acknowledgement names the one resource pattern we chose and not "any wildcard on this role".
 */
export function wildcardResourceFinding(scope: IConstruct, resource: string): string {
  return `AwsSolutions-IAM5[Resource::${flattenCfnReference(Stack.of(scope).resolve(resource))}]`;
}

/**
 * HIPAA.Security's Lambda findings that a serverless API answers by design, with why. Shared by the
 * platform's functions and the deploy-time providers aws-cdk-lib adds, so one reason is reviewed once.
 */
export const HIPAA_LAMBDA_REASONS = {
  'HIPAA.Security-LambdaConcurrency':
    "Reserved concurrency per function would cut the account's concurrency into 200+ fixed slices (AWS keeps 100 unreserved); load is bounded instead by the WAF per-IP rate rules and the API stage throttle.",
  'HIPAA.Security-LambdaDLQ':
    'A DLQ only receives failed asynchronous invocations: API routes are invoked synchronously, pipeline steps by Step Functions (Retry, then Catch into the failure task), and the daily jobs are idempotent and catch up missed days on the next run.',
  'HIPAA.Security-LambdaInsideVPC':
    'The functions call only AWS APIs (DynamoDB, S3, Step Functions, SES, Cognito) over TLS with IAM; there is no private resource to reach, so a VPC would add NAT or endpoints without narrowing any data path.',
} as const;

export function acknowledgeHipaaLambda(scope: IConstruct, context = ''): void {
  for (const [id, reason] of Object.entries(HIPAA_LAMBDA_REASONS)) acknowledge(scope, id, context ? `${context} ${reason}` : reason);
}

/** Why a role's permissions are an inline policy, for HIPAA.Security-IAMNoInlinePolicy. */
export const INLINE_POLICY_REASON =
  'The policy belongs to exactly one role and is created and deleted with it, so nothing else can attach it; its statements are least-privilege grants reviewed in this construct and by AwsSolutions-IAM5.';
