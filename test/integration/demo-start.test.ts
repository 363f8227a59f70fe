import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DynamoDBClient, paginateScan } from '@aws-sdk/client-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import { afterAll, describe, expect, it } from 'vitest';
import { bearerClient, type Call } from '../../infra/local/api-flow';
import { DEMO_COMPARISON_NAME } from '../../infra/local/demo-comparison';
import { DEMO_PASSWORD, demoCompanies, demoUsers } from '../../infra/local/demo-data';
import { DEMO_834_NAME, DEMO_GUARDIAN_FILE, DEMO_INVOICE_NAME, seedDemoExamples } from '../../infra/local/demo-examples';
import { freePort } from '../../infra/local/ports';
import { spawnStack, waitForReady, type StackProcess } from '../support/stack-process';
import type { SentEmail } from '../support/users';

/**
 * `npm start` on a fresh data directory, as a newcomer runs it, with the demo examples on: stopped
 * outright (SIGKILL) while it seeds the demo tenant, started again and stopped outright while it
 * makes the examples, then started a third time. The demo ends whole and single: one of each
 * record, every example finished (the enrollment audit, the audit of an 834 carrier file, the
 * Aetna list bill reconciled in dollars, the converted Guardian export), and the renewal contacts
 * set, so a kickoff e-mails them through the local mail viewer.
 */
const TABLE = 'dvp-local';
const EXAMPLES = [DEMO_COMPARISON_NAME, DEMO_834_NAME, DEMO_INVOICE_NAME].sort();

type Item = Record<string, any>;

