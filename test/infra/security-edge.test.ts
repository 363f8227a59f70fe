import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { EDGE_REQUESTS_PER_IP_PER_5_MIN } from '../../infra/edge-stack';
import { REGIONAL_REQUESTS_PER_IP_PER_5_MIN } from '../../infra/stack';
import { MANAGED_RULE_GROUPS } from '../../infra/constructs/waf';
import { ORIGIN_VERIFY_HEADER, ORIGIN_VERIFY_VARIABLE } from '../../functions/lib/origin-verify';
import { routeArea, routes } from '../../functions/routes';
import { synth, type Synthesized } from './support';

let dev: Synthesized;
let prod: Synthesized;
let template: Template;
let prodTemplate: Template;

beforeAll(() => {
  dev = synth('dev');
  prod = synth('prod');
  template = Template.fromStack(dev.stack);
  prodTemplate = Template.fromStack(prod.stack);
});

const logicalIdOf = (t: Template, type: string, props: Record<string, unknown>) => {
  const ids = Object.keys(t.findResources(type, { Properties: Match.objectLike(props) }));
  expect(ids, `${type} ${JSON.stringify(props)}`).toHaveLength(1);
  return ids[0];
};

const managedRule = (name: string, extra: Record<string, unknown> = {}) =>
  Match.objectLike({
    Name: name,
    OverrideAction: { None: {} },
    Statement: { ManagedRuleGroupStatement: Match.objectLike({ VendorName: 'AWS', Name: name, ...extra }) },
  });

describe('WAF on CloudFront (WebAcl, CLOUDFRONT scope)', () => {
  it('rate-limits each IP, then runs the IP reputation list, the common rule set and known bad inputs', () => {
    template.hasResourceProperties('AWS::WAFv2::WebACL', {
      Name: 'dvp-dev-edge',
      Scope: 'CLOUDFRONT',
      DefaultAction: { Allow: {} },
      Rules: [
        Match.objectLike({
          Name: 'RateLimitPerIp',
          Priority: 0,
          Action: { Block: {} },
          Statement: { RateBasedStatement: { Limit: EDGE_REQUESTS_PER_IP_PER_5_MIN, AggregateKeyType: 'IP', EvaluationWindowSec: 300 } },
        }),
        managedRule('AWSManagedRulesAmazonIpReputationList'),
        // The API takes bodies past the rule set's 8 KB limit, so that one rule only counts.
        managedRule('AWSManagedRulesCommonRuleSet', { RuleActionOverrides: [{ Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } }] }),
        managedRule('AWSManagedRulesKnownBadInputsRuleSet'),
      ],
    });
    expect(MANAGED_RULE_GROUPS).toEqual(['AWSManagedRulesAmazonIpReputationList', 'AWSManagedRulesCommonRuleSet', 'AWSManagedRulesKnownBadInputsRuleSet']);
  });

  it('is attached to the distribution, so the SPA and /api/* both pass through it', () => {
    const acl = logicalIdOf(template, 'AWS::WAFv2::WebACL', { Scope: 'CLOUDFRONT' });

    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        WebACLId: { 'Fn::GetAtt': [acl, 'Arn'] },
        CacheBehaviors: [Match.objectLike({ PathPattern: '/api/*' })],
      }),
    });
  });

  it('lives in us-east-1 with the stage when the stage is there, and in its own us-east-1 stack otherwise', () => {
    expect(dev.stack.region).toBe('us-east-1');
    expect(dev.stack.edgeStack).toBeUndefined();

    const elsewhere = synth('dev', { env: { region: 'eu-west-1' } });

    const edge = elsewhere.stack.edgeStack!;
    expect(edge.region).toBe('us-east-1');
    Template.fromStack(edge).hasResourceProperties('AWS::WAFv2::WebACL', { Scope: 'CLOUDFRONT', Name: 'dvp-dev-edge' });
    const main = Template.fromStack(elsewhere.stack);
    expect(Object.keys(main.findResources('AWS::WAFv2::WebACL', { Properties: { Scope: 'CLOUDFRONT' } }))).toEqual([]);
    // The ARN crosses regions through CDK's reader in the stage's stack.
    main.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ WebACLId: { 'Fn::GetAtt': [Match.stringLikeRegexp('ExportsReader'), Match.stringLikeRegexp('WebAcl|EdgeAcl')] } }),
    });
  });
});

