import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../infra/local/ports';
import { stackUrl } from '../support/api';
import { spawnStack, waitForReady, type StackProcess } from '../support/stack-process';

async function signInAt(url: string, email: string) {
  const config = await (await fetch(`${url}/config.json`)).json();
  const res = await fetch(config.userPoolEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    body: JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: config.userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: 'Demo-Passw0rd!' } }),
  });
  return ((await res.json()) as { AuthenticationResult: { IdToken: string } }).AuthenticationResult.IdToken;
}

describe('npm start', () => {
  const stacks: StackProcess[] = [];
  const dirs: string[] = [];
  afterAll(async () => {
    for (const s of stacks) await s.stop();
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });

  it('refuses to start on a port that is taken, with a plain message and exit code 1', async () => {
    const takenPort = Number(new URL(stackUrl()).port);
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dvp-port-'));
    dirs.push(dataDir);
    const stack = await spawnStack({ port: takenPort, dataDir });
    stacks.push(stack);
    const code = await stack.exited;
    expect(code).toBe(1);
    expect(stack.output()).toContain(`Port ${takenPort} is already in use`);
    expect(stack.output()).not.toMatch(/\n\s+at /);
  });

  it('keeps the data across a restart on the same data directory', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dvp-restart-'));
    dirs.push(dataDir);
    const first = await spawnStack({ port: await freePort(), dataDir });
    stacks.push(first);
    const url1 = await waitForReady(first);
    const token1 = await signInAt(url1, 'org-admin@demo.example');
    const me = await (await fetch(`${url1}/api/me`, { headers: { authorization: `Bearer ${token1}` } })).json();
    const patched = await fetch(`${url1}/api/me`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${token1}`, 'content-type': 'application/json' },
      body: JSON.stringify({ first_name: 'Persisted', last_name: 'Owens', updated_at: me.updated_at }),
    });
    expect(patched.status).toBe(200);
    await first.stop();

    const second = await spawnStack({ port: await freePort(), dataDir });
    stacks.push(second);
    const url2 = await waitForReady(second);
    const token2 = await signInAt(url2, 'org-admin@demo.example');
    const after = await (await fetch(`${url2}/api/me`, { headers: { authorization: `Bearer ${token2}` } })).json();
    expect(after.first_name).toBe('Persisted');
    expect(after.id).toBe(me.id);
    expect(second.output()).not.toContain('Seeding the demo data');
  }, 300_000);
});
