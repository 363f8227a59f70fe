import { parseArgs } from 'node:util';
import { bearerClient, comparisonPath, configureDataPoints, uploadFile, type Call } from '../../infra/local/api-flow';
import { generatePair, type GeneratedTable } from '../../test/fixtures/generator/generate';
import { csvLine } from '../../test/fixtures/generator/write-files';
import { readStageConfig, signInAsSpa } from './sign-in';

/**
 * npm run smoke -- --url <public URL> --email <e> --password <p>
 *
 * Drives a stage as a broker would through its public address: signs in as the SPA does, reads
 * /api/me, creates a comparison of a generated ~50-row pair, uploads and parses both files, sets
 * the data points, runs it to the end, downloads its export and deletes it. Each step prints with
 * its time; the first failure exits 1 naming its step. The user must be able to compare (a company
 * user: a DMS Admin needs MFA and has no company) and must not need a new password or MFA.
 */
const ROWS = 50;

function step(name: string) {
  return async <T>(run: () => Promise<T>): Promise<T> => {
    const started = Date.now();
    try {
      const value = await run();
      console.log(`ok    ${name} (${Date.now() - started} ms)`);
      return value;
    } catch (error) {
      console.log(`FAIL  ${name} (${Date.now() - started} ms): ${(error as Error).message}`);
      throw Object.assign(new Error(name), { reported: true });
    }
  };
}

const csv = (table: GeneratedTable) => new TextEncoder().encode(csvLine(table.columns) + table.rows.map(csvLine).join(''));

async function main() {
  const { values } = parseArgs({ options: { url: { type: 'string' }, email: { type: 'string' }, password: { type: 'string' } } });
  if (!values.url || !values.email || !values.password) {
    console.error('Usage: npm run smoke -- --url <public URL> --email <e> --password <p>');
    process.exit(2);
  }
  const baseUrl = values.url.replace(/\/+$/, '');
  const started = Date.now();
  console.log(`smoke test of ${baseUrl} as ${values.email}`);

  const config = await step('config: GET /config.json')(() => readStageConfig(baseUrl));
  const token = await step(`sign-in: Cognito ${config.authFlowType === 'USER_PASSWORD_AUTH' ? 'USER_PASSWORD_AUTH' : 'SRP'}`)(() =>
    signInAsSpa(config, values.email!, values.password!),
  );
  const call: Call = bearerClient(baseUrl, token);
  const expect = async (method: string, path: string, want: number, body?: unknown) => {
    const res = await call(method, path, body);
    if (res.status !== want) throw new Error(`${method} ${path} answered ${res.status}, not ${want}: ${JSON.stringify(res.body).slice(0, 300)}`);
    return res.body as Record<string, unknown>;
  };

  const me = await step('me: GET /api/me')(async () => {
    const body = await expect('GET', '/api/me', 200);
    if (typeof body.company_id !== 'string') throw new Error(`${values.email} belongs to no company, so cannot compare: use a company user`);
    return body as { company_id: string };
  });
  const pair = generatePair({ rows: ROWS, seed: `smoke-${Date.now()}` });
  const name = `Smoke test ${new Date().toISOString()}`;
  const created = await step('create comparison')(() => expect('POST', `/api/companies/${me.company_id}/comparisons`, 201, { name, type: 'COMPARE_ONLY', audit_type: 'ENROLLMENT_AUDIT' }));
  const base = comparisonPath(me.company_id, created.id as string);
  let deleted = false;
  const mappingIds: string[] = [];
  try {
    await step(`upload and parse baseline (${ROWS} rows, presigned PUT)`)(() => uploadFile(call, base, 'BASELINE', { name: 'baseline.csv', bytes: csv(pair.baseline), contentType: 'text/csv' }));
    await step(`upload and parse carrier file (${pair.secondary.rows.length} rows, presigned PUT)`)(() =>
      uploadFile(call, base, 'SECONDARY', { name: 'carrier.csv', bytes: csv(pair.secondary), contentType: 'text/csv' }),
    );
    const points = await step('set data points')(() => configureDataPoints(call, me.company_id, base, pair.config, name));
    mappingIds.push(...points.flatMap((p: { data_mapping_id?: string }) => (p.data_mapping_id ? [p.data_mapping_id] : [])));
    await step('run comparison to the end')(async () => {
      await expect('POST', `${base}/run`, 202);
      const deadline = Date.now() + 300_000;
      for (;;) {
        const comparison = await expect('GET', base, 200);
        if (comparison.status === 'SUCCEEDED') return comparison;
        if (comparison.status !== 'RUNNING') throw new Error(`the run ended ${String(comparison.status)}: ${String(comparison.status_reason ?? '')}`);
        if (Date.now() > deadline) throw new Error('still RUNNING after 300 s');
        await new Promise((r) => setTimeout(r, 1000));
      }
    });
    await step('download export')(async () => {
      const exported = await expect('POST', `${base}/export`, 200, { kind: 'DISCREPANCIES' });
      const file = await fetch(String(exported.url));
      if (!file.ok) throw new Error(`GET of the export link answered ${file.status}`);
      const bytes = new Uint8Array(await file.arrayBuffer());
      // An .xlsx is a zip: it starts with "PK".
      if (bytes[0] !== 0x50 || bytes[1] !== 0x4b) throw new Error('the export is not an .xlsx workbook');
      return bytes.byteLength;
    });
    await step('delete comparison')(async () => {
      await expect('DELETE', base, 204);
      deleted = true;
      await expect('GET', base, 404);
      // The value mappings the data points used are the company's, not the comparison's.
      for (const id of mappingIds) await expect('DELETE', `/api/companies/${me.company_id}/data_mappings/${id}`, 204);
    });
  } finally {
    // A failed smoke test leaves nothing behind either; the failure it reports stays the first one.
    if (!deleted) {
      await call('DELETE', base).catch(() => undefined);
      for (const id of mappingIds) await call('DELETE', `/api/companies/${me.company_id}/data_mappings/${id}`).catch(() => undefined);
    }
  }
  console.log(`smoke test passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((error: Error & { reported?: boolean }) => {
  if (!error.reported) console.log(`FAIL  ${error.message}`);
  console.log(`smoke test FAILED at: ${error.message}`);
  process.exit(1);
});
