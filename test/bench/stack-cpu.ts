import fs from 'node:fs';

/**
 * CPU time used so far by the local stack's processes (its process group), split into DynamoDB
 * Local (java) and the rest (the API server with the tasks, s3rver, cognito-local). On a machine
 * shared with other work the seconds a stage waits say little; the CPU it costs is steadier.
 * Linux only (/proc); null elsewhere.
 */
export interface StackCpu {
  dynamodbMs: number;
  otherMs: number;
}

const TICK_MS = 10; // USER_HZ is 100 on Linux

export function stackCpu(processGroup: number): StackCpu | null {
  if (!fs.existsSync('/proc/self/stat')) return null;
  const used: StackCpu = { dynamodbMs: 0, otherMs: 0 };
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    let command: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      command = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // Fields after the command name in parentheses: state is field 3, pgrp 5, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) !== processGroup) continue;
    const ms = (Number(fields[11]) + Number(fields[12])) * TICK_MS;
    if (command.includes('DynamoDBLocal')) used.dynamodbMs += ms;
    else used.otherMs += ms;
  }
  return used;
}

export const cpuSince = (from: StackCpu | null, to: StackCpu | null): StackCpu | null =>
  from && to ? { dynamodbMs: to.dynamodbMs - from.dynamodbMs, otherMs: to.otherMs - from.otherMs } : null;
