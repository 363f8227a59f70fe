/**
 * The daily renewal kickoff over 5,000 company carriers on the local stack: the first run for a day
 * (renewals and e-mails created for the carriers whose kickoff window holds it) and a second run
 * for the same day (nothing to do), timed through POST /api/admin/renewals/kickoff.
 *
 *   npx tsx test/bench/kickoff.ts [--carriers 5000]      (also part of `npm run bench`)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Month } from '../../shared/carriers';
import { spawnStack, waitForReady } from '../support/stack-process';
import { signIn } from './pipeline';

const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const DAY = '2026-11-02';

/** Organizations of 10 companies of 10 carriers of 2 plans, months spread over the year. */
async function seedCarriers(dataDir: string, carriers: number, contactId: string): Promise<void> {
  const endpoints = JSON.parse(fs.readFileSync(path.join(dataDir, 'endpoints.json'), 'utf8')) as { dynamodb: string };
  Object.assign(process.env, { AWS_ENDPOINT_URL_DYNAMODB: endpoints.dynamodb, TABLE_NAME: 'dvp-local', AWS_REGION: 'us-east-1', AWS_ACCESS_KEY_ID: 'local', AWS_SECRET_ACCESS_KEY: 'local' });
  const { db } = await import('../../functions/lib/db/service');
  const { randomUUID } = await import('node:crypto');
  const e = db().entities;
  const perOrganization = 100;
  for (let o = 0; o < carriers / perOrganization; o++) {
    const { data: organization } = await e.organization.create({ name: `Bench org ${o}`, plan: 'DVP_PLATINUM_ELITE' }).go();
    const companyCarriers = [];
    const plans = [];
    for (let c = 0; c < 10; c++) {
      const { data: company } = await e.company.create({ organization_id: organization.id, name: `Bench company ${o}-${c}`, renewal_contact_user_id: contactId }).go();
      for (let k = 0; k < perOrganization / 10; k++) {
        const id = randomUUID();
        const month = Month.values[(o + c + k) % 12];
        companyCarriers.push({ id, organization_id: organization.id, company_id: company.id, carrier_id: 'bench-carrier', renewal_month: month, renewal_kickoff_days_in_advance: 60 });
        for (const name of ['Medical', 'Dental']) {
          plans.push({ organization_id: organization.id, company_id: company.id, company_carrier_id: id, name, benefit_type: name.toUpperCase(), number_of_eligible: 50, number_of_enrolled: 40 });
        }
      }
    }
    await e.companyCarrier.put(companyCarriers).go();
    await e.companyCarrierPlan.put(plans).go();
  }
}

export async function kickoffBench(carriers = 5_000): Promise<void> {
  console.log(`\n== Renewal kickoff: ${carriers.toLocaleString('en-US')} company carriers (10,000+ plans) on the local stack, run for ${DAY}`);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dvp-bench-kickoff-'));
  const stack = await spawnStack({ dataDir });
  try {
    const url = await waitForReady(stack);
    const token = await signIn(url, 'admin@demo.example');
    const me = (await (await fetch(`${url}/api/me`, { headers: { authorization: `Bearer ${token}` } })).json()) as { id: string };
    const t = performance.now();
    // Every company's renewal contact is the demo admin, so each kickoff sends one e-mail.
    await seedCarriers(dataDir, carriers, me.id);
    console.log(`(seeded in ${secs(performance.now() - t)})`);
    const run = async () => {
      const started = performance.now();
      const res = await fetch(`${url}/api/admin/renewals/kickoff`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ date: DAY }),
      });
      const body = (await res.json()) as { due: number; kicked_off: number; emails_sent: number; message?: string };
      if (res.status !== 200) throw new Error(`kickoff answered ${res.status}: ${body.message}`);
      return { ms: performance.now() - started, ...body };
    };
    const first = await run();
    console.log(`first run:  ${secs(first.ms)} — ${first.due} due, ${first.kicked_off} renewals created, ${first.emails_sent} e-mails`);
    const second = await run();
    console.log(`second run: ${secs(second.ms)} — ${second.due} due, ${second.kicked_off} renewals created, ${second.emails_sent} e-mails (idempotent: 0 and 0 expected)`);
  } finally {
    await stack.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = process.argv.indexOf('--carriers');
  await kickoffBench(at > 0 ? Number(process.argv[at + 1]) : 5_000);
}
