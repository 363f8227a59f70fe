import { existsSync } from 'node:fs';
import path from 'node:path';
import { Duration, Stack } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import type * as iam from 'aws-cdk-lib/aws-iam';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as s3deploy from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { ORIGIN_VERIFY_HEADER } from '../../functions/lib/origin-verify';
import { REPO_ROOT } from './dvp-function';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference.js';
import { acknowledge, acknowledgeHipaaLambda, INLINE_POLICY_REASON } from './nag';
import { awsSources, contentSecurityPolicy } from './security-headers';

export interface WebProps {
  webBucket: s3.IBucket;
  logsBucket: s3.IBucket;
  /** The CLOUDFRONT-scope WAF web ACL in front of the SPA and /api/*. */
  webAclArn: string;
  /** Host name of the HTTP API (`<id>.execute-api.<region>.amazonaws.com`). */
  apiDomainName: string;
  /** Sent to the API as ORIGIN_VERIFY_HEADER, so it can refuse requests that did not come through CloudFront. */
  originVerifySecret?: string;
  /** Written to /config.json so the SPA finds its user pool without a rebuild per stage. */
  config: Record<string, string>;
  /** The built SPA; defaults to web/dist. */
  webDistDir?: string;
  /** The stage's own domain and its us-east-1 ACM certificate; without it the *.cloudfront.net name serves. */
  customDomain?: { domainName: string; certificateArn: string };
  /** Ship the placeholder page even if a build exists (in-process synths that never deploy). */
  placeholderOnly?: boolean;
}

export const PLACEHOLDER_INDEX_HTML =
  '<!doctype html><html><head><title>Data Validation Platform</title></head><body><p>The web app was not built when this stack was synthesized. Run <code>npm run build:web</code> and deploy again.</p></body></html>';

/**
 * CloudFront in front of everything: the SPA from the private web bucket (through OAC) and
 * /api/* to the HTTP API, so the browser sees one origin and needs no CORS for the API.
 */
