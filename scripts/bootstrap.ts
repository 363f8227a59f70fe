/**
 * `npm run bootstrap`: the first DMS Admin of a stage and its carrier catalog (docs/carriers-catalog.md).
 * Exit 0 when the admin was created or already existed, 1 on a wrong command line or any failure.
 */
import { parseBootstrapArgs, USAGE, UsageError } from './bootstrap/args';
import { discoverLocal, localStackAnswers } from './bootstrap/local-resources';
import { bootstrap } from './bootstrap/run';
import { discoverStage } from './bootstrap/stage-resources';

async function main(): Promise<number> {
  let args;
  try {
    args = parseBootstrapArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    if (error.message) console.error(error.message);
    console.error(USAGE);
    return error.message ? 1 : 0;
  }
  const { target } = args;
  let env;
  let where;
  if (target.kind === 'local') {
    env = discoverLocal(target.dataDir);
    if (!(await localStackAnswers(env))) {
      throw new Error(`The local stack of ${target.dataDir} does not answer at ${env.PUBLIC_URL}: start it with \`npm start\` and run the bootstrap again.`);
    }
    where = `the local stack (${env.PUBLIC_URL})`;
  } else {
    env = await discoverStage(target.stage, target.region);
    where = `stage ${target.stage} (${env.AWS_REGION})`;
  }
  const report = await bootstrap(args, env, where);
  for (const line of report.lines) console.log(line);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(`Bootstrap failed: ${error.message}`);
    process.exit(1);
  },
);
