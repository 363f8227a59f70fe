import { type RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import type * as logs from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { LogKey } from './constructs/log-key';
import { WebAcl } from './constructs/waf';

/** CloudFront only takes a web ACL of scope CLOUDFRONT, and WAF only creates those in us-east-1. */
export const CLOUDFRONT_WAF_REGION = 'us-east-1';

/** What the CloudFront web ACL allows per IP in 5 minutes: a page load is ~20 requests, polling adds a few a minute. */
export const EDGE_REQUESTS_PER_IP_PER_5_MIN = 3000;

export interface EdgeAclProps {
  stage: string;
  logKey: LogKey;
  logRetention: logs.RetentionDays;
  removalPolicy: RemovalPolicy;
}

/** The CloudFront web ACL: the SPA and /api/* (the only web path to the HTTP API) pass through it. */
export const edgeAcl = (scope: Construct, props: EdgeAclProps) =>
  new WebAcl(scope, 'EdgeAcl', {
    stage: props.stage,
    scope: 'CLOUDFRONT',
    name: 'edge',
    requestsPerIpPer5Min: EDGE_REQUESTS_PER_IP_PER_5_MIN,
    countOnlyCommonRules: ['SizeRestrictions_BODY'],
    logKey: props.logKey.key,
    logRetention: props.logRetention,
    removalPolicy: props.removalPolicy,
  });

export interface EdgeStackProps extends StackProps {
  stage: string;
  logRetention: logs.RetentionDays;
  removalPolicy: RemovalPolicy;
}

/**
 * The CloudFront web ACL for a stage deployed outside us-east-1: its own small stack in us-east-1,
 * whose ACL ARN reaches the stage's stack through CDK's cross-region references.
 */
export class EdgeStack extends Stack {
  readonly webAcl: WebAcl;

  constructor(scope: Construct, id: string, props: EdgeStackProps) {
    super(scope, id, { ...props, crossRegionReferences: true });
    const logKey = new LogKey(this, 'LogKey', { stage: props.stage, removalPolicy: props.removalPolicy });
    this.webAcl = edgeAcl(this, { stage: props.stage, logKey, logRetention: props.logRetention, removalPolicy: props.removalPolicy });
  }
}
