import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { comparisonMachine, fileParseMachine, machineTasks, pipelineTasks, scheduledJobs, type StateMachineDef } from '../../functions/pipeline';
import { routeId, routes } from '../../functions/routes';
import { Role } from '../../shared/roles';
import { DEFAULT_EXPORT_RETENTION_DAYS, parseExportRetentionDays, parseStage, stackName } from '../../infra/stack';
import { STATE_MACHINE_METADATA_KEY, TRANSIENT_LAMBDA_ERRORS } from '../../infra/constructs/pipeline';
import { STALE_RUN_MS } from '../../functions/lib/compare-runs/interrupted-run';
import { synth, type Synthesized } from './support';
import { BOOTSTRAP_OUTPUTS } from '../../scripts/bootstrap/stage-resources';

let dev: Synthesized;
let template: Template;

beforeAll(() => {
  dev = synth('dev');
  template = Template.fromStack(dev.stack);
});

const nestedTemplateWith = (logicalIdPrefix: string) => {
  const area = dev.stack.api.areaStacks.find((s) => Object.keys(s.functions).some((id) => id.startsWith(logicalIdPrefix)));
  if (!area) throw new Error(`no API nested stack has ${logicalIdPrefix}`);
  return Template.fromStack(area);
};

describe('stage', () => {
  it('defaults to dev and names the stack Dvp-<stage>', () => {
    expect(parseStage(undefined)).toBe('dev');
    expect(stackName(parseStage('prod'))).toBe('Dvp-prod');
  });

  it('refuses an unknown stage with a message naming the valid ones', () => {
    expect(() => parseStage('staging')).toThrow(/Unknown stage "staging".*stage=dev.*stage=prod/);
  });
});

describe('data', () => {
  it('is one on-demand table with pk/sk, three ALL-projected GSIs, TTL, PITR and a customer-managed key', () => {
    template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      BillingMode: 'PAY_PER_REQUEST',
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      TimeToLiveSpecification: { AttributeName: 'expires_at', Enabled: true },
      SSESpecification: { SSEEnabled: true, SSEType: 'KMS' },
      GlobalSecondaryIndexes: ['gsi1', 'gsi2', 'gsi3'].map((name) => ({
        IndexName: name,
        KeySchema: [
          { AttributeName: `${name}pk`, KeyType: 'HASH' },
          { AttributeName: `${name}sk`, KeyType: 'RANGE' },
        ],
        Projection: { ProjectionType: 'ALL' },
      })),
      Replicas: [
        Match.objectLike({
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
          SSESpecification: { KMSMasterKeyId: Match.anyValue() },
        }),
      ],
    });
    template.hasResourceProperties('AWS::KMS::Key', { EnableKeyRotation: true });
  });

  it('is destroyed with a dev stack but retained in prod', () => {
    template.hasResource('AWS::DynamoDB::GlobalTable', { DeletionPolicy: 'Delete' });
    Template.fromStack(synth('prod').stack).hasResource('AWS::DynamoDB::GlobalTable', { DeletionPolicy: 'Retain' });
  });
});

