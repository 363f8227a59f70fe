import './polyfills';
import fs from 'node:fs';
import path from 'node:path';
import { stateMachines } from '../../functions/pipeline';
import { DEFAULT_CONTACT_URL } from '../stack';
import { synthesizeForLocal } from '../synth-local';
import { createPool, startCognito, type LocalPool } from './cognito';
import { ensureTable, startDynamoDb } from './dynamodb';
import { failInterruptedWork } from './interrupted-work';
import { startLifecycle } from './lifecycle';
import { portOf, requestedPort } from './ports';
import { stopChildren } from './processes';
import { startS3 } from './s3';
import { seedDemoExamples } from './demo-examples';
import { seedDemo } from './seed';
import { startSchedules } from './schedules';
import { openOrigin, startServer } from './server';
import { startSes } from './ses';
import { startStepFunctions } from './stepfunctions';
import { ensureWebBuild, webDist } from './web-build';

/**
 * The whole platform on one machine: DynamoDB Local, s3rver, cognito-local, aws-ses-v2-local and
 * aws-local-stepfunctions behind one HTTP origin, configured from the synthesized CDK stack.
 */
export interface LocalStackOptions {
  port: number;
  dataDir: string;
  /** Extra runtime configuration for the SPA (tests shorten the inactivity clock). */
  webConfig?: Record<string, unknown>;
  log?: (line: string) => void;
}

export interface LocalStack {
  url: string;
  endpoints: Record<string, string>;
  pool: LocalPool;
  stop: () => Promise<void>;
}

interface LocalState extends LocalPool {
  seeded: boolean;
  /** The API-made examples are all there (an older data directory, seeded before some existed, has them added). */
  demoExamplesSeeded?: boolean;
}

const TABLE_NAME = 'dvp-local';
const IDEMPOTENCY_TABLE_NAME = 'dvp-local-idempotency';
const UPLOADS_BUCKET = 'dvp-uploads-local';
const localMachineArn = (name: string) => `arn:aws:states:us-east-1:000000000000:stateMachine:dvp-local-${name}`;

function readState(file: string): LocalState | undefined {
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as LocalState) : undefined;
}

