import path from 'node:path';
import { roleLabel } from '../../shared/roles';
import { startCpuProfile } from './cpu-profile';
import { DEMO_PASSWORD, demoUsers } from './demo-data';
import { demoExampleGuide } from './demo-examples';
import { LocalStackError } from './errors';
import { installProcessGuard } from './process-guard';
import { requestedPort } from './ports';
import { stopChildren } from './processes';
import { startLocalStack, type LocalStack } from './stack';

/** `npm start`: the whole platform locally, then the URL and the demo sign-ins. */
const dataDir = path.resolve(process.env.DATA_DIR ?? '.data');
const webConfig = process.env.DVP_WEB_CONFIG ? (JSON.parse(process.env.DVP_WEB_CONFIG) as Record<string, unknown>) : undefined;

installProcessGuard(dataDir);

// Ctrl-C or SIGTERM stops the stack and its child processes, also while it is still starting.
let stack: LocalStack | undefined;
let stopProfile: (() => Promise<void>) | undefined;
let stopping = false;
const shutdown = async () => {
  if (stopping) return;
  stopping = true;
  await stopProfile?.();
  await stack?.stop();
  await stopChildren();
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
// Whoever read the output is gone (its pipe broke): stop rather than run unseen. Handling the error
// also keeps it from reaching the process guard, whose report would go to the same broken pipe.
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => void shutdown());
// A launcher that may die without stopping the stack (a test runner) holds its stdin: closed, it stops.
if (process.env.DVP_STOP_WITH_STDIN === '1') process.stdin.on('end', () => void shutdown()).resume();

try {
  console.log(`Starting the Data Validation Platform (data in ${dataDir})…`);
  const port = requestedPort(process.env.PORT, 3000);
  stack = await startLocalStack({ port, dataDir, webConfig, log: (line) => console.log(line) });
  stopProfile = process.env.DVP_CPU_PROFILE ? await startCpuProfile(process.env.DVP_CPU_PROFILE) : undefined;
  const width = Math.max(...demoUsers.map((u) => u.email.length));
  console.log(
    [
      '',
      `Mail viewer (local SES): ${stack.endpoints.ses}`,
      `Demo sign-ins (password ${DEMO_PASSWORD}):`,
      ...demoUsers.map((u) => `  ${u.email.padEnd(width)}  ${roleLabel(u.role)}`),
      'Demo examples (ready a minute or two after the first start):',
      ...demoExampleGuide.map((line) => `  ${line}`),
      '',
      `Ready: ${stack.url}`,
    ].join('\n'),
  );
} catch (error) {
  // A signal that cut the start short exits through shutdown.
  if (!stopping) {
    console.error(error instanceof LocalStackError ? error.message : `The local stack failed to start: ${(error as Error).message}`);
    process.exit(1);
  }
}
