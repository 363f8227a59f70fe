import { Stack, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference.js';

/**
 * The one way this app acknowledges a cdk-nag finding. cdk-nag v3 dropped `NagSuppressions`; findings
 * are acknowledged through CDK's `Validations`, and an acknowledgement without a real reason is a
 * bug, so this refuses short reasons instead of letting a `'n/a'` slip through review.
 */
export function acknowledge(scope: IConstruct, id: string, reason: string): void {
  if (!/^AwsSolutions-[A-Z]+\d+(\[.+\])?$/.test(id)) throw new Error(`Not an AwsSolutions rule id: ${id}`);
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
