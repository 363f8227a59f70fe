import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Fault } from '../../infra/local/faults';
import { comparisonPath, configureDataPoints, createComparison, listAll, uploadFile, waitForRun, type Call } from '../../infra/local/api-flow';
import { generatePair, type GeneratedTable } from '../fixtures/generator/generate';
import { csvLine } from '../fixtures/generator/write-files';
import { api, endpoints } from '../support/api';

/**
 * A comparison whose pipeline task fails, times out or dies half-way through saving (faults made on
 * purpose by the local stack, infra/local/faults.ts): it ends FAILED with a reason a person can
 * read, the result lists never show part of a run, no e-mail goes out twice, and running it again
 * gives exactly what a clean run gives.
 */
const ADMIN = 'company-admin@demo.example';
const admin: Call = (method, p, body) => api(method, p, { as: ADMIN, body });
// Large enough for several result batches (25 items each), small enough to run in seconds.
const pair = generatePair({ rows: 2_000, seed: 'faults', errorRate: 0.06 });
const csv = (table: GeneratedTable) => Buffer.from([csvLine(table.columns), ...table.rows.map((r) => csvLine(r))].join(''));

let companyId: string;
let organizationId: string;
let clean: Results;

interface Results {
  runId: string;
  discrepancies: string[];
  missing: string[];
  ids: string[];
}

function addFault(fault: Fault) {
  const file = path.join(inject('stackDataDir'), 'faults.json');
  const faults = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Fault[]) : [];
  fs.writeFileSync(file, JSON.stringify([...faults, fault]));
}

async function readyComparison(name: string): Promise<{ id: string; base: string }> {
  const { id } = await createComparison(admin, companyId, name);
  const base = comparisonPath(companyId, id);
  await uploadFile(admin, base, 'BASELINE', { name: 'baseline.csv', bytes: csv(pair.baseline), contentType: 'text/csv' });
  await uploadFile(admin, base, 'SECONDARY', { name: 'carrier.csv', bytes: csv(pair.secondary), contentType: 'text/csv' });
  await configureDataPoints(admin, companyId, base, pair.config, `${name} ${id.slice(0, 6)}`);
  return { id, base };
}

async function run(base: string) {
  const started = await admin('POST', `${base}/run`);
  expect(started.status).toBe(202);
  return waitForRun(admin, base, { everyMs: 250, timeoutMs: 90_000 });
}

/**
 * What the lists show, comparable across comparisons: each item by its place in the run (the id
 * without its run prefix) and what it says; data points by their column name.
 */
async function results(base: string): Promise<Results> {
  const comparison = (await admin('GET', base)).body;
  const columns = new Map<string, string>(((comparison.summary?.data_points ?? []) as Array<{ id: string; baseline_column_name: string }>).map((p) => [p.id, p.baseline_column_name]));
  const [discrepancies, missing] = await Promise.all([listAll(admin, `${base}/data_point_discrepancies?skipverification=true`), listAll(admin, `${base}/missing_discrepancies`)]);
  const place = (id: string) => id.slice(id.indexOf('-'));
  return {
    runId: comparison.summary?.run_id ?? '',
    discrepancies: discrepancies.map((d) => `${place(d.id)} ${columns.get(d.data_point_id)} ${d.unique_identifier} ${d.baseline_value} → ${d.secondary_value}`).sort(),
    missing: missing.map((m) => `${place(m.id)} ${m.kind} ${m.side ?? ''} ${m.unique_identifier}`).sort(),
    ids: [...discrepancies, ...missing].map((r) => r.id as string),
  };
}

async function emailsAbout(name: string): Promise<unknown[]> {
  const store = (await (await fetch(`${endpoints().ses}/store`)).json()) as { emails: Array<{ subject?: string; body?: { text?: string; html?: string } }> };
  return store.emails.filter((e) => `${e.subject ?? ''} ${e.body?.text ?? ''} ${e.body?.html ?? ''}`.includes(name));
}

async function expectNothingListed(base: string) {
  const [discrepancies, missing, report] = await Promise.all([
    listAll(admin, `${base}/data_point_discrepancies?skipverification=true`),
    listAll(admin, `${base}/missing_discrepancies`),
    admin('GET', `${base}/report`),
  ]);
  expect(discrepancies).toHaveLength(0);
  expect(missing).toHaveLength(0);
  expect(report.body.has_results).toBe(false);
}

/** Same findings as the clean run, every one of them written by the run now published. */
async function expectCleanResults(base: string) {
  const got = await results(base);
  expect(got.discrepancies).toEqual(clean.discrepancies);
  expect(got.missing).toEqual(clean.missing);
  expect(got.ids.every((id) => id.startsWith(got.runId.slice(0, 8)))).toBe(true);
}

