import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { spawnStack, waitForReady, type StackProcess } from './stack-process';

/**
 * Starts the real local stack once for the integration and browser projects, on a free port with a
 * fresh data directory, and tears it down afterwards.
 */
let stack: StackProcess | undefined;
let starting: Promise<void> | undefined;
let dataDir: string | undefined;
let users = 0;

declare module 'vitest' {
  export interface ProvidedContext {
    stackUrl: string;
    stackEndpoints: Record<string, string>;
    stackDataDir: string;
  }
}

export default async function setup(project: TestProject) {
  users++;
  starting ??= start();
  await starting;
  const endpoints = JSON.parse(fs.readFileSync(path.join(dataDir!, 'endpoints.json'), 'utf8'));
  project.provide('stackUrl', endpoints.url);
  project.provide('stackEndpoints', endpoints);
  project.provide('stackDataDir', dataDir!);
  return async () => {
    if (--users > 0) return;
    await stack?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

async function start() {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dvp-test-'));
  stack = await spawnStack({
    dataDir,
    // Files above 6 MB go up in 5 MB parts, so a 12 MB file takes the multipart path a file above 100 MB takes.
    env: { DVP_MULTIPART_THRESHOLD_BYTES: String(6 * 1024 * 1024), DVP_MULTIPART_PART_BYTES: String(5 * 1024 * 1024) },
  });
  await waitForReady(stack);
}
