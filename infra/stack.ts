import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Annotations, CfnOutput, Lazy, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as logs from 'aws-cdk-lib/aws-logs';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import * as wafv2 from 'aws-cdk-lib/aws-wafv2';
import type { Construct } from 'constructs';
import { machineTasks, scheduledJobs as defaultScheduledJobs, stateMachines as defaultStateMachines, type StateMachineDef } from '../functions/pipeline';
import { routeArea, routes as defaultRoutes, type RouteDef } from '../functions/routes';
import { dataAccessOf } from './route-data-access';
import { Api } from './constructs/api';
import { Auth } from './constructs/auth';
import { Data } from './constructs/data';
import { DvpFunction, REPO_ROOT, type EntryResolver } from './constructs/dvp-function';
import { Email, parseEmailSettings, SES_EVENTS_HANDLER } from './constructs/email';
import { LogKey } from './constructs/log-key';
import { WebAcl } from './constructs/waf';
import { CLOUDFRONT_WAF_REGION, edgeAcl, EdgeStack } from './edge-stack';
import { HandlerBundles } from './constructs/handler-bundles';
import { LambdaRole } from './constructs/lambda-role';
import { Pipeline } from './constructs/pipeline';
import { Schedules, type ScheduledJobDef } from './constructs/schedules';
import { Storage } from './constructs/storage';
import { Web } from './constructs/web';
import { ORIGIN_VERIFY_VARIABLE } from '../functions/lib/origin-verify';
import { acknowledge } from './constructs/nag';

export const STAGES = ['dev', 'prod'] as const;
export type StageName = (typeof STAGES)[number];

export function parseStage(value: unknown): StageName {
  const stage = value ?? 'dev';
  if (!STAGES.includes(stage as StageName)) {
    throw new Error(`Unknown stage "${String(stage)}". Use -c stage=dev or -c stage=prod.`);
  }
  return stage as StageName;
}

export const stackName = (stage: StageName) => `Dvp-${stage}`;

/**
 * The context (feature flags) from cdk.json. Only the CLI reads cdk.json, so in-process synths
 * (tests, the local runtime) pass it themselves to get the very template the CLI would.
 */
export function cdkJsonContext(): Record<string, unknown> {
  const file = path.join(REPO_ROOT, 'cdk.json');
  return (JSON.parse(readFileSync(file, 'utf8')) as { context?: Record<string, unknown> }).context ?? {};
}

/** How long export workbooks stay in the uploads bucket unless `-c exportRetentionDays=…` says otherwise. */
export const DEFAULT_EXPORT_RETENTION_DAYS = 90;

/** `-c exportRetentionDays=N` (a string from the CLI, a number from cdk.json or tests): a whole number of days ≥ 1. */
export function parseExportRetentionDays(value: unknown): number {
  if (value === undefined || value === null || value === '') return DEFAULT_EXPORT_RETENTION_DAYS;
  const days = Number(value);
  if (!Number.isInteger(days) || days < 1) {
    throw new Error(`exportRetentionDays must be a whole number of days, at least 1 (got "${String(value)}").`);
  }
  return days;
}

/**
 * `-c certificateArn=…`: the ACM certificate CloudFront serves the custom domain of `publicUrl`
 * with. CloudFront takes certificates from us-east-1 only, and a custom domain without one (or a
 * certificate without a domain) would deploy a stage whose links or address do not open, so the two
 * come together or not at all.
 */