export class Web extends Construct {
  readonly distribution: cloudfront.Distribution;
  readonly deployment: s3deploy.BucketDeployment;
  readonly usedPlaceholder: boolean;
  /** The custom domain the distribution answers on, if any. */
  readonly customDomain?: string;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    const securityHeaders = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'Strict CSP, HSTS with preload, nosniff, no framing, strict referrer',
      securityHeadersBehavior: {
        contentSecurityPolicy: { contentSecurityPolicy: contentSecurityPolicy(awsSources(Stack.of(this).region)), override: true },
        strictTransportSecurity: { accessControlMaxAge: Duration.days(730), includeSubdomains: true, preload: true, override: true },
        contentTypeOptions: { override: true },
        frameOptions: { frameOption: cloudfront.HeadersFrameOption.DENY, override: true },
        referrerPolicy: { referrerPolicy: cloudfront.HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN, override: true },
      },
    });
    this.customDomain = props.customDomain?.domainName;
    const domain = props.customDomain
      ? {
          domainNames: [props.customDomain.domainName],
          certificate: acm.Certificate.fromCertificateArn(this, 'Certificate', props.customDomain.certificateArn),
          minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
        }
      : {};
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      ...domain,
      comment: `Data Validation Platform (${Stack.of(this).stackName})`,
      defaultRootObject: 'index.html',
      defaultBehavior: {
        origin: origins.S3BucketOrigin.withOriginAccessControl(props.webBucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: securityHeaders,
        compress: true,
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new origins.HttpOrigin(props.apiDomainName, {
            customHeaders: props.originVerifySecret ? { [ORIGIN_VERIFY_HEADER]: props.originVerifySecret } : undefined,
            protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
          }),
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          // Host must not be forwarded: API Gateway routes on its own execute-api host name.
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: securityHeaders,
        },
      },
      // Client-side routes (/organizations/…) are not objects; the SPA answers them from index.html.
      // OAC answers 403 for a missing object, so both codes fall back.
      errorResponses: [403, 404].map((httpStatus) => ({
        httpStatus,
        responseHttpStatus: 200,
        responsePagePath: '/index.html',
        ttl: Duration.seconds(0),
      })),
      enableLogging: true,
      logBucket: props.logsBucket,
      logFilePrefix: 'cloudfront/',
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      webAclId: props.webAclArn,
    });
    acknowledge(
      this.distribution,
      'AwsSolutions-CFR1',
      'The platform serves US employers and carriers but has no legal requirement to block other countries; sign-in is required for all data.',
    );
    if (!props.customDomain) {
      acknowledge(
        this.distribution,
        'AwsSolutions-CFR4',
        'The distribution uses the default *.cloudfront.net certificate, whose viewer TLS policy CloudFront fixes at TLSv1; a stage with its own domain and certificate serves TLSv1.2_2021.',
      );
    }

    const distDir = props.webDistDir ?? path.join(REPO_ROOT, 'web', 'dist');
    this.usedPlaceholder = props.placeholderOnly === true || !existsSync(path.join(distDir, 'index.html'));
    // A fresh clone has no web build; a placeholder page keeps `cdk synth` working and says what to do.
    const spa = this.usedPlaceholder
      ? s3deploy.Source.data('index.html', PLACEHOLDER_INDEX_HTML)
      : // The build manifest only serves `npm run size`; it has no business on the public site.
        s3deploy.Source.asset(distDir, { exclude: ['.vite'] });
    this.deployment = new s3deploy.BucketDeployment(this, 'Deploy', {
      destinationBucket: props.webBucket,
      sources: [spa, s3deploy.Source.jsonData('config.json', props.config)],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    this.acknowledgeDeploymentProvider();
  }

  /**
   * BucketDeployment runs aws-cdk-lib's own provider Lambda at deploy time; its role, managed policy
   * and runtime are fixed by the library. Its wildcards are acknowledged one by one, and only if
   * they are the S3/CloudFront ones we expect: a new kind of wildcard fails synth instead.
   */
  private acknowledgeDeploymentProvider(): void {
    const stack = Stack.of(this);
    const provider = stack.node.children.find((c) => c.node.id.startsWith('Custom::CDKBucketDeployment'));
    if (!provider) throw new Error('BucketDeployment provider not found; aws-cdk-lib changed its layout');
    const reason = 'Deploy-time provider of aws-cdk-lib BucketDeployment (copies the SPA and config.json, invalidates CloudFront); its permissions are generated by the library.';
    acknowledge(provider, 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]', reason);
    acknowledge(provider, 'AwsSolutions-L1', `${reason} The library picks the provider runtime.`);
    acknowledge(provider, 'HIPAA.Security-IAMNoInlinePolicy', `${reason} ${INLINE_POLICY_REASON}`);
    acknowledgeHipaaLambda(provider, 'Runs only during deploys, invoked synchronously by CloudFormation.');
    const policy = this.deployment.handlerRole.node.tryFindChild('DefaultPolicy') as iam.Policy | undefined;
    const document = policy ? stack.resolve(policy.document) : { Statement: [] };
    for (const statement of document.Statement as Array<{ Action: string | string[]; Resource: unknown }>) {
      const actions = ([] as string[]).concat(statement.Action).filter((a) => a.includes('*'));
      const resources = ([] as unknown[]).concat(statement.Resource).map((r) => flattenCfnReference(r)).filter((r) => r.includes('*'));
      for (const action of actions) {
        const kms = /^kms:(GenerateDataKey|ReEncrypt)\*$/.test(action);
        if (!kms && !/^s3:[A-Za-z]+\*$/.test(action)) throw new Error(`Unexpected wildcard action ${action} on the BucketDeployment provider`);
        acknowledge(
          provider,
          `AwsSolutions-IAM5[Action::${action}]`,
          kms ? `${reason} ${action} is granted on the web bucket's own key only, to write the encrypted SPA objects.` : reason,
        );
      }
      for (const resource of resources) {
        if (resource !== '*' && !/^(arn:(aws|<AWS::Partition>):s3:::|<)[^*]*\/\*$/.test(resource)) {
          throw new Error(`Unexpected wildcard resource ${resource} on the BucketDeployment provider`);
        }
        acknowledge(
          provider,
          `AwsSolutions-IAM5[Resource::${resource}]`,
          resource === '*'
            ? `${reason} "*" is only used for cloudfront:CreateInvalidation/GetInvalidation, which take no resource ARN.`
            : `${reason} Objects under this bucket are the deployment's sources or its destination.`,
        );
      }
    }
  }
}