describe('WAF in the region (WebAcl, REGIONAL scope)', () => {
  it('protects the Cognito user pool the browser signs in against, with the same managed rules and its own rate limit', () => {
    const acl = logicalIdOf(template, 'AWS::WAFv2::WebACL', { Scope: 'REGIONAL' });
    template.hasResourceProperties('AWS::WAFv2::WebACL', {
      Name: 'dvp-dev-regional',
      Rules: Match.arrayWith([
        Match.objectLike({ Name: 'RateLimitPerIp', Statement: { RateBasedStatement: Match.objectLike({ Limit: REGIONAL_REQUESTS_PER_IP_PER_5_MIN, AggregateKeyType: 'IP' }) } }),
        ...MANAGED_RULE_GROUPS.map((name) => managedRule(name)),
      ]),
    });
    const pool = logicalIdOf(template, 'AWS::Cognito::UserPool', {});

    template.hasResourceProperties('AWS::WAFv2::WebACLAssociation', {
      ResourceArn: { 'Fn::GetAtt': [pool, 'Arn'] },
      WebACLArn: { 'Fn::GetAtt': [acl, 'Arn'] },
    });
  });

  it('is not associated with the HTTP API, which WAF cannot protect directly', () => {
    const associations = Object.values(template.findResources('AWS::WAFv2::WebACLAssociation'));

    expect(associations).toHaveLength(1);
    expect(JSON.stringify(associations[0].Properties.ResourceArn)).not.toMatch(/HttpApi|execute-api/);
  });
});

describe('WAF logging', () => {
  it('sends each web ACL to its own aws-waf-logs-* group, encrypted with the log key, tokens redacted', () => {
    const logKey = logicalIdOf(template, 'AWS::KMS::Key', { Description: 'Data Validation Platform logs (dev)' });
    for (const name of ['edge', 'regional']) {
      const acl = logicalIdOf(template, 'AWS::WAFv2::WebACL', { Name: `dvp-dev-${name}` });
      template.hasResourceProperties('AWS::Logs::LogGroup', { LogGroupName: `aws-waf-logs-dvp-dev-${name}`, KmsKeyId: { 'Fn::GetAtt': [logKey, 'Arn'] } });
      template.hasResourceProperties('AWS::WAFv2::LoggingConfiguration', {
        ResourceArn: { 'Fn::GetAtt': [acl, 'Arn'] },
        LogDestinationConfigs: [{ 'Fn::Join': ['', Match.arrayWith([Match.stringLikeRegexp(`:log-group:aws-waf-logs-dvp-dev-${name}$`)])] }],
        RedactedFields: [{ SingleHeader: { Name: 'authorization' } }, { SingleHeader: { Name: 'cookie' } }],
      });
    }
  });
});

describe('API stage throttling (Api)', () => {
  it('limits the default stage with a rate and a burst for every route', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      DefaultRouteSettings: { ThrottlingBurstLimit: 400, ThrottlingRateLimit: 200 },
      AccessLogSettings: Match.objectLike({ DestinationArn: Match.anyValue() }),
    });
  });
});

describe('Cognito threat protection and MFA (Auth)', () => {
  it('enforces threat protection in prod and blocks leaked passwords and high-risk sign-ins, challenging medium risk with MFA', () => {
    prodTemplate.hasResourceProperties('AWS::Cognito::UserPool', { UserPoolTier: 'PLUS', UserPoolAddOns: { AdvancedSecurityMode: 'ENFORCED' } });

    prodTemplate.hasResourceProperties('AWS::Cognito::UserPoolRiskConfigurationAttachment', {
      ClientId: 'ALL',
      CompromisedCredentialsRiskConfiguration: { Actions: { EventAction: 'BLOCK' } },
      AccountTakeoverRiskConfiguration: {
        Actions: {
          LowAction: { EventAction: 'NO_ACTION', Notify: false },
          MediumAction: { EventAction: 'MFA_IF_CONFIGURED', Notify: false },
          HighAction: { EventAction: 'BLOCK', Notify: false },
        },
      },
    });
    template.resourceCountIs('AWS::Cognito::UserPoolRiskConfigurationAttachment', 0);
  });

  it('keeps MFA optional for the pool with TOTP, since Cognito cannot require it per group', () => {
    for (const t of [template, prodTemplate]) {
      t.hasResourceProperties('AWS::Cognito::UserPool', { MfaConfiguration: 'OPTIONAL', EnabledMfas: Match.arrayWith(['SOFTWARE_TOKEN_MFA']) });
    }
  });
});