export function parseCustomDomain(publicUrl: string | undefined, certificateArn: unknown): { domainName: string; certificateArn: string } | undefined {
  const arn = certificateArn === undefined || certificateArn === null || certificateArn === '' ? undefined : String(certificateArn);
  if (!publicUrl && !arn) return undefined;
  if (!publicUrl) throw new Error('certificateArn is for a custom domain: give the domain too, e.g. -c publicUrl=https://benefits.example.com.');
  if (!arn) {
    throw new Error(
      `publicUrl ${publicUrl} is a custom domain: give the ACM certificate CloudFront serves it with, requested in us-east-1, e.g. -c certificateArn=arn:aws:acm:us-east-1:123456789012:certificate/… (docs/deploy.md, "Custom domain and certificate").`,
    );
  }
  if (!/^arn:aws[a-z-]*:acm:us-east-1:\d{12}:certificate\/[A-Za-z0-9-]+$/.test(arn)) {
    throw new Error(`certificateArn must be an ACM certificate in us-east-1, where CloudFront takes them from (got "${arn}").`);
  }
  const url = new URL(publicUrl);
  if (url.pathname !== '/') throw new Error(`publicUrl must be the custom domain alone, without a path, to be served by CloudFront (got "${publicUrl}").`);
  return { domainName: url.hostname, certificateArn: arn };
}

/**
 * `-c publicUrl=https://…`: the custom domain the stage is reached at, for links in e-mails. An
 * absolute https address without query or fragment; undefined means the CloudFront domain.
 */
export function parsePublicUrl(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  let url: URL | undefined;
  try {
    url = new URL(String(value));
  } catch {
    url = undefined;
  }
  if (!url || url.protocol !== 'https:' || url.search || url.hash || /^(localhost|127\.|\[::1\])/.test(url.hostname)) {
    throw new Error(`publicUrl must be the stage's public https address, e.g. https://benefits.example.com (got "${String(value)}").`);
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '');
}

/** Where Contact Us goes unless `-c contactUrl=…` says otherwise. */
export const DEFAULT_CONTACT_URL = 'https://www.example.com/contact';

export interface DvpStackProps extends StackProps {
  stage: StageName;
  /** Sender of every e-mail (Cognito codes, notifications); an address or a whole domain. */
  fromAddress: string;
  /** The domain SES verifies with Easy DKIM (`-c emailDomain=…`); fromAddress must be on it. */
  emailDomain?: string;
  /** Optional custom MAIL FROM subdomain of emailDomain (`-c mailFromDomain=…`). */
  mailFromDomain?: string;
  /** The external page the sign-in screen's Contact Us button opens. */
  contactUrl?: string;
  /**
   * The site's address for links in e-mails (invitations, notifications) when it is a custom
   * domain; without it the links use the CloudFront distribution's domain (docs/email.md).
   */
  publicUrl?: string;
  /** The us-east-1 ACM certificate of `publicUrl`'s domain; with it CloudFront serves that domain (parseCustomDomain). */
  certificateArn?: string;
  /** Days export workbooks are kept before S3 deletes them (DEFAULT_EXPORT_RETENTION_DAYS). */
  exportRetentionDays?: number;
  /** Defaults to the real tables in functions/; tests pass synthetic ones. */
  routes?: RouteDef[];
  stateMachines?: StateMachineDef[];
  scheduledJobs?: readonly ScheduledJobDef[];
  resolveEntry?: EntryResolver;
  webDistDir?: string;
  /** false: ship the placeholder page instead of hashing web/dist (in-process synths). */
  shipWebBuild?: boolean;
}

/**
 * The whole platform for one stage. Everything one stage owns is in here, so `cdk deploy
 * -c stage=…` is the only deploy step (the SPA included).
 */
export class DvpStack extends Stack {
  readonly data: Data;
  readonly storage: Storage;
  readonly email: Email;
  readonly auth: Auth;
  /** One per state machine of functions/pipeline.ts, by its name (Comparison, FileParse). */
  readonly pipelines: Record<string, Pipeline> = {};
  readonly schedules: Schedules;
  readonly api: Api;
  readonly web: Web;
  readonly logKey: LogKey;
  /** The CloudFront web ACL: in this stack in us-east-1, otherwise in `edgeStack`. */
  readonly edgeAcl: WebAcl;
  readonly edgeStack?: EdgeStack;
  /** The regional web ACL, on the Cognito user pool (HTTP APIs cannot take a WAF association). */
  readonly regionalAcl: WebAcl;

