import { AsyncLocalStorage } from 'node:async_hooks';
import fs from 'node:fs';
import path from 'node:path';
import { redact } from '../../functions/lib/observability/redact';

/**
 * The last line of defence of the local stack's one process: an error nobody handled is logged with
 * the request or task it came from, and the platform keeps serving everyone else. In AWS each
 * request and task is a function of its own, so such an error fails that invocation alone; locally
 * it would otherwise stop every user's stack. Errors are handled where they arise; this only
 * records that one was not.
 */
export interface WorkContext {
  /** The API request id, or the task's execution and state. */
  id: string;
  what: string;
}

const current = new AsyncLocalStorage<WorkContext>();

/** Runs `work` so that an error it leaves unhandled is logged against `context`. */
export function withWorkContext<T>(context: WorkContext, work: () => T): T {
  return current.run(context, work);
}

/** Where the stack records each error nobody handled, one JSON line each, for its operator and its tests. */
export const unhandledErrorsFile = (dataDir: string) => path.join(dataDir, 'unhandled-errors.log');

/** Logs every unhandled error to stderr and to the data directory's record, and keeps the process up. */
export function installProcessGuard(dataDir: string): () => void {
  const write = (line: string) => {
    process.stderr.write(`${line}\n`);
    try {
      fs.appendFileSync(unhandledErrorsFile(dataDir), `${line}\n`);
    } catch {
      // The data directory may be gone while the stack stops; stderr has the line.
    }
  };
  const report = (kind: string) => (error: unknown) => {
    const context = current.getStore();
    const e = error instanceof Error ? error : new Error(String(error));
    write(
      JSON.stringify({
        level: 'error',
        time: new Date().toISOString(),
        message: `${kind} (the platform keeps serving)`,
        request_id: context?.id ?? null,
        work: context?.what ?? null,
        error: { name: e.name, message: redact(e.message), stack: redact(e.stack ?? '') },
      }),
    );
  };
  const onRejection = report('unhandled rejection');
  const onException = report('uncaught exception');
  process.on('unhandledRejection', onRejection);
  process.on('uncaughtException', onException);
  return () => {
    process.off('unhandledRejection', onRejection);
    process.off('uncaughtException', onException);
  };
}