describe('storage', () => {
  it('blocks public access on every bucket and denies non-TLS requests', () => {
    const buckets = template.findResources('AWS::S3::Bucket');
    expect(Object.keys(buckets)).toHaveLength(3);
    for (const bucket of Object.values(buckets)) {
      expect(bucket.Properties.PublicAccessBlockConfiguration).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
    }
    const policies = Object.values(template.findResources('AWS::S3::BucketPolicy'));
    expect(policies).toHaveLength(3);
    for (const policy of policies) {
      expect(policy.Properties.PolicyDocument.Statement).toContainEqual(
        expect.objectContaining({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
      );
    }
  });

  it('lets the site origin PUT uploads, exposes the ETag and aborts stale multipart uploads', () => {
    template.hasResourceProperties('AWS::S3::Bucket', {
      BucketEncryption: { ServerSideEncryptionConfiguration: [Match.objectLike({ ServerSideEncryptionByDefault: { SSEAlgorithm: 'aws:kms', KMSMasterKeyID: Match.anyValue() } })] },
      CorsConfiguration: {
        CorsRules: [
          Match.objectLike({
            AllowedMethods: ['PUT', 'GET'],
            AllowedOrigins: [{ 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [Match.stringLikeRegexp('WebDistribution'), 'DomainName'] }]] }],
            ExposedHeaders: ['ETag'],
          }),
        ],
      },
      LifecycleConfiguration: { Rules: Match.arrayWith([Match.objectLike({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: 'Enabled' })]) },
      LoggingConfiguration: Match.objectLike({ LogFilePrefix: 'uploads/' }),
    });
  });

  const uploadsRules = (t: Template) => {
    const [bucket] = Object.values(t.findResources('AWS::S3::Bucket', { Properties: { LoggingConfiguration: { LogFilePrefix: 'uploads/' } } }));
    return bucket.Properties.LifecycleConfiguration.Rules as Array<Record<string, unknown>>;
  };

  it(`expires export workbooks after ${DEFAULT_EXPORT_RETENTION_DAYS} days by default, and only those`, () => {
    expect(DEFAULT_EXPORT_RETENTION_DAYS).toBe(90);
    const rules = uploadsRules(template);
    expect(rules).toContainEqual({ Id: 'ExpireExports', Prefix: 'exports/', ExpirationInDays: 90, Status: 'Enabled' });
    expect(rules).toContainEqual({ Id: 'AbortIncompleteMultipartUploads', AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: 'Enabled' });
    // Uploads and parsed rows live as long as their comparison: no other rule may expire objects.
    expect(rules.filter((r) => 'ExpirationInDays' in r || 'ExpirationDate' in r).map((r) => r.Id)).toEqual(['ExpireExports', 'ExpireCarrierFileConversions']);
  });

  it('expires carrier file conversions 30 days after their last use (each use rewrites them)', () => {
    expect(uploadsRules(template)).toContainEqual({ Id: 'ExpireCarrierFileConversions', Prefix: 'conversions/', ExpirationInDays: 30, Status: 'Enabled' });
  });

  it('takes the export retention from -c exportRetentionDays and refuses a value that is not whole days', () => {
    expect(uploadsRules(Template.fromStack(synth('dev', { exportRetentionDays: 30 }).stack))).toContainEqual(
      expect.objectContaining({ Id: 'ExpireExports', Prefix: 'exports/', ExpirationInDays: 30 }),
    );
    expect(parseExportRetentionDays(undefined)).toBe(90);
    expect(parseExportRetentionDays('30')).toBe(30);
    for (const bad of ['0', '-5', '1.5', 'ninety']) expect(() => parseExportRetentionDays(bad)).toThrow(/exportRetentionDays must be a whole number/);
  });
});

describe('auth', () => {
  it('signs in by e-mail, disables sign-up, requires a strong password and offers TOTP or e-mail MFA', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      UsernameAttributes: ['email'],
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      Policies: {
        PasswordPolicy: Match.objectLike({ MinimumLength: 8, RequireLowercase: true, RequireUppercase: true, RequireNumbers: true, RequireSymbols: true }),
      },
      MfaConfiguration: 'OPTIONAL',
      EnabledMfas: ['SOFTWARE_TOKEN_MFA', 'EMAIL_OTP'],
      EmailConfiguration: Match.objectLike({ EmailSendingAccount: 'DEVELOPER', SourceArn: Match.anyValue() }),
      Schema: Match.arrayWith(
        ['role', 'agency_id', 'organization_id', 'company_id'].map((name) => Match.objectLike({ Name: name, AttributeDataType: 'String', Mutable: true })),
      ),
    });
  });

  it('has an app client that reads but cannot write role and tenant attributes, and signs in with SRP only', () => {
    const clients = Object.values(template.findResources('AWS::Cognito::UserPoolClient'));
    expect(clients).toHaveLength(1);
    const client = clients[0].Properties;
    expect(client.ReadAttributes).toEqual(expect.arrayContaining(['custom:role', 'custom:agency_id', 'custom:organization_id', 'custom:company_id']));
    expect(client.WriteAttributes.filter((a: string) => a.startsWith('custom:'))).toEqual([]);
    expect(client.ExplicitAuthFlows).toEqual(['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']);
    expect(client.GenerateSecret).toBe(false);
  });

  it('has one group per role', () => {
    for (const role of Role.values) template.hasResourceProperties('AWS::Cognito::UserPoolGroup', { GroupName: role });
  });

  it('enforces threat protection on the PLUS plan in prod only', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', { UserPoolTier: 'ESSENTIALS' });
    Template.fromStack(synth('prod').stack).hasResourceProperties('AWS::Cognito::UserPool', {
      UserPoolTier: 'PLUS',
      UserPoolAddOns: { AdvancedSecurityMode: 'ENFORCED' },
    });
  });
});