  constructor(scope: Construct, id: string, props: DvpStackProps) {
    // TableV2 with a customer-managed key needs a concrete region; the account may stay unresolved,
    // so synth needs no credentials and no lookups.
    const region = props.env?.region ?? process.env.CDK_DEFAULT_REGION ?? CLOUDFRONT_WAF_REGION;
    super(scope, id, {
      ...props,
      env: { account: props.env?.account, region },
      // Outside us-east-1 the CloudFront web ACL lives in a stack there and its ARN comes across regions.
      crossRegionReferences: region !== CLOUDFRONT_WAF_REGION || props.crossRegionReferences,
    });
    const prod = props.stage === 'prod';
    const removalPolicy = prod ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    const logRetention = prod ? logs.RetentionDays.ONE_YEAR : logs.RetentionDays.ONE_MONTH;
    this.logKey = new LogKey(this, 'LogKey', { stage: props.stage, removalPolicy });
    const logKey = this.logKey.key;
    const routes = props.routes ?? defaultRoutes;
    const machines = props.stateMachines ?? defaultStateMachines;
    const tasks = machines.flatMap(machineTasks);
    const jobs = props.scheduledJobs ?? defaultScheduledJobs;
    const bundles = new HandlerBundles(
      [...new Set([...routes, ...tasks, ...jobs].map((f) => f.handler)), SES_EVENTS_HANDLER],
      props.resolveEntry,
    );
    const fnDefaults = { stage: props.stage, logRetention, logKey, removalPolicy, bundles };

    this.data = new Data(this, 'Data', { removalPolicy });
    this.storage = new Storage(this, 'Storage', {
      removalPolicy,
      dataKey: this.data.key,
      logKey,
      exportRetentionDays: parseExportRetentionDays(props.exportRetentionDays),
    });
    this.email = new Email(this, 'Email', {
      ...parseEmailSettings({ fromAddress: props.fromAddress, emailDomain: props.emailDomain, mailFromDomain: props.mailFromDomain }),
      removalPolicy,
    });
    this.auth = new Auth(this, 'Auth', { removalPolicy, email: this.email, threatProtection: prod });
    // Known once the distribution exists (below); resolved at synth (docs/email.md).
    const customPublicUrl = parsePublicUrl(props.publicUrl);
    const publicUrl = Lazy.string({ produce: () => customPublicUrl ?? `https://${this.web.distribution.distributionDomainName}` });

    const environment = {
      STAGE: props.stage,
      TABLE_NAME: this.data.table.tableName,
      UPLOADS_BUCKET: this.storage.uploadsBucket.bucketName,
      USER_POOL_ID: this.auth.userPool.userPoolId,
      USER_POOL_CLIENT_ID: this.auth.client.userPoolClientId,
      SES_FROM_ADDRESS: this.email.fromAddress,
      SES_CONFIGURATION_SET: this.email.configurationSet.configurationSetName,
      // Administrators must have two-step verification in every deployed stage (shared/admin-mfa.ts).
      REQUIRE_ADMIN_MFA: '1',
      PUBLIC_URL: publicUrl,
      // Powertools (functions/lib/observability/): one service, metrics per stage, and traces
      // without responses or error messages, which may carry enrollment data.
      POWERTOOLS_SERVICE_NAME: 'dvp',
      POWERTOOLS_METRICS_NAMESPACE: `DataValidationPlatform/${props.stage}`,
      POWERTOOLS_TRACER_CAPTURE_RESPONSE: 'false',
      POWERTOOLS_TRACER_CAPTURE_ERROR: 'false',
    };
    const grantData = (role: LambdaRole) => {
      role.grantTableReadWrite(this.data.table, this.data.key, this.data.indexNames);
      role.grantBucketReadWrite(this.storage.uploadsBucket, this.data.key);
      role.grantSendEmail(this.email.identity, this.email.configurationSet);
    };

    // Bounces and complaints reach the suppression list, which every send reads first (docs/email.md).
    const sesEventsRole = new LambdaRole(this, 'SesEventsRole', {
      stage: props.stage,
      description: `Records SES bounces and complaints in the suppression list (${props.stage})`,
    });
    sesEventsRole.grantTableReadWrite(this.data.table, this.data.key, this.data.indexNames);
    this.email.sendFeedbackTo(
      new DvpFunction(this, 'SesEvents', { ...fnDefaults, handler: SES_EVENTS_HANDLER, role: sesEventsRole.role, environment, timeoutSeconds: 30, memoryMb: 256 }),
    );

    // Pipeline steps and scheduled jobs need the same data access, so they share one role.
    const workerRole = new LambdaRole(this, 'WorkerRole', {
      stage: props.stage,
      description: `Shared by the comparison pipeline and scheduled jobs (${props.stage})`,
    });
    grantData(workerRole);
    for (const machine of machines) {
      // The comparison's construct keeps its first id, 'Pipeline', so its resources keep their names.
      const id = machine.name === 'Comparison' ? 'Pipeline' : `${machine.name}Pipeline`;
      this.pipelines[machine.name] = new Pipeline(this, id, { ...fnDefaults, machine, role: workerRole, environment });
    }
    this.schedules = new Schedules(this, 'Schedules', {
      ...fnDefaults,
      jobs,
      role: workerRole,
      environment,
    });

    const machineArns = Object.fromEntries(machines.map((m) => [m.arnVariable, this.pipelines[m.name].stateMachine.stateMachineArn]));
    // CloudFront proves with this value that a request came through it and its web ACL
    // (functions/lib/origin-verify.ts); CloudFormation resolves it at deploy time, so it is in no template.
    const originSecret = new secretsmanager.Secret(this, 'OriginVerifySecret', {
      description: `Header value CloudFront adds to API requests (${props.stage})`,
      encryptionKey: this.data.key,
      generateSecretString: { excludePunctuation: true, passwordLength: 48 },
      removalPolicy,
    });
    for (const rule of ['AwsSolutions-SMG4', 'HIPAA.Security-SecretsManagerRotationEnabled']) {
      acknowledge(
        originSecret,
        rule,
        'It only proves a request passed CloudFront and the WAF; every data route still needs a Cognito JWT. Rotating it means a new secret version and a deploy, which updates CloudFront and the API together.',
      );
    }
    const originVerifySecret = originSecret.secretValue.unsafeUnwrap();
    this.api = new Api(this, 'Api', {
      ...fnDefaults,
      routes,
      userPool: this.auth.userPool,
      userPoolClient: this.auth.client,
      environment: { ...environment, ...machineArns, [ORIGIN_VERIFY_VARIABLE]: originVerifySecret, IDEMPOTENCY_TABLE_NAME: this.data.idempotencyTable.tableName },
      grantArea: (role, area) => {
        // What the area's routes declare (public, GET, or writing) bounds what its shared role gets.
        const access = dataAccessOf(routes.filter((route) => routeArea(route) === area));
        if (access === 'none') return;
        if (access === 'read') {
          role.grantTableRead(this.data.table, this.data.key, this.data.indexNames);
          role.grantBucketRead(this.storage.uploadsBucket, this.data.key);
          role.grantUserRead(this.auth.userPool);
          return;
        }
        grantData(role);
        role.grantTableReadWrite(this.data.idempotencyTable, this.data.key, []);
        for (const pipeline of Object.values(this.pipelines)) role.grantStartExecution(pipeline.stateMachine);
        // User administration writes the role and tenant attributes the app client cannot.
        if (USER_ADMIN_AREAS.includes(area)) role.grantUserAdministration(this.auth.userPool);
        // Every route reads whether an administrator has MFA (REQUIRE_ADMIN_MFA).
        else role.grantUserRead(this.auth.userPool);
      },
    });

    if (region === CLOUDFRONT_WAF_REGION) {
      this.edgeAcl = edgeAcl(this, { stage: props.stage, logKey: this.logKey, logRetention, removalPolicy });
    } else {
      this.edgeStack = new EdgeStack(scope, `${id}-edge`, {
        stage: props.stage,
        logRetention,
        removalPolicy,
        env: { account: props.env?.account, region: CLOUDFRONT_WAF_REGION },
        description: `Data Validation Platform CloudFront web ACL (${props.stage})`,
      });
      this.edgeAcl = this.edgeStack.webAcl;
      Annotations.of(this).acknowledgeWarning(
        '@aws-cdk/core:crossStackReferencesDefaultStrong',
        'A strong reference is what we want: CloudFormation refuses to delete or replace the web ACL while the distribution uses it.',
      );
    }
    // Sign-in goes from the browser straight to Cognito, not through CloudFront: its own regional ACL.
    this.regionalAcl = new WebAcl(this, 'RegionalAcl', {
      stage: props.stage,
      scope: 'REGIONAL',
      name: 'regional',
      requestsPerIpPer5Min: REGIONAL_REQUESTS_PER_IP_PER_5_MIN,
      logKey,
      logRetention,
      removalPolicy,
    });
    new wafv2.CfnWebACLAssociation(this, 'UserPoolAcl', { resourceArn: this.auth.userPool.userPoolArn, webAclArn: this.regionalAcl.arn });

    this.web = new Web(this, 'Web', {
      webAclArn: this.edgeAcl.arn,
      webBucket: this.storage.webBucket,
      logsBucket: this.storage.logsBucket,
      apiDomainName: this.api.domainName,
      originVerifySecret,
      webDistDir: props.webDistDir,
      placeholderOnly: props.shipWebBuild === false,
      customDomain: parseCustomDomain(props.publicUrl && props.certificateArn ? parsePublicUrl(props.publicUrl) : undefined, props.certificateArn),
      config: {
        region: this.region,
        userPoolId: this.auth.userPool.userPoolId,
        userPoolClientId: this.auth.client.userPoolClientId,
        authFlowType: 'USER_SRP_AUTH',
        contactUrl: props.contactUrl ?? DEFAULT_CONTACT_URL,
      },
    });
    this.storage.allowBrowserUploadsFrom([
      `https://${this.web.distribution.distributionDomainName}`,
      ...(this.web.customDomain ? [`https://${this.web.customDomain}`] : []),
    ]);

    new CfnOutput(this, 'Url', { value: `https://${this.web.distribution.distributionDomainName}` });
    new CfnOutput(this, 'ApiEndpoint', { value: this.api.httpApi.apiEndpoint });
    new CfnOutput(this, 'UserPoolId', { value: this.auth.userPool.userPoolId });
    new CfnOutput(this, 'UserPoolClientId', { value: this.auth.client.userPoolClientId });
    new CfnOutput(this, 'TableName', { value: this.data.table.tableName });
    new CfnOutput(this, 'UploadsBucketName', { value: this.storage.uploadsBucket.bucketName });
    // What `npm run bootstrap -- --stage` reads to create the stage's first administrator (scripts/bootstrap/).
    new CfnOutput(this, 'PublicUrl', { value: props.publicUrl ?? `https://${this.web.distribution.distributionDomainName}` });
    new CfnOutput(this, 'SesFromAddress', { value: this.email.fromAddress });
    for (const [name, pipeline] of Object.entries(this.pipelines)) {
      new CfnOutput(this, name === 'Comparison' ? 'StateMachineArn' : `${name}StateMachineArn`, { value: pipeline.stateMachine.stateMachineArn });
    }
  }
}

/** Cognito calls one IP may make in 5 minutes: a sign-in is 2-4 calls, so this is ~100 sign-ins behind one office NAT. */
export const REGIONAL_REQUESTS_PER_IP_PER_5_MIN = 500;

/** API areas whose handlers manage Cognito users (invite, disable, set role and tenant). */
// Users are managed under /api/admin, and under the organization, company and agency they belong to.
export const USER_ADMIN_AREAS = ['admin', 'organizations', 'companies', 'agencies'];
