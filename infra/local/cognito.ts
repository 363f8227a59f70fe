import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  CognitoIdentityProviderClient,
  CreateGroupCommand,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  ListUserPoolsCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { Role } from '../../shared/roles';
import { LocalStackError } from './errors';
import { ENDPOINTS_FILE, LOCAL_SES_FROM_ADDRESS } from './names';
import { startChild } from './processes';
import { freePort, isPortFree, waitFor } from './ports';

export interface LocalPool {
  userPoolId: string;
  userPoolClientId: string;
}

export function cognitoClient(endpoint: string) {
  return new CognitoIdentityProviderClient({
    region: 'us-east-1',
    endpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

const MAIL_PRELOAD = pathToFileURL(path.join(import.meta.dirname, 'cognito-mail.mjs')).href;

/** How many ports cognito-local is tried on before the start gives up. */
const PORT_ATTEMPTS = 5;

/**
 * cognito-local keeps its pools under `<cwd>/.cognito`, so it runs with the data dir as cwd. It is
 * told its port (its tokens' issuer names it, so it cannot be left to the OS) and prints the
 * address once it listens there, so a port it prints is its own; when the port is taken it exits,
 * and runs again on another.
 */
export async function startCognito(dataDir: string, preferredPort: number): Promise<{ endpoint: string; pid: number }> {
  const cwd = path.join(dataDir, 'cognito');
  fs.mkdirSync(cwd, { recursive: true });
  const require = createRequire(import.meta.url);
  const bin = path.join(path.dirname(require.resolve('cognito-local/package.json')), 'lib', 'bin', 'start.js');
  let port = preferredPort !== 0 && (await isPortFree(preferredPort, '127.0.0.1')) ? preferredPort : await freePort();
  for (let attempt = 1; ; attempt++) {
    // The preload e-mails the codes cognito-local only prints, through the local SES (as the pool does in AWS).
    const child = startChild(process.execPath, ['--import', MAIL_PRELOAD, bin], {
      name: 'cognito-local',
      cwd,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DEBUG: '', DVP_ENDPOINTS_FILE: path.join(dataDir, ENDPOINTS_FILE), DVP_MAIL_FROM: LOCAL_SES_FROM_ADDRESS },
    });
    const listening = await waitFor('cognito-local', async () => {
      if (RUNNING.exec(stripColours(child.output()))?.[1] === String(port)) return true;
      if (child.hasExited()) return false;
      return undefined;
    }, 180_000).catch(async (error: Error) => {
      await child.stop();
      throw error;
    });
    if (listening) {
      const endpoint = `http://127.0.0.1:${port}`;
      const client = cognitoClient(endpoint);
      await waitFor('cognito-local', async () => (await client.send(new ListUserPoolsCommand({ MaxResults: 1 }))) ?? undefined);
      client.destroy();
      child.started();
      return { endpoint, pid: child.pid };
    }
    if (!/EADDRINUSE/.test(child.output())) {
      throw new LocalStackError(`cognito-local stopped while starting:\n${stripColours(child.output())}`);
    }
    if (attempt === PORT_ATTEMPTS) throw new LocalStackError(`cognito-local found no free port after ${PORT_ATTEMPTS} tries (the last was ${port}).`);
    port = await freePort();
  }
}

const RUNNING = /Cognito Local running on https?:\/\/[^\s]*:(\d+)/;
// eslint-disable-next-line no-control-regex
const stripColours = (text: string) => text.replace(/\x1b\[[0-9;]*m/g, '');

/** The pool, its app client and one group per role; created on first start only. */
export async function createPool(endpoint: string, passwordPolicy: Record<string, unknown>): Promise<LocalPool> {
  const client = cognitoClient(endpoint);
  const { UserPool } = await client.send(
    new CreateUserPoolCommand({
      PoolName: 'dvp-local',
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      Policies: { PasswordPolicy: passwordPolicy },
      Schema: ['role', 'agency_id', 'organization_id', 'company_id'].map((name) => ({
        Name: name,
        AttributeDataType: 'String',
        Mutable: true,
      })),
      MfaConfiguration: 'OPTIONAL',
    }),
  );
  const userPoolId = UserPool!.Id!;
  const { UserPoolClient } = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: 'dvp-web',
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_SRP_AUTH'],
      WriteAttributes: ['email', 'given_name', 'family_name', 'phone_number'],
    }),
  );
  for (const role of Role.values) {
    await client.send(new CreateGroupCommand({ UserPoolId: userPoolId, GroupName: role }));
  }
  return { userPoolId, userPoolClientId: UserPoolClient!.ClientId! };
}

export interface NewCognitoUser {
  email: string;
  password: string;
  role: string;
  attributes?: Record<string, string | undefined>;
}

/**
 * Creates a confirmed user with a permanent password and returns its `sub`. A user already there
 * (left by a seed that was stopped half-way) is finished instead: its password set and its group
 * joined, both of which cognito-local accepts again.
 */
export async function createConfirmedUser(endpoint: string, pool: LocalPool, user: NewCognitoUser): Promise<string> {
  const client = cognitoClient(endpoint);
  const attributes = Object.entries({ email: user.email, email_verified: 'true', 'custom:role': user.role, ...user.attributes })
    .filter(([, v]) => v !== undefined)
    .map(([Name, Value]) => ({ Name, Value: Value as string }));
  const created = await client
    .send(
      new AdminCreateUserCommand({
        UserPoolId: pool.userPoolId,
        Username: user.email,
        TemporaryPassword: user.password,
        MessageAction: 'SUPPRESS',
        UserAttributes: attributes,
      }),
    )
    .then(
      (answer) => answer.User?.Attributes,
      async (error: Error) => {
        if (error.name !== 'UsernameExistsException') throw error;
        return (await client.send(new AdminGetUserCommand({ UserPoolId: pool.userPoolId, Username: user.email }))).UserAttributes;
      },
    );
  await client.send(
    new AdminSetUserPasswordCommand({ UserPoolId: pool.userPoolId, Username: user.email, Password: user.password, Permanent: true }),
  );
  await client.send(new AdminAddUserToGroupCommand({ UserPoolId: pool.userPoolId, Username: user.email, GroupName: user.role }));
  const sub = created?.find((a) => a.Name === 'sub')?.Value;
  if (!sub) throw new Error('cognito-local returned a user without sub');
  return sub;
}
