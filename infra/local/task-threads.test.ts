import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taskThreads } from './task-threads';

// Task modules as functions/ has them: a TypeScript module exporting `handler`.
const MODULES: Record<string, string> = {
  'tasks/echo.ts': `import { threadId } from 'node:worker_threads';
export const handler = async (event: { n: number }) => ({ doubled: event.n * 2, thread: threadId, dropped: undefined });`,
  'tasks/refuse.ts': `export const handler = async () => { throw Object.assign(new Error('The file has no rows.'), { name: 'FileParseError' }); };`,
  'tasks/die.ts': `export const handler = async () => { process.exit(3); };`,
};

let dir: string;
let threads: ReturnType<typeof taskThreads>;

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'dvp-task-threads-'));
  for (const [file, source] of Object.entries(MODULES)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), source);
  }
  threads = taskThreads(dir, 2);
});

afterAll(async () => {
  await threads?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('task handlers on threads of their own', () => {
  it('answers the handler\'s JSON, two tasks at once on two threads, not the server\'s', async () => {
    const [a, b] = (await Promise.all([threads.run('tasks/echo', { n: 2 }), threads.run('tasks/echo', { n: 5 })])) as Array<{ doubled: number; thread: number }>;

    expect([a.doubled, b.doubled]).toEqual([4, 10]);
    expect(a).not.toHaveProperty('dropped');
    expect(a.thread).not.toBe(0);
    expect(b.thread).not.toBe(a.thread);
  }, 60_000);

  it('fails the task with the error\'s name and message, as Step Functions sees a Lambda\'s', async () => {
    await expect(threads.run('tasks/refuse', {})).rejects.toMatchObject({ name: 'FileParseError', message: 'The file has no rows.' });
  }, 60_000);

  it('fails a task whose thread died as a Lambda that died, and runs the next one on a new thread', async () => {
    await expect(threads.run('tasks/die', {})).rejects.toMatchObject({ name: 'Runtime.ExitError' });

    expect(await threads.run('tasks/echo', { n: 1 })).toMatchObject({ doubled: 2 });
  }, 60_000);
});
