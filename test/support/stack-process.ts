import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { freePort } from '../../infra/local/ports';

/** Runs `npm start`'s own entry point in a child process, every service on a free port. */
const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist', 'cli.mjs');

export interface StackProcess {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  stop: () => Promise<void>;
}

export async function spawnStack(options: { port: number; dataDir: string; env?: Record<string, string> }): Promise<StackProcess> {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(options.port),
    DATA_DIR: options.dataDir,
    // DVP_STACK_LOG=<file> keeps the server's log of a test run in that file, for reading a 500 afterwards.
    DVP_LOG_SILENT: process.env.DVP_STACK_LOG ? '0' : '1',
    // Tests make their own comparisons; the demo's example run would only add load.
    DVP_DEMO_COMPARISON: '0',
    // The daily jobs run when a test asks (POST /api/admin/renewals/kickoff), never behind its back.
    DVP_SCHEDULES: '0',
    // Tests may make a pipeline task fail on purpose (infra/local/faults.ts); nothing fails unless asked.
    DVP_LOCAL_FAULTS: '1',
    DYNAMODB_PORT: String(await freePort()),
    S3_PORT: String(await freePort()),
    COGNITO_PORT: String(await freePort()),
    SES_PORT: String(await freePort()),
    SFN_PORT: String(await freePort()),
    ...options.env,
  };
  const child = spawn(process.execPath, [tsx, 'infra/local/start.ts'], { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'], env });
  let output = '';
  const log = process.env.DVP_STACK_LOG ? fs.createWriteStream(process.env.DVP_STACK_LOG) : undefined;
  const keep = (c: Buffer) => {
    output += c.toString();
    log?.write(c);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return {
    child,
    output: () => output,
    exited,
    stop: async () => {
      if (child.exitCode !== null || !child.pid) return;
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
    },
  };
}

/** Waits for the `Ready: <url>` line; rejects with the output when the process exits first. */
export async function waitForReady(stack: StackProcess, timeoutMs = 240_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const m = /Ready: (http\S+)/.exec(stack.output());
    if (m) return m[1];
    if (stack.child.exitCode !== null) throw new Error(`local stack exited with code ${stack.child.exitCode}:\n${stack.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`local stack did not start in time:\n${stack.output()}`);
}
