import path from 'node:path';
import { roleLabel } from '../../shared/roles';
import { startCpuProfile } from './cpu-profile';
import { DEMO_PASSWORD, demoUsers } from './demo-data';
import { LocalStackError } from './errors';
import { installProcessGuard } from './process-guard';
import { startLocalStack } from './stack';

/** `npm start`: the whole platform locally, then the URL and the demo sign-ins. */
const port = Number(process.env.PORT ?? 3000);
const dataDir = path.resolve(process.env.DATA_DIR ?? '.data');
const webConfig = process.env.DVP_WEB_CONFIG ? (JSON.parse(process.env.DVP_WEB_CONFIG) as Record<string, unknown>) : undefined;

installProcessGuard(dataDir);

try {
  console.log(`Starting the Data Validation Platform (data in ${dataDir})…`);
  const stack = await startLocalStack({ port, dataDir, webConfig, log: (line) => console.log(line) });
  const stopProfile = process.env.DVP_CPU_PROFILE ? await startCpuProfile(process.env.DVP_CPU_PROFILE) : undefined;
  const shutdown = async () => {
    await stopProfile?.();
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  const width = Math.max(...demoUsers.map((u) => u.email.length));
  console.log(
    [
      '',
      `Mail viewer (local SES): ${stack.endpoints.ses}`,
      `Demo sign-ins (password ${DEMO_PASSWORD}):`,
      ...demoUsers.map((u) => `  ${u.email.padEnd(width)}  ${roleLabel(u.role)}`),
      '',
      `Ready: ${stack.url}`,
    ].join('\n'),
  );
} catch (error) {
  if (error instanceof LocalStackError) {
    console.error(error.message);
  } else {
    console.error(`The local stack failed to start: ${(error as Error).message}`);
  }
  process.exit(1);
}