describe('customer-managed keys (LogKey, Data, Storage, Email)', () => {
  it('rotates every key', () => {
    const keys = Object.values(template.findResources('AWS::KMS::Key'));

    expect(keys.map((k) => k.Properties.Description).sort()).toEqual([
      'Data Validation Platform logs (dev)',
      'Data Validation Platform: table and uploads',
      'Data Validation Platform: web app bucket (CloudFront reads it through OAC)',
      // SES publishes bounces and complaints to an encrypted topic: a key of its own, so SES holds no grant on the data key.
      'SES bounce and complaint notifications',
    ]);
    for (const key of keys) expect(key.Properties.EnableKeyRotation).toBe(true);
  });

  it('lets CloudWatch Logs use the log key only for this stage’s log groups, and the log delivery services write with it', () => {
    template.hasResourceProperties('AWS::KMS::Key', {
      Description: 'Data Validation Platform logs (dev)',
      KeyPolicy: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Sid: 'CloudWatchLogsOfThisStage',
            Principal: { Service: 'logs.us-east-1.amazonaws.com' },
            Condition: {
              ArnLike: {
                'kms:EncryptionContext:aws:logs:arn': [
                  { 'Fn::Join': ['', Match.arrayWith([Match.stringLikeRegexp(':log-group:/dvp/dev/\\*$')])] },
                  { 'Fn::Join': ['', Match.arrayWith([Match.stringLikeRegexp(':log-group:aws-waf-logs-dvp-dev\\*$')])] },
                ],
              },
            },
          }),
          Match.objectLike({ Sid: 'CloudFrontStandardLogs', Principal: { Service: 'delivery.logs.amazonaws.com' }, Action: ['kms:Decrypt', 'kms:GenerateDataKey*'] }),
          Match.objectLike({ Principal: { Service: 'logging.s3.amazonaws.com' }, Action: Match.arrayWith(['kms:GenerateDataKey*']) }),
        ]),
      },
    });
  });

  it('encrypts every log group, parent and nested stacks, with the log key', () => {
    const groups = Object.entries(dev.templates).flatMap(([file, t]) =>
      Object.entries(t.Resources)
        .filter(([, r]) => r.Type === 'AWS::Logs::LogGroup')
        .map(([id, r]) => ({ where: `${file} ${id}`, key: r.Properties?.KmsKeyId })),
    );

    expect(groups.length).toBeGreaterThan(100);
    for (const group of groups) expect(group.key, group.where).toBeDefined();
  });

  it('encrypts every bucket with a customer-managed key and bucket keys', () => {
    const buckets = Object.values(template.findResources('AWS::S3::Bucket'));

    expect(buckets).toHaveLength(3);
    for (const bucket of buckets) {
      expect(bucket.Properties.BucketEncryption.ServerSideEncryptionConfiguration).toEqual([
        { BucketKeyEnabled: true, ServerSideEncryptionByDefault: { SSEAlgorithm: 'aws:kms', KMSMasterKeyID: { 'Fn::GetAtt': [expect.any(String), 'Arn'] } } },
      ]);
    }
  });
});

describe('access logs (Storage, Web, Api)', () => {
  it('logs the uploads and web buckets, and CloudFront, into the versioned log bucket', () => {
    const logs = logicalIdOf(template, 'AWS::S3::Bucket', { VersioningConfiguration: { Status: 'Enabled' } });

    for (const prefix of ['uploads/', 'web/']) {
      template.hasResourceProperties('AWS::S3::Bucket', { LoggingConfiguration: { DestinationBucketName: { Ref: logs }, LogFilePrefix: prefix } });
    }
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ Logging: { Bucket: { 'Fn::GetAtt': [logs, 'RegionalDomainName'] }, Prefix: 'cloudfront/' } }),
    });
  });

  it('writes API access logs to an encrypted log group of the stage', () => {
    const group = logicalIdOf(template, 'AWS::Logs::LogGroup', { LogGroupName: '/dvp/dev/api/access' });

    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', { AccessLogSettings: Match.objectLike({ DestinationArn: { 'Fn::GetAtt': [group, 'Arn'] } }) });
    template.hasResourceProperties('AWS::Logs::LogGroup', { LogGroupName: '/dvp/dev/api/access', KmsKeyId: Match.anyValue() });
  });
});

describe('table protection per stage (Data)', () => {
  it('has point-in-time recovery in every stage and deletion protection in prod only', () => {
    const replica = (t: Template) => Object.values(t.findResources('AWS::DynamoDB::GlobalTable'))[0].Properties.Replicas[0];

    expect(replica(prodTemplate)).toMatchObject({ PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true }, DeletionProtectionEnabled: true });
    expect(replica(template).PointInTimeRecoverySpecification).toEqual({ PointInTimeRecoveryEnabled: true });
    expect(replica(template).DeletionProtectionEnabled).toBe(false);
  });
});

