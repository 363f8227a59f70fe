import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../infra/local/ports';

/**
 * Starts the real local stack (`npm start`'s own entry point) once for the integration and
 * browser projects, on a free port with a fresh data directory, and tears it down afterwards.
 */
const root = path.resolve(import.meta.dirname, '../..');
let child: ChildProcess | undefined;
let dataDir: string | undefined;
let users = 0;

declare module 'vitest' {
  export interface ProvidedContext {
    stackUrl: string;
    stackEndpoints: Record<string, string>;
  }
}

export default async function setup(project: TestProject) {
  users++;
  if (!child) await start();
  const endpoints = JSON.parse(fs.readFileSync(path.join(dataDir!, 'endpoints.json'), 'utf8'));
  project.provide('stackUrl', endpoints.url);
  project.provide('stackEndpoints', endpoints);
  return async () => {
    if (--users > 0) return;
    await stop();
  };
}

async function start() {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dvp-test-'));
  const port = await freePort();
  const tsx = path.join(path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist', 'cli.mjs');
  child = spawn(process.execPath, [tsx, 'infra/local/start.ts'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      DVP_LOG_SILENT: '1',
      // Every service on a free port so a developer's running `npm start` does not interfere.
      DYNAMODB_PORT: String(await freePort()),
      S3_PORT: String(await freePort()),
      COGNITO_PORT: String(await freePort()),
      SES_PORT: String(await freePort()),
      SFN_PORT: String(await freePort()),
      DVP_WEB_CONFIG: JSON.stringify({ inactivity: { warningAfterMs: 4000, countdownSeconds: 5, checkEveryMs: 500 } }),
    },
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`local stack did not start in time:\n${output}`)), 240_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (/Ready: http/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child!.stdout!.on('data', onData);
    child!.stderr!.on('data', onData);
    child!.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`local stack exited with code ${code}:\n${output}`));
    });
  });
}

async function stop() {
  if (child?.pid) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      /* already gone */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  child = undefined;
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}