export async function startLocalStack(options: LocalStackOptions): Promise<LocalStack> {
  const say = options.log ?? (() => {});
  const requested = {
    dynamodb: requestedPort(process.env.DYNAMODB_PORT, 8000),
    s3: requestedPort(process.env.S3_PORT, 4569),
    cognito: requestedPort(process.env.COGNITO_PORT, 9229),
    ses: requestedPort(process.env.SES_PORT, 8005),
    sfn: requestedPort(process.env.SFN_PORT, 8083),
  };
  const origin = await openOrigin(options.port);
  const url = `http://localhost:${portOf(origin)}`;
  const closeOrigin = () => new Promise<void>((resolve) => origin.close(() => resolve()));
  const dataDir = path.resolve(options.dataDir);
  fs.mkdirSync(dataDir, { recursive: true });
  ensureWebBuild(say);

  const stops: Array<() => Promise<void>> = [];
  try {
    const synth = synthesizeForLocal();
    const stopLater = <T extends { stop: () => Promise<void> }>(started: Promise<T>) =>
      started.then((service) => {
        stops.push(service.stop);
        return service;
      });
    const starting = [
      startDynamoDb(dataDir, requested.dynamodb),
      stopLater(startS3(dataDir, requested.s3, [UPLOADS_BUCKET])),
      startCognito(dataDir, requested.cognito),
      stopLater(startSes(requested.ses)),
    ] as const;
    // Every stand-in is waited for, so one that fails does not leave another one starting unstopped.
    await Promise.allSettled(starting);
    const [{ endpoint: dynamoEndpoint }, s3, { endpoint: cognitoEndpoint }, ses] = await Promise.all(starting);
    // Stopped before s3rver (stops run in reverse), so no sweep is cut off mid-request.
    stops.push(startLifecycle({ endpoint: s3.endpoint, bucket: UPLOADS_BUCKET, rules: synth.uploadsBucket.expirations, log: say }).stop);

    // Each machine's ARN reaches the handlers under the variable the CDK stack uses (functions/pipeline.ts).
    const machines = stateMachines.map((m) => {
      const synthesized = synth.stateMachines[m.name];
      if (!synthesized) throw new Error(`The synthesized stack has no ${m.name} state machine`);
      return { ...synthesized, arn: localMachineArn(m.name), arnVariable: m.arnVariable };
    });
    const sfn = await startStepFunctions(requested.sfn, machines);
    stops.push(sfn.stop);

    const stateFile = path.join(dataDir, 'local-state.json');
    let state = readState(stateFile);
    if (!state) {
      state = { ...(await createPool(cognitoEndpoint, synth.userPool.passwordPolicy)), seeded: false };
      fs.writeFileSync(stateFile, JSON.stringify(state, null, 2));
    }

    Object.assign(process.env, {
      DVP_LOCAL: '1',
      // No API Gateway in front locally, so the parse route may wait for most reads to finish.
      PARSE_WAIT_SECONDS: process.env.PARSE_WAIT_SECONDS ?? '240',
      STAGE: 'local',
      AWS_REGION: 'us-east-1',
      // s3rver accepts only its own documented key pair; every other stand-in accepts any.
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
      TABLE_NAME,
      IDEMPOTENCY_TABLE_NAME,
      UPLOADS_BUCKET,
      // Powertools: logs and metrics as in AWS, on stdout; no X-Ray daemon to trace to.
      POWERTOOLS_SERVICE_NAME: 'dvp',
      POWERTOOLS_TRACE_ENABLED: 'false',
      // A silenced stack (tests) prints no metric lines either.
      ...(process.env.DVP_LOG_SILENT === '1' ? { POWERTOOLS_METRICS_DISABLED: 'true' } : {}),
      USER_POOL_ID: state.userPoolId,
      USER_POOL_CLIENT_ID: state.userPoolClientId,
      ...Object.fromEntries(machines.map((m) => [m.arnVariable, m.arn])),
      SES_FROM_ADDRESS: 'no-reply@demo.example',
      PUBLIC_URL: url,
      AWS_ENDPOINT_URL_DYNAMODB: dynamoEndpoint,
      // DynamoDB Local commits each item of a batch write on its own, a transaction once (results-store.ts).
      DVP_RESULT_WRITES: 'transactions',
      AWS_ENDPOINT_URL_S3: s3.endpoint,
      AWS_ENDPOINT_URL_SFN: sfn.endpoint,
      AWS_ENDPOINT_URL_SESV2: ses.endpoint,
      AWS_ENDPOINT_URL_COGNITO_IDENTITY_PROVIDER: cognitoEndpoint,
      // Faults on demand for tests (infra/local/faults.ts): only with DVP_LOCAL_FAULTS=1.
      ...(process.env.DVP_LOCAL_FAULTS === '1' ? { DVP_LOCAL_FAULTS_FILE: path.join(dataDir, 'faults.json') } : {}),
    });

    await ensureTable(
      dynamoEndpoint,
      {
        TableName: TABLE_NAME,
        BillingMode: 'PAY_PER_REQUEST',
        KeySchema: synth.table.keySchema,
        AttributeDefinitions: synth.table.attributeDefinitions,
        GlobalSecondaryIndexes: synth.table.globalSecondaryIndexes.map((gsi) => ({
          ...gsi,
          Projection: gsi.Projection as { ProjectionType: 'ALL' | 'KEYS_ONLY' | 'INCLUDE'; NonKeyAttributes?: string[] },
        })),
      },
      synth.table.ttlAttribute,
    );
    await ensureTable(
      dynamoEndpoint,
      {
        TableName: IDEMPOTENCY_TABLE_NAME,
        BillingMode: 'PAY_PER_REQUEST',
        KeySchema: synth.idempotencyTable.keySchema,
        AttributeDefinitions: synth.idempotencyTable.attributeDefinitions,
      },
      synth.idempotencyTable.ttlAttribute,
    );
    if (!state.seeded) {
      say('Seeding the demo data…');
      await seedDemo(cognitoEndpoint, state);
      state.seeded = true;
      fs.writeFileSync(stateFile, JSON.stringify(state, null, 2));
    }
    // Runs, parses and conversions under way when this data directory's last stack stopped died with it.
    const interrupted = await failInterruptedWork();
    if (interrupted.comparisons + interrupted.files + interrupted.conversions > 0) {
      say(`Stopped by the last shutdown, now marked failed: ${interrupted.comparisons} comparison run(s), ${interrupted.files} file read(s), ${interrupted.conversions} conversion(s).`);
    }

    const issuer = `${cognitoEndpoint}/${state.userPoolId}`;
    startServer(origin, {
      webDist,
      jwt: { issuer, jwksUrl: `${issuer}/.well-known/jwks.json`, clientId: state.userPoolClientId },
      runtimeConfig: {
        region: 'us-east-1',
        userPoolId: state.userPoolId,
        userPoolClientId: state.userPoolClientId,
        userPoolEndpoint: cognitoEndpoint,
        authFlowType: 'USER_PASSWORD_AUTH',
        contactUrl: process.env.CONTACT_URL ?? DEFAULT_CONTACT_URL,
        local: true,
        ...options.webConfig,
      },
    });
    stops.push(closeOrigin);

    const endpoints = {
      dynamodb: dynamoEndpoint,
      s3: s3.endpoint,
      cognito: cognitoEndpoint,
      ses: ses.endpoint,
      sfn: sfn.endpoint,
    };
    fs.writeFileSync(path.join(dataDir, 'endpoints.json'), JSON.stringify({ url, ...endpoints }, null, 2));
    // A stand-in asked for a port that another process holds runs on another one; say where.
    for (const [name, endpoint] of Object.entries(endpoints)) {
      const port = Number(new URL(endpoint).port);
      const asked = requested[name as keyof typeof requested];
      if (asked !== 0 && port !== asked) say(`${name}: port ${asked} is in use, so it listens on ${port}`);
    }

    // The daily jobs (the renewal kickoff) run as EventBridge would run them; tests run them on demand.
    if (process.env.DVP_SCHEDULES !== '0') stops.push(startSchedules({ log: say }).stop);

    // The examples run through the real API and pipeline once the origin is up; they finish in the
    // background so the start is not held up (tests turn them off).
    if (!state.demoExamplesSeeded && process.env.DVP_DEMO_COMPARISON !== '0') {
      const seeded = state;
      void seedDemoExamples(url, { userPoolEndpoint: cognitoEndpoint, userPoolClientId: state.userPoolClientId })
        .then(() => {
          seeded.demoExamplesSeeded = true;
          fs.writeFileSync(stateFile, JSON.stringify(seeded, null, 2));
          say('The demo examples are ready.');
        })
        .catch((error: Error) => say(`The demo examples could not be prepared: ${error.message}`));
    }
    return {
      url,
      endpoints,
      pool: state,
      stop: async () => {
        for (const stop of stops.reverse()) await stop().catch(() => {});
        await stopChildren();
      },
    };
  } catch (error) {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    await stopChildren();
    await closeOrigin();
    throw error;
  }
}
