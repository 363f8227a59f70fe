import { execFile } from 'node:child_process';
import path from 'node:path';
import { inject } from 'vitest';
import { emailsTo } from './users';

const root = path.resolve(import.meta.dirname, '../..');

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** `npm run bootstrap -- <args>` as an operator types it, on the test's local stack (its DATA_DIR). */
export function runBootstrap(args: string[], env: Record<string, string> = {}): Promise<CommandResult> {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', 'bootstrap', '--', ...args],
      { cwd: root, env: { ...process.env, DATA_DIR: inject('stackDataDir'), ...env }, timeout: 120_000 },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}

/** The temporary password of the newest invitation the local SES holds for this address. */
export async function temporaryPasswordFor(email: string): Promise<string> {
  const mails = (await emailsTo(email)).filter((m) => /account/i.test(m.subject));
  const text = mails.at(-1)?.body.text ?? '';
  const match = /Temporary password: (\S+)/.exec(text);
  if (!match) throw new Error(`no invitation with a temporary password for ${email}`);
  return match[1]!;
}
