import { NestedStack, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as apigwv2 from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as kms from 'aws-cdk-lib/aws-kms';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { routeArea, routeId, type RouteDef } from '../../functions/routes';
import { DvpFunction } from './dvp-function';
import type { HandlerBundles } from './handler-bundles';
import { LambdaRole } from './lambda-role';
import { acknowledge } from './nag';

/**
 * Each route brings five resources (function, log group, permission, route, integration). 80 routes
 * keep a nested stack near 400, safely under the 450 we allow ourselves of CloudFormation's 500.
 */
export const MAX_ROUTES_PER_NESTED_STACK = 80;

export interface ApiProps {
  stage: string;
  routes: RouteDef[];
  userPool: cognito.IUserPool;
  userPoolClient: cognito.IUserPoolClient;
  environment: Record<string, string>;
  /** Gives an area's shared role what every handler of that area may touch. */
  grantArea: (role: LambdaRole, area: string) => void;
  logRetention: logs.RetentionDays;
  logKey: kms.IKey;
  removalPolicy: RemovalPolicy;
  bundles: HandlerBundles;
}

const pascal = (s: string) =>
  s
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join('');

/** Routes grouped by area, large areas cut into chunks that each fit one nested stack. */
export function planApiStacks(routes: RouteDef[], max = MAX_ROUTES_PER_NESTED_STACK) {
  const byArea = new Map<string, RouteDef[]>();
  for (const route of routes) {
    const area = routeArea(route);
    byArea.set(area, [...(byArea.get(area) ?? []), route]);
  }
  const plan: Array<{ id: string; area: string; routes: RouteDef[] }> = [];
  for (const [area, areaRoutes] of byArea) {
    for (let i = 0; i < areaRoutes.length; i += max) {
      const chunk = i / max;
      plan.push({ id: `Api${pascal(area)}${chunk ? chunk + 1 : ''}`, area, routes: areaRoutes.slice(i, i + max) });
    }
  }
  return plan;
}

/**
 * The HTTP API: one Lambda and one route per route-table entry. The API, its stage, access logs,
 * the JWT authorizer and the shared roles live in the parent stack; the per-route resources live
 * in nested stacks per area so the platform can grow past CloudFormation's 500-resource limit.
 */
export class Api extends Construct {
  readonly httpApi: apigwv2.HttpApi;
  readonly authorizer: apigwv2.HttpAuthorizer;
  readonly areaStacks: ApiAreaStack[] = [];
  readonly roles: Record<string, LambdaRole> = {};

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.httpApi = new apigwv2.HttpApi(this, 'HttpApi', {
      apiName: `dvp-${props.stage}`,
      description: 'Data Validation Platform API (served under /api/* through CloudFront)',
      createDefaultStage: false,
    });
    const accessLogs = new logs.LogGroup(this, 'AccessLogs', {
      logGroupName: `/dvp/${props.stage}/api/access`,
      retention: props.logRetention,
      encryptionKey: props.logKey,
      removalPolicy: props.removalPolicy,
    });
    new apigwv2.HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: 200, burstLimit: 400 },
      accessLogSettings: {
        destination: new apigwv2.LogGroupLogDestination(accessLogs),
        // No query strings or bodies: paths and ids are enough to trace a request.
        format: apigw.AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            time: '$context.requestTime',
            method: '$context.httpMethod',
            routeKey: '$context.routeKey',
            path: '$context.path',
            status: '$context.status',
            latency: '$context.responseLatency',
            integrationError: '$context.integrationErrorMessage',
            sub: '$context.authorizer.claims.sub',
            ip: '$context.identity.sourceIp',
          }),
        ),
      },
    });

    this.authorizer = new apigwv2.HttpAuthorizer(this, 'JwtAuthorizer', {
      httpApi: this.httpApi,
      authorizerName: 'cognito',
      type: apigwv2.HttpAuthorizerType.JWT,
      identitySource: ['$request.header.Authorization'],
      jwtIssuer: `https://cognito-idp.${stack.region}.${stack.urlSuffix}/${props.userPool.userPoolId}`,
      jwtAudience: [props.userPoolClient.userPoolClientId],
    });
    // Routes in nested stacks refer to the parent's authorizer by id instead of each creating one.
    const authorizerId = this.authorizer.authorizerId;
    const jwt: apigwv2.IHttpRouteAuthorizer = { bind: () => ({ authorizationType: 'JWT', authorizerId }) };

    for (const planned of planApiStacks(props.routes)) {
      let role = this.roles[planned.area];
      if (!role) {
        role = new LambdaRole(this, `Role${pascal(planned.area)}`, {
          stage: props.stage,
          description: `Shared by the /api/${planned.area} route handlers (${props.stage})`,
        });
        props.grantArea(role, planned.area);
        this.roles[planned.area] = role;
      }
      this.areaStacks.push(
        new ApiAreaStack(this, planned.id, {
          ...props,
          routes: planned.routes,
          httpApi: this.httpApi,
          jwtAuthorizer: jwt,
          role,
        }),
      );
    }
  }

  /** The API's host name, for CloudFront's /api/* origin. */
  get domainName(): string {
    const stack = Stack.of(this);
    return `${this.httpApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
  }
}

export interface ApiAreaStackProps {
  stage: string;
  routes: RouteDef[];
  httpApi: apigwv2.IHttpApi;
  jwtAuthorizer: apigwv2.IHttpRouteAuthorizer;
  role: LambdaRole;
  environment: Record<string, string>;
  logRetention: logs.RetentionDays;
  logKey: kms.IKey;
  removalPolicy: RemovalPolicy;
  bundles: HandlerBundles;
}

export class ApiAreaStack extends NestedStack {
  readonly functions: Record<string, DvpFunction> = {};

  constructor(scope: Construct, id: string, props: ApiAreaStackProps) {
    super(scope, id, { description: `Data Validation Platform API routes: ${id}` });
    for (const route of props.routes) {
      const id = routeId(route);
      const fn = new DvpFunction(this, id, {
        handler: route.handler,
        stage: props.stage,
        role: props.role.role,
        environment: props.environment,
        timeoutSeconds: route.timeoutSeconds,
        memoryMb: route.memoryMb,
        logRetention: props.logRetention,
        logKey: props.logKey,
        removalPolicy: props.removalPolicy,
        bundles: props.bundles,
      });
      this.functions[id] = fn;
      const httpRoute = new apigwv2.HttpRoute(this, `${id}Route`, {
        httpApi: props.httpApi,
        routeKey: apigwv2.HttpRouteKey.with(route.path, apigwv2.HttpMethod[route.method]),
        integration: new HttpLambdaIntegration(`${id}Integration`, fn),
        authorizer: route.access === 'public' ? undefined : props.jwtAuthorizer,
      });
      if (route.access === 'public') {
        acknowledge(
          httpRoute,
          'AwsSolutions-APIG4',
          `${route.method} ${route.path} is public by design in functions/routes.ts (callable before sign-in); it reads no tenant data.`,
        );
      }
    }
  }
}
