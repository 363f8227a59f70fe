import { randomUUID } from 'node:crypto';
import { AdminCreateUserCommand, AdminSetUserPasswordCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, PutCommand } from '@aws-sdk/lib-dynamodb';
import { UserEntity } from '../../functions/lib/db/user';
import { endpoints, runtimeConfig } from './api';

/**
 * A user of its own for a test that changes sign-in state (MFA, passwords), created the way the
 * platform leaves one: a Cognito user and the user record sharing its id. Demo users stay untouched.
 */
export async function createTestUser(options: {
  role: string;
  organization_id?: string;
  company_id?: string;
  /** Temporary (FORCE_CHANGE_PASSWORD) unless `permanent`. */
  password: string;
  permanent?: boolean;
}): Promise<{ id: string; email: string }> {
  const config = await runtimeConfig();
  const email = `test-${randomUUID().slice(0, 8)}@test.example`;
  const cognito = new CognitoIdentityProviderClient({
    region: 'us-east-1',
    endpoint: config.userPoolEndpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  const created = await cognito.send(
    new AdminCreateUserCommand({
      UserPoolId: config.userPoolId,
      Username: email,
      TemporaryPassword: options.password,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: email },
        { Name: 'custom:role', Value: options.role },
      ],
    }),
  );
  if (options.permanent) {
    await cognito.send(
      new AdminSetUserPasswordCommand({ UserPoolId: config.userPoolId, Username: email, Password: options.password, Permanent: true }),
    );
  }
  const id = created.User!.Attributes!.find((a) => a.Name === 'sub')!.Value!;
  const documents = DynamoDBDocumentClient.from(
    new DynamoDBClient({ region: 'us-east-1', endpoint: endpoints().dynamodb, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } }),
  );
  const item = UserEntity.create({
    id,
    username: email,
    email,
    role: options.role,
    organization_id: options.organization_id,
    company_id: options.company_id,
    first_name: 'Test',
    last_name: 'User',
  }).params({ table: 'dvp-local' });
  await documents.send(new PutCommand(item as never));
  return { id, email };
}
