import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Runs `npm start`'s own entry point in a child process, every service on a port the OS picks (each
 * bound by the stack itself, so stacks started together never share one). Node runs it with tsx's
 * loader rather than through tsx's CLI, so `child` is the stack's own process.
 */
const root = path.resolve(import.meta.dirname, '../..');

export interface StackProcess {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
  stop: () => Promise<void>;
}

export async function spawnStack(options: { port?: number; dataDir: string; env?: Record<string, string> }): Promise<StackProcess> {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(options.port ?? 0),
    DATA_DIR: options.dataDir,
    // DVP_STACK_LOG=<file> keeps the server's log of a test run in that file, for reading a 500 afterwards.
    DVP_LOG_SILENT: process.env.DVP_STACK_LOG ? '0' : '1',
    // Tests make their own comparisons; the demo's example run would only add load.
    DVP_DEMO_COMPARISON: '0',
    // The daily jobs run when a test asks (POST /api/admin/renewals/kickoff), never behind its back.
    DVP_SCHEDULES: '0',
    // Tests may make a pipeline task fail on purpose (infra/local/faults.ts); nothing fails unless asked.
    DVP_LOCAL_FAULTS: '1',
    // The stack stops when this process is gone, however it went (its end of stdin closes).
    DVP_STOP_WITH_STDIN: '1',
    DYNAMODB_PORT: '0',
    S3_PORT: '0',
    COGNITO_PORT: '0',
    SES_PORT: '0',
    SFN_PORT: '0',
    ...options.env,
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/local/start.ts'], { cwd: root, detached: true, stdio: ['pipe', 'pipe', 'pipe'], env });
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
      const running = () => child.exitCode === null && child.signalCode === null;
      if (!running() || !child.pid) return;
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (running()) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          /* gone meanwhile */
        }
        await exited;
      }
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
