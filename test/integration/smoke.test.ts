import { execFile } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../infra/local/demo-data';
import { listAll } from '../../infra/local/api-flow';
import { api, stackUrl } from '../support/api';
import { callAs } from '../support/comparison-fixture';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

/** `npm run smoke` against the local stack, as an operator runs it after a deploy. */
function smoke(email: string, password: string): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/smoke/main.ts', '--url', stackUrl(), '--email', email, '--password', password],
      { cwd: REPO_ROOT, timeout: 240_000 },
      (error, stdout) => resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout }),
    );
  });
}

const USER = 'company-admin@demo.example';

describe('smoke test of a stage', () => {
  it('signs in, runs a generated comparison to its export and deletes it, printing each step with its time', { timeout: 300_000 }, async () => {
    const me = await api('GET', '/api/me', { as: USER });
    expect(me.status, JSON.stringify(me.body)).toBe(200);
    const comparisons = () => listAll(callAs(USER), `/api/companies/${me.body.company_id}/comparisons`, 100);
    const before = (await comparisons()).length;

    const { code, stdout } = await smoke(USER, DEMO_PASSWORD);

    expect(code, stdout).toBe(0);
    const steps = stdout.split('\n').filter((line) => line.startsWith('ok '));
    expect(steps.map((line) => line.replace(/^ok\s+/, '').replace(/ \(\d+ ms\)$/, ''))).toEqual([
      'config: GET /config.json',
      'sign-in: Cognito USER_PASSWORD_AUTH',
      'me: GET /api/me',
      'create comparison',
      expect.stringMatching(/^upload and parse baseline \(50 rows, presigned PUT\)$/),
      expect.stringMatching(/^upload and parse carrier file \(\d+ rows, presigned PUT\)$/),
      'set data points',
      'run comparison to the end',
      'download export',
      'delete comparison',
    ]);
    for (const line of steps) expect(line).toMatch(/\(\d+ ms\)$/);
    expect(stdout).toMatch(/smoke test passed in [\d.]+ s/);
    expect((await comparisons()).length).toBe(before);
  });

  it('exits 1 at the sign-in step with a wrong password', { timeout: 120_000 }, async () => {
    const { code, stdout } = await smoke(USER, 'Wrong-Passw0rd!');

    expect(code).toBe(1);
    expect(stdout).toMatch(/^FAIL {2}sign-in: Cognito USER_PASSWORD_AUTH \(\d+ ms\): /m);
    expect(stdout).toContain('smoke test FAILED at: sign-in');
    expect(stdout).not.toMatch(/^ok {4}me:/m);
  });
});