async function scan(dynamoEndpoint: string): Promise<Record<string, Item[]>> {
  const client = new DynamoDBClient({ region: 'us-east-1', endpoint: dynamoEndpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
  const byEntity: Record<string, Item[]> = {};
  for await (const page of paginateScan({ client }, { TableName: TABLE })) {
    for (const raw of page.Items ?? []) {
      const item = unmarshall(raw);
      (byEntity[item.__edb_e__] ??= []).push(item);
    }
  }
  client.destroy();
  return byEntity;
}

/** What the demo is made of, one entry per record: a record made twice shows twice. */
function demoRecords(db: Record<string, Item[]>) {
  const list = (entity: string, key: (i: Item) => string) => (db[entity] ?? []).map(key).sort();
  const carrierName = new Map((db.carrier ?? []).map((c) => [c.id, c.name]));
  const companyName = new Map((db.company ?? []).map((c) => [c.id, c.name]));
  return {
    agencies: list('agency', (a) => a.name),
    organizations: list('organization', (o) => o.name),
    organizationAgencies: list('organizationAgency', (o) => `${o.organization_id}/${o.agency_id}`),
    companies: list('company', (c) => c.name),
    carriers: list('carrier', (c) => c.name.toLowerCase()),
    companyCarriers: list('companyCarrier', (c) => `${companyName.get(c.company_id)} / ${carrierName.get(c.carrier_id)}`),
    plans: list('companyCarrierPlan', (p) => p.name),
    users: list('user', (u) => u.email),
    renewals: list('renewal', (r) => `${companyName.get(r.company_id)} ${r.period}`),
    taskNotes: list('taskNote', (n) => n.notes),
    taskFiles: list('taskFile', (f) => f.name),
    comparisons: list('comparison', (c) => `${c.name}: ${c.status}`),
    conversions: list('carrierFileConversion', (c) => `${c.name}: ${c.status}`),
  };
}

const unique = (values: string[]) => [...new Set(values)].sort();

async function until<T>(what: string, probe: () => Promise<T | undefined>, stack: StackProcess, timeoutMs = 300_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await probe().catch(() => undefined);
    if (found !== undefined) return found;
    if (stack.child.exitCode !== null) throw new Error(`the stack exited while waiting for ${what}:\n${stack.output()}`);
    if (Date.now() > deadline) throw new Error(`${what}: not seen in time\n${stack.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

function kill(stack: StackProcess) {
  process.kill(-stack.child.pid!, 'SIGKILL');
  return stack.exited;
}

async function signInAt(url: string, email: string): Promise<Call> {
  const config = await (await fetch(`${url}/config.json`)).json();
  const res = await fetch(config.userPoolEndpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': 'AWSCognitoIdentityProviderService.InitiateAuth' },
    body: JSON.stringify({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: config.userPoolClientId, AuthParameters: { USERNAME: email, PASSWORD: DEMO_PASSWORD } }),
  });
  return bearerClient(url, ((await res.json()) as { AuthenticationResult: { IdToken: string } }).AuthenticationResult.IdToken);
}

describe('npm start on a fresh data directory, stopped outright while seeding and started again', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dvp-demo-'));
  const stacks: StackProcess[] = [];
  afterAll(async () => {
    for (const s of stacks) await s.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('shows the whole demo once: every record single, every example finished, the renewal contacts e-mailed at kickoff', async () => {
    const dynamoPort = await freePort();
    const dynamo = `http://127.0.0.1:${dynamoPort}`;
    const start = async () => {
      const stack = await spawnStack({ dataDir, env: { DVP_DEMO_COMPARISON: '1', DYNAMODB_PORT: String(dynamoPort) } });
      stacks.push(stack);
      return stack;
    };

    // Killed once the seed has made the first company: the tenant is half there.
    const first = await start();
    await until('a seeded company', async () => ((await scan(dynamo)).company?.length ? true : undefined), first, 240_000);
    await kill(first);
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, 'local-state.json'), 'utf8')).seeded).toBe(false);

    // Killed once the first example comparison exists: it is half-made.
    const second = await start();
    await waitForReady(second);
    await until('the first example', async () => ((await scan(dynamo)).comparison?.length ? true : undefined), second);
    await kill(second);

    const third = await start();
    const url = await waitForReady(third);
    await until('the examples', async () => (/The demo examples (are ready|could not be prepared.*)/.exec(third.output()) ?? undefined)?.[0], third);
    expect(third.output()).toContain('The demo examples are ready.');

    const records = demoRecords(await scan(dynamo));
    for (const [kind, values] of Object.entries(records)) expect(values, kind).toEqual(unique(values));
    expect(records).toMatchObject({
      agencies: ['Summit Benefits Agency'],
      organizations: ['Harbor Benefits Group', 'Prairie Brokerage Partners'],
      organizationAgencies: [expect.any(String)],
      companies: demoCompanies.map((c) => c.name).sort(),
      companyCarriers: ['Acme Manufacturing / Aetna', 'Acme Manufacturing / Guardian', 'Bluewater Logistics / MetLife'],
      users: demoUsers.map((u) => u.email).sort(),
      taskFiles: ['renewal-rates.csv'],
      comparisons: EXAMPLES.map((name) => `${name}: SUCCEEDED`),
      conversions: [`${DEMO_GUARDIAN_FILE}: CONVERTED`],
    });
    expect(records.plans).toHaveLength(5);
    expect(records.renewals).toHaveLength(1);
    expect(records.taskNotes).toHaveLength(1);

    // What the newcomer opens: the 834 as the carrier file, the list bill in dollars on Aetna's tab.
    const employer = await signInAt(url, 'company-admin@demo.example');
    const companyId = (await employer('GET', '/api/me')).body.company_id;
    const comparisons = (await employer('GET', `/api/companies/${companyId}/comparisons`)).body.items as Item[];
    const x12 = (await employer('GET', `/api/companies/${companyId}/comparisons/${comparisons.find((c) => c.name === DEMO_834_NAME)!.id}`)).body;
    expect(x12.secondary_file).toMatchObject({ name: 'carrier-enrollment.834', status: 'PARSED' });
    const carriers = (await employer('GET', `/api/companies/${companyId}/company_carriers`)).body.items as Item[];
    const aetna = carriers.find((c) => c.group_number === 'AET-10421')!;
    const reconciliations = (await employer('GET', `/api/companies/${companyId}/company_carriers/${aetna.id}/invoice_reconciliations`)).body.items as Item[];
    expect(reconciliations).toEqual([expect.objectContaining({ name: DEMO_INVOICE_NAME, billing_period: '2026-01' })]);
    const summary = (await employer('GET', `/api/companies/${companyId}/comparisons/${reconciliations[0].comparison_id}/invoice_summary`)).body;
    expect(summary.over_billed).toBeGreaterThan(0);
    expect(summary.under_billed).toBeGreaterThan(0);

    // Seeding the examples again (as a later start that lost its record of them would) adds nothing.
    const config = await (await fetch(`${url}/config.json`)).json();
    await seedDemoExamples(url, config);
    expect(demoRecords(await scan(dynamo))).toEqual(records);

    // The daily kickoff (run on a day Aetna's January renewal is due) e-mails the renewal contacts.
    const admin = await signInAt(url, 'admin@demo.example');
    const kickoff = await admin('POST', '/api/admin/renewals/kickoff', { date: '2026-11-02' });
    expect(kickoff.status, JSON.stringify(kickoff.body)).toBe(200);
    const endpoints = JSON.parse(fs.readFileSync(path.join(dataDir, 'endpoints.json'), 'utf8'));
    const mail = ((await (await fetch(`${endpoints.ses}/store`)).json()) as { emails: SentEmail[] }).emails;
    const kickoffTo = (email: string) => mail.filter((m) => m.destination.to.includes(email) && /Aetna/.test(m.subject) && /has started/.test(m.subject));
    expect(kickoffTo('company-admin@demo.example')).toHaveLength(1);
    expect(kickoffTo('org-admin@demo.example')).toHaveLength(1);

    // Whatever day the demo first started, the daily job of that day starts a renewal and e-mails
    // its contacts: Bluewater's MetLife renews in the month after next from the first start.
    const today = new Date().toISOString().slice(0, 10);
    const todays = await admin('POST', '/api/admin/renewals/kickoff', { date: today });
    expect(todays.status, JSON.stringify(todays.body)).toBe(200);
    const after = ((await (await fetch(`${endpoints.ses}/store`)).json()) as { emails: SentEmail[] }).emails;
    const metLifeTo = (email: string) => after.filter((m) => m.destination.to.includes(email) && /MetLife/.test(m.subject) && /has started/.test(m.subject));
    expect(metLifeTo('org-task-manager@demo.example')).toHaveLength(1);
    expect(metLifeTo('org-admin@demo.example')).toHaveLength(1);
  }, 900_000);
});
