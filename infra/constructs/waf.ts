import { ArnFormat, type RemovalPolicy, Stack } from 'aws-cdk-lib';
import type * as kms from 'aws-cdk-lib/aws-kms';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';
import { wafLogGroupPrefix } from './log-key';

/** The AWS managed rule groups every web ACL of the platform runs, cheapest first. */
export const MANAGED_RULE_GROUPS = ['AWSManagedRulesAmazonIpReputationList', 'AWSManagedRulesCommonRuleSet', 'AWSManagedRulesKnownBadInputsRuleSet'] as const;

export interface WebAclProps {
  stage: string;
  /** CLOUDFRONT (must live in us-east-1) or REGIONAL (the stack's region). */
  scope: 'CLOUDFRONT' | 'REGIONAL';
  /** Short name of what the ACL protects; part of the ACL, metric and log group names. */
  name: string;
  /** Requests one IP may make in any 5-minute window before it is blocked. */
  requestsPerIpPer5Min: number;
  /**
   * Rules of the Common rule set that only count. The API takes bodies up to 10 MB (gzipped uploads
   * of rows and bulk edits), which SizeRestrictions_BODY (8 KB) would block.
   */
  countOnlyCommonRules?: string[];
  /** Must be a key in the ACL's own region whose policy lets CloudWatch Logs use it for WAF groups. */
  logKey: kms.IKey;
  logRetention: logs.RetentionDays;
  removalPolicy: RemovalPolicy;
}

/**
 * A WAF v2 web ACL: a per-IP rate limit, then AWS's IP reputation list, its common rule set and
 * known bad inputs; anything else is allowed. Every ACL logs to its own encrypted log group, with
 * the Authorization header and cookies redacted (they carry tokens).
 */
export class WebAcl extends Construct {
  readonly acl: wafv2.CfnWebACL;
  readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: WebAclProps) {
    super(scope, id);
    const stack = Stack.of(this);
    const aclName = `dvp-${props.stage}-${props.name}`;
    const visibility = (metric: string): wafv2.CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      metricName: `${aclName}-${metric}`,
      sampledRequestsEnabled: true,
    });
    const managed = (name: string, priority: number): wafv2.CfnWebACL.RuleProperty => ({
      name,
      priority,
      overrideAction: { none: {} },
      statement: {
        managedRuleGroupStatement: {
          vendorName: 'AWS',
          name,
          ...(name === 'AWSManagedRulesCommonRuleSet' && props.countOnlyCommonRules?.length
            ? { ruleActionOverrides: props.countOnlyCommonRules.map((rule) => ({ name: rule, actionToUse: { count: {} } })) }
            : {}),
        },
      },
      visibilityConfig: visibility(name),
    });

    this.acl = new wafv2.CfnWebACL(this, 'Acl', {
      name: aclName,
      description: `Data Validation Platform ${props.name}, ${props.stage}`,
      scope: props.scope,
      defaultAction: { allow: {} },
      visibilityConfig: visibility('all'),
      rules: [
        {
          name: 'RateLimitPerIp',
          priority: 0,
          action: { block: {} },
          statement: { rateBasedStatement: { limit: props.requestsPerIpPer5Min, aggregateKeyType: 'IP', evaluationWindowSec: 300 } },
          visibilityConfig: visibility('RateLimitPerIp'),
        },
        ...MANAGED_RULE_GROUPS.map((name, i) => managed(name, i + 1)),
      ],
    });

    const logGroupName = `${wafLogGroupPrefix(props.stage)}-${props.name}`;
    this.logGroup = new logs.LogGroup(this, 'Logs', {
      logGroupName,
      retention: props.logRetention,
      encryptionKey: props.logKey,
      removalPolicy: props.removalPolicy,
    });
    // WAF wants the log group ARN without the trailing ":*" that LogGroup.logGroupArn carries.
    const logGroupArn = stack.formatArn({ service: 'logs', resource: 'log-group', resourceName: logGroupName, arnFormat: ArnFormat.COLON_RESOURCE_NAME });
    const logging = new wafv2.CfnLoggingConfiguration(this, 'Logging', {
      resourceArn: this.acl.attrArn,
      logDestinationConfigs: [logGroupArn],
      redactedFields: [{ singleHeader: { Name: 'authorization' } }, { singleHeader: { Name: 'cookie' } }],
    });
    logging.node.addDependency(this.logGroup);
  }

  get arn(): string {
    return this.acl.attrArn;
  }
}
