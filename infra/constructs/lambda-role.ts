import { Stack } from 'aws-cdk-lib';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as kms from 'aws-cdk-lib/aws-kms';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as ses from 'aws-cdk-lib/aws-ses';
import type * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { acknowledge, wildcardResourceFinding } from './nag';

export interface LambdaRoleProps {
  stage: string;
  description: string;
}

const TABLE_READ = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query', 'dynamodb:Scan', 'dynamodb:ConditionCheckItem', 'dynamodb:DescribeTable'];
const TABLE_WRITE = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'];
const TABLE_TRANSACT = ['dynamodb:TransactGetItems', 'dynamodb:TransactWriteItems'];

/**
 * A role whose every grant, ours and the ones aws-cdk-lib adds itself (X-Ray for active tracing),
 * lands in one customer-managed policy instead of an inline default policy.
 */
class ManagedPolicyRole extends iam.Role {
  readonly policy: iam.ManagedPolicy;

  constructor(scope: Construct, id: string, props: iam.RoleProps) {
    super(scope, id, props);
    // A child of the role, so whatever depends on the role (each function) waits for its permissions too.
    this.policy = new iam.ManagedPolicy(this, 'Policy', { description: props.description });
    this.policy.attachToRole(this);
  }

  override addToPrincipalPolicy(statement: iam.PolicyStatement): iam.AddToPrincipalPolicyResult {
    this.policy.addStatements(statement);
    return { statementAdded: true, policyDependable: this.policy };
  }
}

/**
 * A role shared by every Lambda with the same permissions, with explicit read-only / read-write
 * grants. Action lists are spelled out (no `s3:Get*`) so the only wildcards left are the ones a
 * resource pattern cannot avoid, each acknowledged here with its reason.
 */
export class LambdaRole extends Construct {
  readonly role: iam.Role;
  /** Every grant of this class lands here, never in the role's inline policy. */
  readonly policy: iam.ManagedPolicy;