describe('Lambda permissions (LambdaRole)', () => {
  it('keeps every grant of a shared Lambda role, X-Ray included, in one customer-managed policy and none inline', () => {
    const roles = Object.keys(
      template.findResources('AWS::IAM::Role', { Properties: { AssumeRolePolicyDocument: { Statement: [Match.objectLike({ Principal: { Service: 'lambda.amazonaws.com' } })] } } }),
    ).filter((id) => id.startsWith('WorkerRole') || id.startsWith('ApiRole'));
    expect(roles.length).toBeGreaterThan(1);

    const inline = Object.values(template.findResources('AWS::IAM::Policy')).flatMap((p) => p.Properties.Roles.map((r: { Ref: string }) => r.Ref));
    for (const role of roles) {
      expect(inline, role).not.toContain(role);
      template.hasResourceProperties('AWS::IAM::ManagedPolicy', {
        Roles: [{ Ref: role }],
        PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Action: ['xray:PutTelemetryRecords', 'xray:PutTraceSegments'], Resource: '*' })]) },
      });
    }
  });
});

describe('MFA for administrators', () => {
  it('every API function of every deployed stage holds administrators to two-step verification', () => {
    for (const stage of [dev, prod]) {
      const functions = stage.stack.api.areaStacks.flatMap((area) => Object.values(Template.fromStack(area).findResources('AWS::Lambda::Function')));
      expect(functions.length).toBeGreaterThan(50);
      for (const fn of functions) {
        expect(fn.Properties.Environment?.Variables?.REQUIRE_ADMIN_MFA, JSON.stringify(fn.Metadata ?? {})).toBe('1');
      }
    }
  });

  it('every API role of signed-in routes may read a user account, which is where the MFA status comes from; a role of public routes alone reads nothing', () => {
    const policies = Object.entries(template.findResources('AWS::IAM::ManagedPolicy')).filter(([id]) => id.startsWith('ApiRole'));
    expect(policies.length).toBeGreaterThan(5);
    const areas = [...new Set(routes.map(routeArea))];
    const publicOnly = areas.filter((area) => routes.filter((r) => routeArea(r) === area).every((r) => r.access === 'public'));
    expect(publicOnly).toContain('health');
    const roleId = (area: string) => `ApiRole${area.split(/[^A-Za-z0-9]+/).filter(Boolean).map((w) => w[0]!.toUpperCase() + w.slice(1)).join('')}Role`;
    for (const [id, policy] of policies) {
      const actions = (policy.Properties.PolicyDocument.Statement as Array<{ Action: string | string[] }>).flatMap((s) => [s.Action].flat());
      if (publicOnly.some((area) => id.startsWith(roleId(area)))) expect(actions.filter((a) => /^(cognito-idp|dynamodb|s3|kms):/.test(a)), id).toEqual([]);
      else expect(actions, id).toContain('cognito-idp:AdminGetUser');
    }
  });
});

describe('the API only through CloudFront (Web, Api)', () => {
  it('CloudFront sends the API a secret header that the API handlers are given to check, and no other function', () => {
    const secret = logicalIdOf(template, 'AWS::SecretsManager::Secret', { Description: Match.stringLikeRegexp('CloudFront adds') });
    const distribution = Object.values(template.findResources('AWS::CloudFront::Distribution'))[0] as { Properties: { DistributionConfig: { Origins: { CustomOriginConfig?: unknown; OriginCustomHeaders?: { HeaderName: string; HeaderValue: unknown }[] }[] } } };
    const apiOrigin = distribution.Properties.DistributionConfig.Origins.find((o) => o.CustomOriginConfig)!;
    expect(apiOrigin.OriginCustomHeaders).toEqual([{ HeaderName: ORIGIN_VERIFY_HEADER, HeaderValue: expect.anything() }]);
    expect(JSON.stringify(apiOrigin.OriginCustomHeaders![0].HeaderValue)).toContain(secret);

    // The API's functions live in nested stacks, which receive the value as a parameter.
    const apiFunctions = dev.stack.api.areaStacks.flatMap((area) => Object.values(Template.fromStack(area).findResources('AWS::Lambda::Function')));
    expect(apiFunctions.length).toBeGreaterThan(50);
    for (const fn of apiFunctions) {
      // A dynamic reference, resolved by CloudFormation at deploy time: the value is in no template.
      expect(JSON.stringify(fn.Properties.Environment?.Variables?.[ORIGIN_VERIFY_VARIABLE]), JSON.stringify(fn.Metadata ?? {})).toContain('{{resolve:secretsmanager:');
    }
    expect(JSON.stringify(template.findResources('AWS::CloudFormation::Stack'))).toContain(`{"Ref":"${secret}"}`);
    // The pipeline and the scheduled jobs never take requests from CloudFront, so they do not hold it.
    const others = Object.values(template.findResources('AWS::Lambda::Function')) as { Properties: { Environment?: { Variables?: Record<string, unknown> } } }[];
    expect(others.length).toBeGreaterThan(0);
    expect(others.filter((f) => f.Properties.Environment?.Variables?.[ORIGIN_VERIFY_VARIABLE])).toEqual([]);
  });
});