describe('email', () => {
  it('verifies the sender identity from context', () => {
    template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'no-reply@example.com' });
  });
});

describe('outputs', () => {
  it('carry what the bootstrap reads to find a stage: its user pool, table, public address and sender', () => {
    const outputs = template.findOutputs('*');
    for (const key of BOOTSTRAP_OUTPUTS) expect(Object.keys(outputs)).toContain(key);
    expect(outputs.PublicUrl!.Value).toEqual({ 'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [expect.stringMatching(/Distribution/), 'DomainName'] }]] });
    expect(outputs.SesFromAddress!.Value).toBe('no-reply@example.com');
  });
});

describe('pipeline', () => {
  const definition = (name: StateMachineDef['name']) => {
    const machine = Object.values(template.findResources('AWS::StepFunctions::StateMachine')).find((m) => m.Metadata?.[STATE_MACHINE_METADATA_KEY] === name);
    if (!machine) throw new Error(`no ${name} state machine`);
    const join = machine.Properties.DefinitionString['Fn::Join'];
    // The Lambda ARNs are intrinsics spliced between JSON fragments that already hold the quotes.
    return JSON.parse(join[1].map((p: unknown) => (typeof p === 'string' ? p : 'lambda-arn')).join(''));
  };

  it('runs Prepare → Run → Notify and ends failures in RecordComparisonFailure → Fail', () => {
    const asl = definition('Comparison');
    expect(asl.StartAt).toBe('PrepareComparison');
    expect(asl.States.PrepareComparison.Next).toBe('ComparisonSharded');
    expect(asl.States.ComparisonSharded.Default).toBe('RunComparison');
    expect(asl.States.RunComparison.Next).toBe('NotifyComparison');
    expect(asl.States.RecordComparisonFailure.Next).toBe('ComparisonFailed');
    expect(asl.States.ComparisonFailed.Type).toBe('Fail');
  });

  it('compares a run Prepare gave a shard count in shards: Split plan → a Distributed Map of SplitRange over the ranges → a Distributed Map of CompareShard over the shard ids → Merge → Notify', () => {
    const asl = definition('Comparison');
    const choice = asl.States.ComparisonSharded;
    expect(choice.Type).toBe('Choice');
    expect(choice.Choices).toEqual([
      { And: [{ Variable: '$.shard_count', IsPresent: true }, { Variable: '$.shard_count', NumericGreaterThan: 1 }], Next: 'SplitComparison' },
    ]);
    expect(asl.States.SplitComparison.Next).toBe('SplitRanges');
    const maps = [
      { name: 'SplitRanges', items: '$.split_ranges', item: 'range', task: 'SplitRange', next: 'CompareShards' },
      { name: 'CompareShards', items: '$.shard_ids', item: 'shard', task: 'CompareShard', next: 'MergeShards' },
    ];
    for (const { name, items, item, task, next } of maps) {
      const map = asl.States[name];
      expect(map, name).toMatchObject({
        Type: 'Map',
        ItemsPath: items,
        ItemSelector: { 'run.$': '$', [`${item}.$`]: '$$.Map.Item.Value' },
        MaxConcurrency: comparisonMachine.sharded!.maxConcurrency,
        ResultPath: null,
        Next: next,
        ItemProcessor: { ProcessorConfig: { Mode: 'DISTRIBUTED', ExecutionType: 'STANDARD' }, StartAt: task },
      });
      expect(map.ItemProcessor.States[task].Retry).toContainEqual(expect.objectContaining({ ErrorEquals: TRANSIENT_LAMBDA_ERRORS }));
    }
    expect(asl.States.MergeShards.Next).toBe('NotifyComparison');
    for (const name of ['SplitComparison', 'SplitRanges', 'CompareShards', 'MergeShards']) {
      expect(asl.States[name].Catch, name).toEqual([{ ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: 'RecordComparisonFailure' }]);
    }
    for (const task of [comparisonMachine.sharded!.perRange, comparisonMachine.sharded!.perShard]) {
      template.hasResource('AWS::Lambda::Function', {
        Metadata: Match.objectLike({ 'dvp:handler': task.handler }),
        Properties: Match.objectLike({ MemorySize: task.memoryMb, Timeout: 900 }),
      });
    }
  });

  it('reads an upload in its own machine: ParseFile, failures caught into RecordParseFailure → Fail, within the Lambda limit', () => {
    const asl = definition('FileParse');
    expect(asl.StartAt).toBe('ParseFile');
    expect(asl.States.ParseFile.Next).toBe('FileParseDone');
    expect(asl.States.ParseFile.Catch[0].Next).toBe('RecordParseFailure');
    expect(asl.States.RecordParseFailure.Next).toBe('FileParseFailed');
    expect(asl.States.ParseFile.TimeoutSeconds).toBe(900);
  });

  it('gives the parse task room in /tmp for a large workbook parked while it streams', () => {
    template.hasResource('AWS::Lambda::Function', {
      Metadata: Match.objectLike({ 'dvp:handler': 'pipeline/parse-file' }),
      Properties: Match.objectLike({ EphemeralStorage: { Size: 10240 }, MemorySize: 3008, Timeout: 900 }),
    });
  });

  it('gives the compare task the memory a 1 GB baseline needs (Lambda\'s maximum)', () => {
    template.hasResource('AWS::Lambda::Function', {
      Metadata: Match.objectLike({ 'dvp:handler': 'pipeline/compare' }),
      Properties: Match.objectLike({ MemorySize: 10240, Timeout: 900 }),
    });
  });

  it('gives every Lambda task a Retry on transient Lambda errors and a Catch into its failure task', () => {
    for (const machine of [comparisonMachine, fileParseMachine]) {
      const tasks = Object.entries(definition(machine.name).States as Record<string, any>).filter(([, s]) => s.Type === 'Task');
      const mapped = machine.sharded ? [machine.sharded.perRange.name, machine.sharded.perShard.name] : [];
      expect(tasks.map(([name]) => name).sort()).toEqual(machineTasks(machine).map((t) => t.name).filter((n) => !mapped.includes(n)).sort());
      for (const [name, state] of tasks) {
        expect(state.Retry, name).toContainEqual(expect.objectContaining({ ErrorEquals: TRANSIENT_LAMBDA_ERRORS }));
        expect(state.Catch?.length, name).toBeGreaterThan(0);
        const next = state.Catch[0].Next;
        expect(name === machine.failure.name ? next === `${machine.name}Failed` : next === machine.failure.name, name).toBe(true);
      }
    }
  });

  it('catches every way a comparison task can end badly (its own error, its state timing out, its runtime dying, retries given up) into RecordComparisonFailure, each task timed at its Lambda\'s limit', () => {
    const asl = definition('Comparison');
    for (const step of comparisonMachine.steps) {
      const state = asl.States[step.name];
      expect(state.Catch, step.name).toEqual([{ ErrorEquals: ['States.ALL'], ResultPath: '$.error', Next: 'RecordComparisonFailure' }]);
      expect(state.TimeoutSeconds, step.name).toBe(step.timeoutSeconds);
    }
    template.hasResource('AWS::Lambda::Function', { Metadata: Match.objectLike({ 'dvp:handler': 'pipeline/record-failure' }) });
    // A run with no progress for longer than this is stale (functions/lib/compare-runs/interrupted-run.ts): the deployed limit, not a second number.
    expect(STALE_RUN_MS).toBe(asl.States.RunComparison.TimeoutSeconds * 1000);
    expect(Math.max(...comparisonMachine.steps.map((s) => asl.States[s.name].TimeoutSeconds))).toBe(asl.States.RunComparison.TimeoutSeconds);
  });

  it('logs every event without execution data and traces', () => {
    template.hasResourceProperties('AWS::StepFunctions::StateMachine', {
      LoggingConfiguration: Match.objectLike({ Level: 'ALL', IncludeExecutionData: false }),
      TracingConfiguration: { Enabled: true },
    });
  });

  it('tags each task Lambda with its handler module for the local runtime', () => {
    for (const task of pipelineTasks) {
      template.hasResource('AWS::Lambda::Function', { Metadata: Match.objectLike({ 'dvp:handler': task.handler }) });
    }
  });
});

describe('functions', () => {
  it('run Node 22 on arm64 with tracing, an explicit log group and the shared environment', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Runtime: 'nodejs22.x',
      Architectures: ['arm64'],
      TracingConfig: { Mode: 'Active' },
      LoggingConfig: Match.objectLike({ LogGroup: Match.anyValue() }),
      Environment: {
        Variables: Match.objectLike({
          STAGE: 'dev',
          TABLE_NAME: Match.anyValue(),
          UPLOADS_BUCKET: Match.anyValue(),
          USER_POOL_ID: Match.anyValue(),
          USER_POOL_CLIENT_ID: Match.anyValue(),
          SES_FROM_ADDRESS: 'no-reply@example.com',
        }),
      },
    });
  });

  it('API functions also know the state machines', () => {
    nestedTemplateWith('GetApiMe').hasResourceProperties('AWS::Lambda::Function', {
      Environment: { Variables: Match.objectLike({ STATE_MACHINE_ARN: Match.anyValue(), FILE_PARSE_STATE_MACHINE_ARN: Match.anyValue() }) },
    });
  });
});

