import os from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * Task handlers run on worker threads of their own, for the tasks of which several run at once.
 * Locally every task otherwise runs on the API server's one thread: the two files of a comparison,
 * read at the same time, took turns on one core while the other idled, where in AWS each read is a
 * Lambda of its own. A thread is kept for the next task, as a warm Lambda container is, and there
 * are at most as many as cores.
 */

interface Job {
  module: string;
  input: unknown;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Thread {
  worker: Worker;
  job: Job | null;
}

// tsx's loader is registered in the thread itself: the one the stack started with does not reach workers.
const threadSource = (functionsDir: string) => `
const { parentPort } = await import('node:worker_threads');
const { pathToFileURL } = await import('node:url');
const path = await import('node:path');
const { register } = await import('tsx/esm/api');
register();
const handlers = new Map();
parentPort.on('message', async ({ module, input }) => {
  try {
    if (!handlers.has(module)) handlers.set(module, (await import(pathToFileURL(path.join(${JSON.stringify(functionsDir)}, module + '.ts')).href)).handler);
    const value = await handlers.get(module)(input);
    parentPort.postMessage({ value: value === undefined ? null : JSON.parse(JSON.stringify(value)) });
  } catch (error) {
    parentPort.postMessage({ error: { name: error?.name ?? 'Error', message: error?.message ?? String(error) } });
  }
});
`;

const named = (name: string, message: string) => Object.assign(new Error(message), { name });

export function taskThreads(functionsDir: string, size = Math.min(2, os.availableParallelism())) {
  const threads: Thread[] = [];
  const queue: Job[] = [];
  let stopped = false;

  function startThread(): Thread {
    const thread: Thread = { worker: new Worker(threadSource(functionsDir), { eval: true }), job: null };
    thread.worker.unref();
    thread.worker.on('message', (message: { value?: unknown; error?: { name: string; message: string } }) => {
      const job = thread.job;
      thread.job = null;
      if (job) {
        if (message.error) job.reject(named(message.error.name, message.error.message));
        else job.resolve(message.value);
      }
      next();
    });
    // A thread that dies fails its task as a Lambda that died does; the next task gets a new one.
    const dead = (error: Error) => {
      const at = threads.indexOf(thread);
      if (at >= 0) threads.splice(at, 1);
      thread.job?.reject(named('Runtime.ExitError', `Runtime exited with error: ${error.message}`));
      thread.job = null;
      next();
    };
    thread.worker.on('error', dead);
    thread.worker.on('exit', (code) => {
      if (threads.includes(thread)) dead(new Error(`exit status ${code}`));
    });
    threads.push(thread);
    return thread;
  }

  function next(): void {
    if (stopped) return;
    while (queue.length) {
      const idle = threads.find((t) => !t.job) ?? (threads.length < size ? startThread() : undefined);
      if (!idle) return;
      const job = queue.shift()!;
      idle.job = job;
      idle.worker.postMessage({ module: job.module, input: job.input });
    }
  }

  return {
    /** Runs the handler of `module` (under functions/, without .ts) on a thread; resolves with its JSON answer. */
    run(module: string, input: unknown): Promise<unknown> {
      return new Promise((resolve, reject) => {
        queue.push({ module, input, resolve, reject });
        next();
      });
    },
    async stop(): Promise<void> {
      stopped = true;
      await Promise.all(threads.splice(0).map((t) => t.worker.terminate()));
    },
  };
}
