import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { LocalStackError } from './errors';

/**
 * Child processes of the local stack (DynamoDB Local's java, cognito-local), stopped with it on
 * every way out: the stack's stop, a start that fails half-way, SIGINT/SIGTERM (start.ts), the
 * process exiting for any other reason, and the process being killed outright, which no handler of
 * its own sees: a small watcher process holds the other end of a pipe and stops the children when
 * that pipe closes.
 */
export interface LocalChild {
  pid: number;
  /** The last few KB the child printed (stdout and stderr). */
  output: () => string;
  hasExited: () => boolean;
  /** Resolves when the child has exited and all it printed is read. */
  exited: Promise<void>;
  /** From now on an exit nobody asked for is reported on stderr (while starting, its starter reports it). */
  started: () => void;
  /** SIGTERM, then SIGKILL if it is still there a few seconds later. */
  stop: () => Promise<void>;
}

const STOP_GRACE_MS = 5000;
const children = new Set<LocalChild>();
let closing = false;

/**
 * The watcher: plain JavaScript run by node itself, so it needs no loader. It learns each child's
 * pid (+pid, -pid once it exited) on stdin, ignores the signals a terminal or a test sends the whole
 * group (the stack stops its children itself then), and when stdin closes (the stack's process is
 * gone, however it went) sends what is left SIGTERM, then SIGKILL.
 */
const WATCHER = `
const pids = new Set();
let pending = '';
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => {});
const alive = (pid) => { try { process.kill(pid, 0); return true; } catch { return false; } };
const send = (signal) => { for (const pid of pids) { try { process.kill(pid, signal); } catch {} } };
process.stdin.on('data', (chunk) => {
  pending += chunk;
  const lines = pending.split('\\n');
  pending = lines.pop();
  for (const line of lines) (line[0] === '+' ? pids.add(Number(line.slice(1))) : pids.delete(Number(line.slice(1))));
});
process.stdin.on('close', () => {
  send('SIGTERM');
  const deadline = Date.now() + ${STOP_GRACE_MS};
  const check = setInterval(() => {
    for (const pid of pids) if (!alive(pid)) pids.delete(pid);
    if (pids.size && Date.now() < deadline) return;
    send('SIGKILL');
    process.exit(0);
  }, 100);
});
process.stdin.resume();
`;

let watcher: ChildProcess | undefined;
function watch(line: string) {
  if (!watcher) {
    watcher = spawn(process.execPath, ['-e', WATCHER], { stdio: ['pipe', 'ignore', 'ignore'] });
    // Never what keeps the stack's process alive; its pipe closes when that process goes.
    watcher.unref();
    (watcher.stdin as unknown as { unref?: () => void }).unref?.();
    watcher.stdin!.on('error', () => {});
  }
  watcher.stdin!.write(`${line}\n`);
}

export function startChild(command: string, args: string[], options: SpawnOptions & { name: string }): LocalChild {
  if (closing) throw new LocalStackError('The local stack is stopping.');
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
  if (child.pid === undefined) throw new LocalStackError(`${options.name} could not be started (${command}).`);
  const pid = child.pid;
  watch(`+${pid}`);
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  let reportExit = false;
  let stopping = false;
  // 'close' rather than 'exit': by then everything the child printed has been read.
  let closed = false;
  const exited = new Promise<void>((resolve) => child.once('close', () => resolve()));
  const local: LocalChild = {
    pid,
    output: () => tail,
    hasExited: () => closed,
    exited,
    started: () => {
      reportExit = true;
    },
    stop: async () => {
      stopping = true;
      if (local.hasExited()) return;
      child.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((r) => (timer = setTimeout(r, STOP_GRACE_MS)))]);
      clearTimeout(timer);
      if (!local.hasExited()) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
  children.add(local);
  child.once('close', (code, signal) => {
    closed = true;
    children.delete(local);
    watch(`-${pid}`);
    if (reportExit && !stopping && !closing && code !== 0 && signal === null) {
      process.stderr.write(`${options.name} exited with code ${code}\n${tail}\n`);
    }
  });
  return local;
}

/** Stops every child and starts no more: the stack is going away. */
export async function stopChildren(): Promise<void> {
  closing = true;
  await Promise.all([...children].map((child) => child.stop()));
}

// However the process ends, it does not leave its children running (the watcher SIGKILLs any that
// ignore this once the process is gone).
process.on('exit', () => {
  closing = true;
  for (const child of children) {
    try {
      process.kill(child.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
});