beforeAll(async () => {
  const me = (await api('GET', '/api/me', { as: ADMIN })).body;
  companyId = me.company_id;
  organizationId = me.organization_id;
  const { base } = await readyComparison('Faults clean run');
  expect((await run(base)).status).toBe('SUCCEEDED');
  clean = await results(base);
  // Several batches to die in the middle of.
  expect(clean.discrepancies.length + clean.missing.length).toBeGreaterThan(100);
});

describe('a pipeline task that fails on the first run', () => {
  const cases: Array<{ title: string; fault: Omit<Fault, 'comparison_id'>; reason: RegExp }> = [
    { title: 'Prepare fails', fault: { task: 'PrepareComparison', kind: 'fail' }, reason: /^The comparison failed unexpectedly \(Error\)\. Try again/ },
    { title: 'the compare task times out', fault: { task: 'RunComparison', kind: 'timeout', after_ms: 300 }, reason: /took longer than the time limit/ },
    { title: 'the compare task dies half-way through saving', fault: { task: 'RunComparison', kind: 'crash-saving', after_results: 50 }, reason: /stopped unexpectedly while it was working/ },
    { title: 'Notify fails', fault: { task: 'NotifyComparison', kind: 'fail' }, reason: /^The comparison failed unexpectedly \(Error\)\. Try again/ },
  ];
  for (const { title, fault, reason } of cases) {
    it(`${title}: FAILED with a reason, nothing listed, no e-mail; a re-run gives the clean results`, async () => {
      const name = `Faults: ${title}`;
      const { id, base } = await readyComparison(name);
      addFault({ ...fault, comparison_id: id });

      const failed = await run(base);

      expect(failed.status).toBe('FAILED');
      expect(failed.status_reason).toMatch(reason);
      expect(failed.status_reason).not.toMatch(/at |Injected|signal|\{/);
      await expectNothingListed(base);
      expect(await emailsAbout(name)).toHaveLength(0);

      // A timed-out task goes on in the background, as a Lambda does; let it finish first.
      if (fault.kind === 'timeout') await new Promise((r) => setTimeout(r, 3_000));
      const again = await run(base);

      expect(again.status).toBe('SUCCEEDED');
      expect(again.step).toBe('VIEW_REPORTS');
      await expectCleanResults(base);
      expect(await emailsAbout(name)).toHaveLength(0);
    });
  }
});

describe('a re-run that dies half-way through saving', () => {
  it('leaves the previous results whole and listed, then a further run replaces them exactly', async () => {
    const { id, base } = await readyComparison('Faults: re-run dies');
    expect((await run(base)).status).toBe('SUCCEEDED');
    const before = await results(base);
    addFault({ task: 'RunComparison', kind: 'crash-saving', comparison_id: id, after_results: 75 });

    const failed = await run(base);
    const during = await results(base);

    expect(failed.status).toBe('FAILED');
    expect(during.runId).toBe(before.runId);
    expect(during.ids.sort()).toEqual(before.ids.sort());
    expect((await admin('GET', `${base}/report`)).body.has_results).toBe(true);

    expect((await run(base)).status).toBe('SUCCEEDED');
    await expectCleanResults(base);
  });
});

describe('a task whose answer is lost after its work is done (retried by Step Functions)', () => {
  for (const task of ['RunComparison', 'NotifyComparison']) {
    it(`${task}: the retry changes nothing and the run succeeds with the clean results`, async () => {
      const { id, base } = await readyComparison(`Faults: ${task} answer lost`);
      addFault({ task, kind: 'lost-response', comparison_id: id });

      const done = await run(base);

      expect(done.status).toBe('SUCCEEDED');
      await expectCleanResults(base);
    });
  }

  it('at the discrepancy limit the e-mail goes out once, though the compare task ran twice', async () => {
    const name = 'Faults: limit e-mail once';
    const { id, base } = await readyComparison(name);
    addFault({ task: 'RunComparison', kind: 'lost-response', comparison_id: id });
    await setDiscrepancyLimit(5);
    try {
      const done = await run(base);

      expect(done.status).toBe('FAILED');
      expect(done.status_reason).toMatch(/^This comparison found more than 5 discrepancies/);
      await expectNothingListed(base);
      await new Promise((r) => setTimeout(r, 1_000));
      expect(await emailsAbout(name)).toHaveLength(1);
    } finally {
      await setDiscrepancyLimit(null);
    }
  });
});

async function setDiscrepancyLimit(limit: number | null) {
  const current = await api('GET', `/api/organizations/${organizationId}`, { as: 'admin@demo.example' });
  const res = await api('PATCH', `/api/admin/organizations/${organizationId}`, {
    as: 'admin@demo.example',
    body: { discrepancy_limit: limit, updated_at: current.body.updated_at },
  });
  expect(res.status).toBe(200);
}