  constructor(scope: Construct, id: string, props: LambdaRoleProps) {
    super(scope, id);
    const stack = Stack.of(this);
    // A customer-managed policy rather than the role's inline default policy: it is a resource of its
    // own, versioned by IAM, which an auditor can list and diff apart from the role.
    const role = new ManagedPolicyRole(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: props.description,
    });
    this.role = role;
    this.policy = role.policy;
    const logGroups = `arn:${stack.partition}:logs:${stack.region}:${stack.account}:log-group:/dvp/${props.stage}/*`;
    this.policy.addStatements(
      new iam.PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [logGroups] }),
    );
    acknowledge(
      this,
      wildcardResourceFinding(this, logGroups),
      'Log groups are named /dvp/<stage>/<function>; the pattern is bounded to this stage and avoids one statement per function in a role shared by many.',
    );
    // X-Ray trace segments have no resource-level permissions; tracing is mandatory for every function.
    this.policy.addStatements(
      new iam.PolicyStatement({ actions: ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'], resources: ['*'] }),
    );
    acknowledge(
      this,
      'AwsSolutions-IAM5[Resource::*]',
      'Only xray:PutTraceSegments and xray:PutTelemetryRecords use "*": X-Ray supports no resource-level permissions for them.',
    );
  }

  grantTableRead(table: dynamodb.ITableV2, key: kms.IKey, indexNames: string[]): void {
    this.tableStatement(table, indexNames, [...TABLE_READ]);
    this.keyStatement(key, ['kms:Decrypt', 'kms:DescribeKey']);
  }

  grantTableReadWrite(table: dynamodb.ITableV2 | dynamodb.ITable, key: kms.IKey, indexNames: string[]): void {
    this.tableStatement(table, indexNames, [...TABLE_READ, ...TABLE_WRITE, ...TABLE_TRANSACT]);
    this.keyStatement(key, ['kms:Decrypt', 'kms:DescribeKey', 'kms:Encrypt', 'kms:GenerateDataKey', 'kms:ReEncryptFrom', 'kms:ReEncryptTo']);
  }

  grantBucketRead(bucket: s3.IBucket, key?: kms.IKey): void {
    this.bucketStatement(bucket, ['s3:GetObject', 's3:GetObjectAttributes'], ['s3:ListBucket']);
    if (key) this.keyStatement(key, ['kms:Decrypt', 'kms:DescribeKey']);
  }

  grantBucketReadWrite(bucket: s3.IBucket, key?: kms.IKey): void {
    this.bucketStatement(
      bucket,
      ['s3:GetObject', 's3:GetObjectAttributes', 's3:PutObject', 's3:DeleteObject', 's3:AbortMultipartUpload', 's3:ListMultipartUploadParts'],
      ['s3:ListBucket', 's3:ListBucketMultipartUploads'],
    );
    if (key) this.keyStatement(key, ['kms:Decrypt', 'kms:DescribeKey', 'kms:Encrypt', 'kms:GenerateDataKey']);
  }

  grantStartExecution(stateMachine: sfn.IStateMachine): void {
    this.policy.addStatements(
      new iam.PolicyStatement({ actions: ['states:StartExecution'], resources: [stateMachine.stateMachineArn] }),
    );
  }

  /** Sending from the identity; SES also checks the configuration set a send names. */
  grantSendEmail(identity: ses.IEmailIdentity, configurationSet?: ses.IConfigurationSet): void {
    const stack = Stack.of(this);
    const arn = (kind: string, name: string) => `arn:${stack.partition}:ses:${stack.region}:${stack.account}:${kind}/${name}`;
    this.policy.addStatements(
      new iam.PolicyStatement({
        actions: ['ses:SendEmail', 'ses:SendRawEmail'],
        resources: [
          arn('identity', identity.emailIdentityName),
          ...(configurationSet ? [arn('configuration-set', configurationSet.configurationSetName)] : []),
        ],
      }),
    );
  }

  /** Reading a user's account (its MFA methods), which every API function does for the administrators' MFA rule. */
  grantUserRead(userPool: cognito.IUserPool): void {
    this.policy.addStatements(new iam.PolicyStatement({ actions: ['cognito-idp:AdminGetUser'], resources: [userPool.userPoolArn] }));
  }

  grantUserAdministration(userPool: cognito.IUserPool): void {
    this.policy.addStatements(
      new iam.PolicyStatement({
        actions: [
          'cognito-idp:AdminCreateUser',
          'cognito-idp:AdminGetUser',
          'cognito-idp:AdminUpdateUserAttributes',
          'cognito-idp:AdminDisableUser',
          'cognito-idp:AdminEnableUser',
          'cognito-idp:AdminResetUserPassword',
          'cognito-idp:AdminAddUserToGroup',
          'cognito-idp:AdminRemoveUserFromGroup',
          'cognito-idp:AdminListGroupsForUser',
          'cognito-idp:AdminDeleteUser',
          'cognito-idp:AdminSetUserPassword',
          'cognito-idp:AdminSetUserMFAPreference',
        ],
        resources: [userPool.userPoolArn],
      }),
    );
  }

  private tableStatement(table: dynamodb.ITableV2 | dynamodb.ITable, indexNames: string[], actions: string[]): void {
    this.policy.addStatements(
      new iam.PolicyStatement({
        actions,
        // Indexes are listed by name instead of `index/*` so the grant covers exactly what exists.
        resources: [table.tableArn, ...indexNames.map((name) => `${table.tableArn}/index/${name}`)],
      }),
    );
  }

  private keyStatement(key: kms.IKey, actions: string[]): void {
    this.policy.addStatements(new iam.PolicyStatement({ actions, resources: [key.keyArn] }));
  }

  private bucketStatement(bucket: s3.IBucket, objectActions: string[], bucketActions: string[]): void {
    const objects = bucket.arnForObjects('*');
    this.policy.addStatements(new iam.PolicyStatement({ actions: objectActions, resources: [objects] }));
    this.policy.addStatements(new iam.PolicyStatement({ actions: bucketActions, resources: [bucket.bucketArn] }));
    acknowledge(
      this,
      wildcardResourceFinding(this, objects),
      'Object keys are created at run time (one per upload and per parsed file), so object actions need the bucket/* pattern; tenancy is enforced by the key prefixes the handlers build.',
    );
  }
}