describe('api', () => {
  it('has a Cognito JWT authorizer and access logs on the default stage', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Authorizer', {
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: { Audience: [Match.anyValue()], Issuer: Match.anyValue() },
    });
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
    });
  });

  it('makes one route and one Lambda per route-table entry, in a nested stack per area', () => {
    const made = dev.stack.api.areaStacks.flatMap((s) => Object.keys(s.functions)).sort();
    expect(made).toEqual(routes.map(routeId).sort());
    for (const route of routes) {
      nestedTemplateWith(routeId(route)).hasResourceProperties('AWS::ApiGatewayV2::Route', { RouteKey: `${route.method} ${route.path}` });
      nestedTemplateWith(routeId(route)).hasResource('AWS::Lambda::Function', { Metadata: { 'dvp:handler': route.handler } });
    }
  });

  it('leaves /api/health public and puts the JWT authorizer on signed-in routes', () => {
    nestedTemplateWith('GetApiHealth').hasResourceProperties('AWS::ApiGatewayV2::Route', {
      RouteKey: 'GET /api/health',
      AuthorizationType: 'NONE',
      AuthorizerId: Match.absent(),
    });
    nestedTemplateWith('GetApiMe').hasResourceProperties('AWS::ApiGatewayV2::Route', {
      RouteKey: 'GET /api/me',
      AuthorizationType: 'JWT',
      AuthorizerId: Match.anyValue(),
    });
  });
});

