import { AsyncLocalStorage } from 'node:async_hooks';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { resultWriteHooks } from '../../functions/lib/compare-runs/results-store';

/**
 * Faults on demand for the local pipeline, so tests can watch a comparison survive a task that
 * fails, times out or dies half-way through saving, and a job survive SES refusing an e-mail
 * (docs/local-faults.md).
 *
 * Off unless the local stack was started with DVP_LOCAL_FAULTS=1. A test then writes
 * `<DATA_DIR>/faults.json` (an array of faults); each fault fires once, for the task state it names
 * and (when given) only for one comparison, and is removed from the file when it fires. It lives in
 * the local Step Functions runner only: no route reaches it, and nothing of it is deployed.
 */
export type FaultKind =
  /** The task throws before doing anything (a plain Error: not retried, caught into the failure task); SendEmail: SES refuses the e-mail. */
  | 'fail'
  /** The task's state times out (States.Timeout) after `after_ms`; the handler goes on in the background, as a Lambda does. */
  | 'timeout'
  /** The task dies (Runtime.ExitError) before the first result batch past its first `after_results` results. */
  | 'crash-saving'
  /** The task does all its work, then its answer is lost (Lambda.ServiceException: retried). */
  | 'lost-response'
  /** The whole local stack is killed (SIGKILL, its children too) before the first result batch past its first `after_results` results. */
  | 'kill-stack-saving';

export interface Fault {
  task: string;
  kind: FaultKind;
  comparison_id?: string;
  after_ms?: number;
  /** Results (puts, then deletes) the run sends in whole batches before the fault: counted in results, so it means the same whatever the batch size. */
  after_results?: number;
  /** SendEmail: how many e-mails go before the one refused (default 0). */
  after_sends?: number;
}

/** Its name in the data directory. */
export const FAULTS_FILE = 'faults.json';

// Per task run: the batch writers of one run see its fault, other comparisons' runs go on untouched.
const saving = new AsyncLocalStorage<(requests: number) => void>();

const named = (name: string, message: string) => Object.assign(new Error(message), { name });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** As `kill -9` on the stack's process group (tsx's parent process, DynamoDB Local and the other children with it). */
function killStack(): never {
  try {
    const group = Number(execFileSync('ps', ['-o', 'pgid=', '-p', String(process.pid)]).toString().trim());
    if (group > 1) process.kill(-group, 'SIGKILL');
  } catch {
    /* no ps, or no group to kill: this process alone */
  }
  process.kill(process.pid, 'SIGKILL');
  throw new Error('unreachable');
}

/** Set by the local stack (stack.ts) only when it was started with DVP_LOCAL_FAULTS=1. */
function faultsPath(): string | null {
  if (process.env.DVP_LOCAL !== '1') return null;
  return process.env.DVP_LOCAL_FAULTS_FILE || null;
}

/** Takes the first fault meant for this task (and comparison) out of the file. */
function takeFault(task: string, payload: unknown): Fault | null {
  const file = faultsPath();
  if (!file || !fs.existsSync(file)) return null;
  const faults = JSON.parse(fs.readFileSync(file, 'utf8')) as Fault[];
  const comparisonId = (payload as { comparison_id?: string } | null)?.comparison_id;
  const i = faults.findIndex((f) => f.task === task && (!f.comparison_id || f.comparison_id === comparisonId));
  if (i < 0) return null;
  const [fault] = faults.splice(i, 1);
  fs.writeFileSync(file, JSON.stringify(faults));
  return fault;
}

/**
 * The local SES stand-in asks before each send (infra/local/ses.ts): a `SendEmail` fault makes
 * that one e-mail be refused as SES refuses one (MessageRejected), nothing sent.
 */
export function takeSendEmailFault(): Fault | null {
  const file = faultsPath();
  if (!file || !fs.existsSync(file)) return null;
  const faults = JSON.parse(fs.readFileSync(file, 'utf8')) as Fault[];
  const fault = faults.find((f) => f.task === 'SendEmail');
  if (!fault) return null;
  // `after_sends`: that many e-mails go first, counted down in the file.
  if (fault.after_sends) {
    fault.after_sends--;
    fs.writeFileSync(file, JSON.stringify(faults));
    return null;
  }
  return takeFault('SendEmail', null);
}

/**
 * The check before each result batch of a run: `die` once the batches started hold the fault's
 * `after_results` (default 50). Once dead, every writer of the run stops at its next batch (a
 * killed process writes nothing more).
 */
function diesAfter(fault: Fault, die: () => void): (requests: number) => void {
  const after = fault.after_results ?? 50;
  let started = 0;
  resultWriteHooks.beforeBatch ??= (requests) => saving.getStore()?.(requests);
  return (requests) => {
    if (started >= after) die();
    started += requests;
  };
}

/** Runs `handler` for `task`, with the fault a test asked for, if any. */
export async function withFaults<T>(task: string, payload: unknown, handler: () => Promise<T>): Promise<T> {
  const fault = takeFault(task, payload);
  if (!fault) return handler();
  switch (fault.kind) {
    case 'fail':
      throw named('Error', `Injected failure of ${task}`);
    case 'timeout': {
      void handler().catch(() => undefined);
      await sleep(fault.after_ms ?? 200);
      throw named('States.Timeout', 'Task timed out');
    }
    case 'crash-saving': {
      const beforeBatch = diesAfter(fault, () => {
        throw named('Runtime.ExitError', 'Runtime exited with error: signal: killed');
      });
      return saving.run(beforeBatch, handler);
    }
    case 'lost-response':
      await handler();
      throw named('Lambda.ServiceException', 'Injected loss of the response');
    case 'kill-stack-saving':
      return saving.run(diesAfter(fault, killStack), handler);
  }
}
