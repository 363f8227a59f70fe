import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { unhandledErrorsFile } from './process-guard';

/** The guard is process-wide, so it is tried in a process of its own rather than in the test runner's. */
describe('the local stack process guard', () => {
  it('records an unhandled rejection and an uncaught exception with the work they came from, masked, and keeps the process running', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dvp-guard-'));
    const script = `
      import { installProcessGuard, withWorkContext } from './infra/local/process-guard.ts';
      installProcessGuard(process.argv[1]);
      withWorkContext({ id: 'req-1', what: 'POST /api/files/{id}/parse' }, () => {
        Promise.reject(new Error('SSN 123-45-6789 refused'));
        setTimeout(() => { throw new TypeError('boom'); }, 5);
      });
      setTimeout(() => console.log('still serving'), 50);
    `;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, dataDir], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      stdio: ['ignore', 'pipe', 'ignore'],
    }).toString();
    expect(out).toContain('still serving');
    const lines = fs.readFileSync(unhandledErrorsFile(dataDir), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.message, l.request_id, l.work, l.error.name])).toEqual([
      ['unhandled rejection (the platform keeps serving)', 'req-1', 'POST /api/files/{id}/parse', 'Error'],
      ['uncaught exception (the platform keeps serving)', 'req-1', 'POST /api/files/{id}/parse', 'TypeError'],
    ]);
    expect(lines[0].error.message).toBe('SSN ***-**-**** refused');
    expect(JSON.stringify(lines)).not.toContain('6789');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});
