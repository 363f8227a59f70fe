import fs from 'node:fs';

/**
 * The processes a local stack started for its data directory, found from the outside (Linux /proc):
 * DynamoDB Local's java names the directory in its command line, cognito-local runs inside it. They
 * are found so even once their parent is gone.
 */
export function stackChildren(dataDir: string): { java: number[]; cognito: number[] } {
  const found = { java: [] as number[], cognito: [] as number[] };
  for (const entry of fs.readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || !isRunning(pid)) continue;
    const cmdline = read(() => fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0'));
    const cwd = read(() => fs.readlinkSync(`/proc/${pid}/cwd`));
    if (!cmdline) continue;
    if (cmdline.some((arg) => arg.endsWith('DynamoDBLocal.jar')) && cmdline.some((arg) => arg.startsWith(dataDir))) found.java.push(pid);
    if (cmdline.some((arg) => arg.includes('cognito-local')) && cwd?.startsWith(dataDir)) found.cognito.push(pid);
  }
  return found;
}

/** True while the process exists and is not a zombie (an orphan nobody has reaped yet has stopped). */
export function isRunning(pid: number): boolean {
  const stat = read(() => fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  if (!stat) return false;
  // pid (comm) state …: the state follows the last ')' since comm may hold one.
  const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  return state !== 'Z' && state !== 'X';
}

/** Waits (up to `ms`) until none of the processes runs; returns those still running. */
export async function waitUntilGone(pids: number[], ms = 30_000): Promise<number[]> {
  const deadline = Date.now() + ms;
  let left = pids.filter(isRunning);
  while (left.length && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    left = left.filter(isRunning);
  }
  return left;
}

function read<T>(what: () => T): T | undefined {
  try {
    return what();
  } catch {
    return undefined;
  }
}
