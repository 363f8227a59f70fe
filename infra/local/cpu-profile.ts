import fs from 'node:fs';
import { Session } from 'node:inspector/promises';

/**
 * A CPU profile of the local server process (V8's sampling profiler), written as a .cpuprofile
 * that Chrome's DevTools and VS Code open. For finding where a request's time goes under load:
 * `DVP_CPU_PROFILE=/tmp/server.cpuprofile npm start`, or `load.ts --profile FILE`.
 */
export async function startCpuProfile(file: string): Promise<() => Promise<void>> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  return async () => {
    const { profile } = await session.post('Profiler.stop');
    fs.writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  };
}
