import { parseArgs } from 'node:util';
import { emailSchema } from '../../shared/validation';

/** What the bootstrap was asked to do: where (a deployed stage, or the running local stack) and for whom. */
export interface BootstrapArgs {
  target: { kind: 'stage'; stage: string; region?: string } | { kind: 'local'; dataDir: string };
  email: string;
  firstName?: string;
  lastName?: string;
  /** Seed the carrier catalog (default); --no-catalog leaves the carrier list as it is. */
  catalog: boolean;
}

export const USAGE = `Usage:
  npm run bootstrap -- --stage <stage> --email <address> [--name "First Last"] [--region <region>] [--no-catalog]
  npm run bootstrap -- --local --email <address> [--name "First Last"] [--no-catalog]

Creates the stage's first DMS Admin (invited by e-mail with a temporary password) and seeds the
platform's carrier catalog. --stage finds the stage's resources from the outputs of its
CloudFormation stack Dvp-<stage> (region: --region, else AWS_REGION or your AWS profile's).
--local works on the local stack that \`npm start\` is running (DATA_DIR, default .data).`;

export class UsageError extends Error {}

/** Reads the command line; a missing or wrong option is a UsageError whose message says which. */
export function parseBootstrapArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): BootstrapArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        stage: { type: 'string' },
        local: { type: 'boolean' },
        email: { type: 'string' },
        name: { type: 'string' },
        region: { type: 'string' },
        'no-catalog': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) throw new UsageError('');
  if (values.local && values.stage) throw new UsageError('Give either --stage <stage> or --local, not both.');
  if (!values.local && !values.stage) throw new UsageError('Give --stage <stage> (a deployed stage) or --local (the running local stack).');
  if (!values.email) throw new UsageError('Give --email <address>: the e-mail of the first DMS Admin.');
  const email = emailSchema().safeParse(values.email);
  if (!email.success) throw new UsageError(`"${values.email}" is not an e-mail address.`);
  const [firstName, ...rest] = (values.name ?? '').trim().split(/\s+/).filter(Boolean);
  return {
    target: values.local ? { kind: 'local', dataDir: env.DATA_DIR || '.data' } : { kind: 'stage', stage: values.stage!, region: values.region },
    email: email.data.toLowerCase(),
    firstName,
    lastName: rest.length ? rest.join(' ') : undefined,
    catalog: !values['no-catalog'],
  };
}
