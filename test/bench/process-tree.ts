import fs from 'node:fs';

/** A process of the local stack's tree, by what it runs: node (server, handlers, tasks, s3rver) or java (DynamoDB Local). */
export interface StackProcess {
  pid: number;
  kind: 'node' | 'java' | 'other';
}

/** The processes under `rootPid`, itself included, read from /proc (empty where there is no /proc). */
export function stackProcesses(rootPid: number): StackProcess[] {
  if (!fs.existsSync('/proc/self/stat')) return [];
  const children = new Map<number, number[]>();
  const names = new Map<number, string>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const ppid = Number(stat.slice(close + 2).split(' ')[1]);
      names.set(Number(entry), stat.slice(stat.indexOf('(') + 1, close));
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      /* the process ended meanwhile */
    }
  }
  const found: StackProcess[] = [];
  const pending = [rootPid];
  while (pending.length) {
    const pid = pending.pop()!;
    pending.push(...(children.get(pid) ?? []));
    const name = names.get(pid) ?? '';
    found.push({ pid, kind: name === 'java' ? 'java' : name.startsWith('node') || name === 'MainThread' ? 'node' : 'other' });
  }
  return found;
}

/** A memory figure of /proc/<pid>/status in bytes (`VmRSS`, `VmHWM`); 0 once the process is gone. */
export function statusBytes(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0;
  }
}
