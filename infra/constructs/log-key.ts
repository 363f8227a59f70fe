import { RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';

export interface LogKeyProps {
  stage: string;
  removalPolicy: RemovalPolicy;
}

/** The prefix of every WAF log group of a stage (WAF only delivers to groups named aws-waf-logs-*). */
export const wafLogGroupPrefix = (stage: string) => `aws-waf-logs-dvp-${stage}`;

/**
 * The customer-managed key of everything that records requests: CloudWatch log groups (Lambda,
 * API access logs, state machines, WAF) and the access-log bucket (S3 server access logs,
 * CloudFront standard logs). Logs carry user ids, paths and IPs, so they get their own key and
 * key policy instead of sharing the enrollment data key, whose users are the handlers.
 */
export class LogKey extends Construct {
  readonly key: kms.Key;

  constructor(scope: Construct, id: string, props: LogKeyProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.key = new kms.Key(this, 'Key', {
      description: `Data Validation Platform logs (${props.stage})`,
      enableKeyRotation: true,
      removalPolicy: props.removalPolicy,
    });
    const logGroupArn = (name: string) => `arn:${stack.partition}:logs:${stack.region}:${stack.account}:log-group:${name}`;
    // CloudWatch Logs uses the key per log group; the encryption context pins it to this stage's groups.
    this.key.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'CloudWatchLogsOfThisStage',
        principals: [new iam.ServicePrincipal(`logs.${stack.region}.amazonaws.com`)],
        actions: ['kms:Encrypt*', 'kms:Decrypt*', 'kms:ReEncrypt*', 'kms:GenerateDataKey*', 'kms:Describe*'],
        resources: ['*'],
        conditions: {
          ArnLike: {
            'kms:EncryptionContext:aws:logs:arn': [logGroupArn(`/dvp/${props.stage}/*`), logGroupArn(`${wafLogGroupPrefix(props.stage)}*`)],
          },
        },
      }),
    );
    // CloudFront standard logs are written by the log delivery service. (S3 server access logging's own
    // grant to logging.s3 is added by the Bucket construct of each logged bucket.)
    this.key.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'CloudFrontStandardLogs',
        principals: [new iam.ServicePrincipal('delivery.logs.amazonaws.com')],
        actions: ['kms:GenerateDataKey*', 'kms:Decrypt'],
        resources: ['*'],
      }),
    );
  }
}
