import { createRequire } from 'node:module';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { S3Client } from '@aws-sdk/client-s3';
import type { SFNClient } from '@aws-sdk/client-sfn';
import type { SESv2Client } from '@aws-sdk/client-sesv2';
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { config } from './config';
import { traced } from './observability/tracer';

/**
 * AWS SDK clients, one per container, each traced in X-Ray when tracing is on (in Lambda). On the
 * local stack the endpoints come from AWS_ENDPOINT_URL_<SERVICE>; in AWS they are unset and the
 * SDK uses the regional endpoints.
 */
function endpoint(service: string): string | undefined {
  return process.env[`AWS_ENDPOINT_URL_${service}`] || undefined;
}

/**
 * Every function imports this module, and most use DynamoDB alone: loading the S3, Step Functions,
 * SES and Cognito clients at import made each cold start load four SDK packages it never calls.
 * Those load on first use instead (the SDK ships CommonJS, so `require` gives the same module a
 * static import would).
 */
const loadSdk = createRequire(import.meta.url);

function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

/**
 * The SDK's logger middleware runs every command's input and output through its sensitive-data
 * filter before handing them to the logger, even to the default one that logs nothing: about 3% of
 * the API's CPU on list reads (docs/performance.md). No logger is configured here, so it goes.
 */
function dynamoClient() {
  const client = new DynamoDBClient({ region: config.region, endpoint: endpoint('DYNAMODB') });
  client.middlewareStack.remove('loggerMiddleware');
  return traced(client);
}

export const dynamo = once(() =>
  DynamoDBDocumentClient.from(dynamoClient(), {
    marshallOptions: { removeUndefinedValues: true, convertClassInstanceToMap: true },
  }),
);

/** The plain client, for libraries that take one (Powertools idempotency's persistence layer). */
export const rawDynamo = once(dynamoClient);

export const s3 = once((): S3Client => {
  const { S3Client } = loadSdk('@aws-sdk/client-s3') as typeof import('@aws-sdk/client-s3');
  return traced(
    new S3Client({
      region: config.region,
      endpoint: endpoint('S3'),
      forcePathStyle: Boolean(endpoint('S3')),
      // s3rver corrupts uploads that carry the SDK's default CRC checksums; S3 accepts both.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    }),
  );
});

export const sfn = once((): SFNClient => {
  const { SFNClient } = loadSdk('@aws-sdk/client-sfn') as typeof import('@aws-sdk/client-sfn');
  return traced(new SFNClient({ region: config.region, endpoint: endpoint('SFN') }));
});

export const ses = once((): SESv2Client => {
  const { SESv2Client } = loadSdk('@aws-sdk/client-sesv2') as typeof import('@aws-sdk/client-sesv2');
  return traced(new SESv2Client({ region: config.region, endpoint: endpoint('SESV2') ?? endpoint('SES') }));
});

export const cognito = once((): CognitoIdentityProviderClient => {
  const { CognitoIdentityProviderClient } = loadSdk('@aws-sdk/client-cognito-identity-provider') as typeof import('@aws-sdk/client-cognito-identity-provider');
  return traced(new CognitoIdentityProviderClient({ region: config.region, endpoint: endpoint('COGNITO_IDENTITY_PROVIDER') }));
});