describe('web', () => {
  it('serves the SPA from the web bucket through OAC and /api/* from the API, uncached, all methods', () => {
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        DefaultCacheBehavior: Match.objectLike({ ViewerProtocolPolicy: 'redirect-to-https' }),
        CacheBehaviors: [
          Match.objectLike({
            PathPattern: '/api/*',
            AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
            CachePolicyId: '4135ea2d-6df8-44a3-9df3-4b5a84be39ad', // Managed-CachingDisabled
            OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // Managed-AllViewerExceptHostHeader
          }),
        ],
        CustomErrorResponses: [
          { ErrorCode: 403, ResponseCode: 200, ResponsePagePath: '/index.html', ErrorCachingMinTTL: 0 },
          { ErrorCode: 404, ResponseCode: 200, ResponsePagePath: '/index.html', ErrorCachingMinTTL: 0 },
        ],
        Origins: Match.arrayWith([Match.objectLike({ OriginAccessControlId: Match.anyValue() })]),
        Logging: Match.objectLike({ Prefix: 'cloudfront/' }),
      }),
    });
  });

  it('answers the SPA and the API with a strict CSP, HSTS with preload, nosniff, no framing and a strict referrer policy', () => {
    template.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: {
          ContentSecurityPolicy: { ContentSecurityPolicy: Match.stringLikeRegexp("^default-src 'self'; script-src 'self';.*frame-ancestors 'none'$"), Override: true },
          StrictTransportSecurity: { AccessControlMaxAgeSec: 63072000, IncludeSubdomains: true, Preload: true, Override: true },
          ContentTypeOptions: { Override: true },
          FrameOptions: { FrameOption: 'DENY', Override: true },
          ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
        },
      }),
    });
    const config = template.findResources('AWS::CloudFront::Distribution');
    const distribution = Object.values(config)[0] as { Properties: { DistributionConfig: { DefaultCacheBehavior: Record<string, unknown>; CacheBehaviors: Record<string, unknown>[] } } };
    const behaviors = [distribution.Properties.DistributionConfig.DefaultCacheBehavior, ...distribution.Properties.DistributionConfig.CacheBehaviors];
    expect(behaviors.every((b) => b.ResponseHeadersPolicyId !== undefined)).toBe(true);
  });

  it('ships the SPA and a config.json with the region and user pool', () => {
    template.hasResourceProperties('Custom::CDKBucketDeployment', {
      DestinationBucketName: Match.anyValue(),
      SourceMarkers: Match.arrayWith([Match.objectLike({})]),
      DistributionPaths: ['/*'],
    });
    expect(dev.stack.web.usedPlaceholder).toBe(true);
  });

  it('ships a web build without its build manifest', () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'dvp-web-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    mkdirSync(path.join(dist, '.vite'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>DVP</title>');
    writeFileSync(path.join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
    writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{}');
    const built = synth('dev', { shipWebBuild: true, webDistDir: dist });
    expect(built.stack.web.usedPlaceholder).toBe(false);
    const staged = readdirSync(built.outdir).filter((d) => d.startsWith('asset.') && existsSync(path.join(built.outdir, d, 'index.html')));
    expect(staged).toHaveLength(1);
    expect(existsSync(path.join(built.outdir, staged[0], 'assets', 'index-abc.js'))).toBe(true);
    expect(existsSync(path.join(built.outdir, staged[0], '.vite'))).toBe(false);
  }, 300_000);
});

describe('schedules', () => {
  it.each(scheduledJobs.map((j) => [j.name, j] as const))('runs the %s Lambda on its EventBridge schedule', (_, job) => {
    const fnId = Object.entries(template.findResources('AWS::Lambda::Function')).find(
      ([, r]) => r.Metadata?.['dvp:handler'] === job.handler,
    )![0];
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: job.schedule,
      State: 'ENABLED',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [fnId, 'Arn'] } })],
    });
  });
});
