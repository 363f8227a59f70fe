import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

/** Child processes of the local stack, stopped together when the stack stops. */
const children = new Set<ChildProcess>();

export function startChild(command: string, args: string[], options: SpawnOptions & { name: string }): ChildProcess {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
  children.add(child);
  let tail = '';
  const keep = (chunk: Buffer) => {
    tail = (tail + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.on('exit', (code, signal) => {
    children.delete(child);
    if (!stopping && code !== 0 && signal === null) {
      process.stderr.write(`${options.name} exited with code ${code}\n${tail}\n`);
    }
  });
  return child;
}

let stopping = false;
export function stopChildren(): void {
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
}
