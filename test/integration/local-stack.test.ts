import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DynamoDBClient, PutItemCommand, QueryCommand, paginateScan } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { stackUrl } from '../support/api';
import { stackChildren, waitUntilGone } from '../support/stack-children';
import { spawnStack, waitForReady, type StackProcess } from '../support/stack-process';

const TABLE = 'dvp-local';

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

  const tempDir = (prefix: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    dirs.push(dir);
    return dir;
  };

  it('refuses to start on a port that is taken, with a plain message and exit code 1, and leaves no process behind', async () => {
    const takenPort = Number(new URL(stackUrl()).port);
    const dataDir = tempDir('dvp-port-');
    const stack = await spawnStack({ port: takenPort, dataDir });
    stacks.push(stack);
    const code = await stack.exited;
    expect(code).toBe(1);
    expect(stack.output()).toContain(`Port ${takenPort} is already in use`);
    expect(stack.output()).not.toMatch(/\n\s+at /);
    const { java, cognito } = stackChildren(dataDir);
    expect(await waitUntilGone([...java, ...cognito])).toEqual([]);
  });

  it('stops DynamoDB Local and cognito-local when the start fails half-way, with a plain message and exit code 1', async () => {
    const dataDir = tempDir('dvp-half-');
    // The stand-ins are up by the time the stack reads its state, which this one cannot parse.
    fs.writeFileSync(path.join(dataDir, 'local-state.json'), '{ "userPoolId": ');
    const stack = await spawnStack({ dataDir });
    stacks.push(stack);
    expect(await stack.exited).toBe(1);
    expect(stack.output()).toContain('The local stack failed to start:');
    expect(stack.output()).not.toMatch(/\n\s+at /);
    const { java, cognito } = stackChildren(dataDir);
    expect(await waitUntilGone([...java, ...cognito])).toEqual([]);
  }, 240_000);

  it('keeps stacks started at the same moment apart: each on its own ports and its own DynamoDB, none leaving a process behind however it stops', async () => {
    // Three ask for the same usual ports (pinned, as a developer might), one for any free ports.
    const usual = { DYNAMODB_PORT: '8000', S3_PORT: '4569', COGNITO_PORT: '9229', SES_PORT: '8005', SFN_PORT: '8083' };
    const envs = [usual, usual, usual, {}];
    const dataDirs = envs.map(() => tempDir('dvp-together-'));
    const together = await Promise.all(envs.map((env, i) => spawnStack({ dataDir: dataDirs[i], env })));
    stacks.push(...together);
    const urls = await Promise.all(together.map((stack) => waitForReady(stack)));
    const endpoints = dataDirs.map((dir) => JSON.parse(fs.readFileSync(path.join(dir, 'endpoints.json'), 'utf8')) as Record<string, string>);

    for (const service of ['url', 'dynamodb', 's3', 'cognito', 'ses', 'sfn']) {
      expect(new Set(endpoints.map((e) => e[service])).size, service).toBe(envs.length);
    }
    const clients = endpoints.map((e) => new DynamoDBClient({ region: 'us-east-1', endpoint: e.dynamodb, credentials: { accessKeyId: 'x', secretAccessKey: 'x' } }));
    const agencies = async (client: DynamoDBClient) => {
      const names: string[] = [];
      const pages = paginateScan({ client }, { TableName: TABLE, FilterExpression: '#e = :agency', ExpressionAttributeNames: { '#e': '__edb_e__' }, ExpressionAttributeValues: { ':agency': { S: 'agency' } } });
      for await (const page of pages) names.push(...(page.Items ?? []).map((item) => item.name.S!));
      return names;
    };
    // One demo tenant each: a stack that had used another's DynamoDB would have seeded a second one there.
    for (const client of clients) expect(await agencies(client)).toEqual(['Summit Benefits Agency']);
    for (const [i, client] of clients.entries()) {
      await client.send(new PutItemCommand({ TableName: TABLE, Item: { pk: { S: 'test#marker' }, sk: { S: dataDirs[i] } } }));
    }
    for (const [i, client] of clients.entries()) {
      const { Items } = await client.send(new QueryCommand({ TableName: TABLE, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': { S: 'test#marker' } } }));
      expect(Items?.map((item) => item.sk.S)).toEqual([dataDirs[i]]);
    }
    clients.forEach((client) => client.destroy());

    for (const url of urls) {
      const token = await signInAt(url, 'org-admin@demo.example');
      const me = await fetch(`${url}/api/me`, { headers: { authorization: `Bearer ${token}` } });
      expect(me.status).toBe(200);
      expect((await me.json()).email).toBe('org-admin@demo.example');
    }

    const children = dataDirs.map((dir) => stackChildren(dir));
    for (const { java, cognito } of children) {
      expect(java).toHaveLength(1);
      expect(cognito).toHaveLength(1);
    }
    // Each stopped its own way: SIGTERM and SIGINT to the stack's process alone, SIGKILL to it
    // alone (no handler of its own runs), and the whole process group as the test suites do.
    process.kill(together[0].child.pid!, 'SIGTERM');
    process.kill(together[1].child.pid!, 'SIGINT');
    process.kill(together[2].child.pid!, 'SIGKILL');
    await together[3].stop();
    expect(await Promise.all(together.map((stack) => stack.exited))).toEqual([0, 0, null, 0]);
    const all = children.flatMap(({ java, cognito }) => [...java, ...cognito]);
    expect(await waitUntilGone(all)).toEqual([]);
  }, 300_000);

  it('keeps the data across a restart on the same data directory', async () => {
    const dataDir = tempDir('dvp-restart-');
    const first = await spawnStack({ dataDir });
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

    const second = await spawnStack({ dataDir });
    stacks.push(second);
    const url2 = await waitForReady(second);
    const token2 = await signInAt(url2, 'org-admin@demo.example');
    const after = await (await fetch(`${url2}/api/me`, { headers: { authorization: `Bearer ${token2}` } })).json();
    expect(after.first_name).toBe('Persisted');
    expect(after.id).toBe(me.id);
    expect(second.output()).not.toContain('Seeding the demo data');
  }, 300_000);
});
