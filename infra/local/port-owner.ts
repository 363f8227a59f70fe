import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * Whether process `pid` holds the socket listening on `port`: true, false, or undefined where this
 * machine cannot tell (neither /proc nor lsof). A child told to listen on a port that another
 * process took first may stay up without listening (DynamoDB Local does), while the other process
 * answers on that port: only the socket's owner says whose answer it is.
 */
export function ownsListeningPort(pid: number, port: number): boolean | undefined {
  const inodes = listeningInodes(port);
  if (inodes === undefined) return ownsWithLsof(pid, port);
  if (inodes.size === 0) return false;
  let fds: string[];
  try {
    fds = fs.readdirSync(`/proc/${pid}/fd`);
  } catch {
    return false;
  }
  return fds.some((fd) => {
    try {
      const socket = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
      return socket !== null && inodes.has(socket[1]);
    } catch {
      return false;
    }
  });
}

const LISTEN = '0A';

/** Inodes of the IPv4 and IPv6 sockets listening on the port (Linux), undefined without /proc/net. */
function listeningInodes(port: number): Set<string> | undefined {
  const tables = ['/proc/net/tcp', '/proc/net/tcp6'].filter((file) => fs.existsSync(file));
  if (tables.length === 0) return undefined;
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Set<string>();
  for (const table of tables) {
    // sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode …
    for (const line of fs.readFileSync(table, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields.length < 10) continue;
      if (fields[1].endsWith(`:${hexPort}`) && fields[3] === LISTEN) inodes.add(fields[9]);
    }
  }
  return inodes;
}

function ownsWithLsof(pid: number, port: number): boolean | undefined {
  const probe = spawnSync('lsof', ['-nP', '-a', '-p', String(pid), `-iTCP:${port}`, '-sTCP:LISTEN'], { stdio: 'ignore' });
  if (probe.error) return undefined;
  return probe.status === 0;
}
