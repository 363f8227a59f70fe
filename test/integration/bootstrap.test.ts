import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { CARRIER_CATALOG } from '../../shared/carrier-catalog';
import { api, runtimeConfig, stackUrl } from '../support/api';
import { runBootstrap, temporaryPasswordFor } from '../support/bootstrap';
import { emailsTo } from '../support/users';

/**
 * `npm run bootstrap -- --local` on the running local stack, as an operator runs it on a new stage:
 * the first DMS Admin gets the invitation, signs in with its temporary password, must choose a
 * password, and is then a DMS Admin; the carrier catalog is there; a second run changes nothing.
 */
async function cognito() {
  const config = await runtimeConfig();
  const client = new CognitoIdentityProviderClient({
    region: 'us-east-1',
    endpoint: config.userPoolEndpoint,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  return { client, clientId: config.userPoolClientId };
}

async function allCarrierNames(as: string): Promise<string[]> {
  const res = await api('GET', '/api/carriers?limit=1000', { as });
  expect(res.status).toBe(200);
  return res.body.items.map((c: { name: string }) => c.name);
}

// Each run is an npm process that loads the platform's code: seconds each on a busy machine.
describe('npm run bootstrap -- --local', { timeout: 240_000 }, () => {
  it('creates an invited DMS Admin who sets a password at first sign-in, seeds the catalog, and says so again without changing anything', async () => {
    const email = `first-admin-${randomUUID()}@test.example`;
    const first = await runBootstrap(['--local', '--email', email, '--name', 'Ada King Lovelace']);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toContain(`Created the DMS Admin ${email}`);
    expect(first.stdout).toMatch(/Carrier catalog: /);

    const invitations = await emailsTo(email);
    expect(invitations).toHaveLength(1);
    expect(invitations[0]!.body.text).toContain(stackUrl());
    const temporary = await temporaryPasswordFor(email);

    const { client, clientId } = await cognito();
    const signIn = await client.send(
      new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId, AuthParameters: { USERNAME: email, PASSWORD: temporary } }),
    );
    expect(signIn.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    expect(signIn.AuthenticationResult).toBeUndefined();
    const answered = await client.send(
      new RespondToAuthChallengeCommand({
        ClientId: clientId,
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: signIn.Session,
        ChallengeResponses: { USERNAME: email, NEW_PASSWORD: 'Chosen-Passw0rd!' },
      }),
    );
    const token = answered.AuthenticationResult?.IdToken;
    expect(token).toBeTruthy();

    const me = await fetch(`${stackUrl()}/api/me`, { headers: { authorization: `Bearer ${token}` } });
    expect({ status: me.status, body: await me.json() }).toMatchObject({
      status: 200,
      body: { email, role: 'ADMIN', first_name: 'Ada', last_name: 'King Lovelace' },
    });

    // The users admin shows the same record as any invited user.
    const users = await api('GET', '/api/admin/users?limit=1000', { as: 'admin@demo.example' });
    expect(users.body.items.filter((u: { email: string }) => u.email === email)).toMatchObject([{ role: 'ADMIN', disabled: false }]);

    const carriers = await allCarrierNames('admin@demo.example');
    for (const name of CARRIER_CATALOG) expect(carriers).toContain(name);
    expect(new Set(carriers.map((n) => n.toLowerCase())).size).toBe(carriers.length);

    const again = await runBootstrap(['--local', '--email', email.toUpperCase()]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`The user ${email} already exists`);
    expect(again.stdout).toMatch(/all \d+ carriers were already there; nothing changed/);
    expect(await emailsTo(email)).toHaveLength(1);
    expect(await allCarrierNames('admin@demo.example')).toEqual(carriers);
  });

  it('leaves a carrier a DMS Admin renamed or deactivated as it is', async () => {
    const list = (await api('GET', '/api/carriers?limit=1000', { as: 'admin@demo.example' })).body.items as { id: string; name: string; updated_at: string }[];
    const unum = list.find((c) => c.name === 'Unum') ?? (await api('POST', '/api/carriers', { as: 'admin@demo.example', body: { name: 'Unum' } })).body;
    const renamed = await api('PATCH', `/api/carriers/${unum.id}`, { as: 'admin@demo.example', body: { name: 'UNUM', updated_at: unum.updated_at } });
    expect(renamed.status).toBe(200);
    expect((await api('DELETE', `/api/carriers/${unum.id}`, { as: 'admin@demo.example' })).status).toBe(200);

    const run = await runBootstrap(['--local', '--email', 'admin@demo.example']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('The user admin@demo.example already exists');
    const after = (await api('GET', '/api/carriers?limit=1000', { as: 'admin@demo.example' })).body.items as { id: string; name: string; inactive?: boolean }[];
    expect(after.filter((c) => c.name.toLowerCase() === 'unum')).toEqual([expect.objectContaining({ id: unum.id, name: 'UNUM', inactive: true })]);
  });

  it('says what is wrong with the command line or the stack, and creates nobody', async () => {
    const email = `nobody-${randomUUID()}@test.example`;
    const noTarget = await runBootstrap(['--email', email]);
    expect(noTarget.code).toBe(1);
    expect(noTarget.stderr).toContain('Give --stage <stage> (a deployed stage) or --local');

    const badEmail = await runBootstrap(['--local', '--email', 'not-an-address']);
    expect(badEmail.code).toBe(1);
    expect(badEmail.stderr).toContain('"not-an-address" is not an e-mail address.');

    const empty = fs.mkdtempSync(path.join(os.tmpdir(), 'dvp-no-stack-'));
    try {
      const noStack = await runBootstrap(['--local', '--email', email], { DATA_DIR: empty });
      expect(noStack.code).toBe(1);
      expect(noStack.stderr).toContain('No local stack has started on');
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
    expect(await emailsTo(email)).toHaveLength(0);
  });
});
