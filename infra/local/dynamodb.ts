import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import {
  CreateTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  UpdateTimeToLiveCommand,
  type CreateTableCommandInput,
} from '@aws-sdk/client-dynamodb';
import { LocalStackError } from './errors';
import { startChild } from './processes';
import { waitFor } from './ports';

const JAVA_HINT =
  'DynamoDB Local needs a Java runtime (17 or newer). Install one, for example:\n' +
  '  sudo apt-get install -y openjdk-17-jre-headless\n' +
  'or set JAVA_HOME to an installed JDK, then run npm start again.';

/** The java binary: $JAVA_HOME/bin/java, else java on the PATH. */
export function findJava(): string {
  const candidates = [process.env.JAVA_HOME && path.join(process.env.JAVA_HOME, 'bin', 'java'), 'java'].filter(
    Boolean,
  ) as string[];
  for (const java of candidates) {
    const probe = spawnSync(java, ['-version'], { encoding: 'utf8' });
    if (probe.status === 0) {
      const match = /version "(\d+)/.exec(probe.stderr + probe.stdout);
      if (match && Number(match[1]) < 17) throw new LocalStackError(`Java ${match[1]} found; ${JAVA_HINT}`);
      return java;
    }
  }
  throw new LocalStackError(JAVA_HINT);
}

/** AWS's own DynamoDB Local jar, as shipped inside the amplify-dynamodb-simulator package. */
function emulatorDir(): string {
  const require = createRequire(import.meta.url);
  const pkg = require.resolve('amplify-dynamodb-simulator/package.json');
  return path.join(path.dirname(pkg), 'emulator');
}

export function dynamoClient(endpoint: string) {
  return new DynamoDBClient({ region: 'us-east-1', endpoint, credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
}

export async function startDynamoDb(dataDir: string, port: number): Promise<string> {
  const java = findJava();
  const dir = emulatorDir();
  const dbPath = path.join(dataDir, 'dynamodb');
  fs.mkdirSync(dbPath, { recursive: true });
  startChild(
    java,
    ['-Xmx1g', `-Djava.library.path=${path.join(dir, 'DynamoDBLocal_lib')}`, '-jar', path.join(dir, 'DynamoDBLocal.jar'),
      // No telemetry: the jar would otherwise try to report to AWS from a machine that may have no network.
      '-sharedDb', '-disableTelemetry', '-dbPath', dbPath, '-port', String(port)],
    { name: 'DynamoDB Local', cwd: dir },
  );
  const endpoint = `http://127.0.0.1:${port}`;
  const client = dynamoClient(endpoint);
  await waitFor('DynamoDB Local', async () => (await client.send(new ListTablesCommand({}))) ?? undefined, 60_000);
  return endpoint;
}

/** Creates the single table from the synthesized definition when it does not exist yet. */
export async function ensureTable(endpoint: string, definition: CreateTableCommandInput, ttlAttribute?: string) {
  const client = dynamoClient(endpoint);
  const name = definition.TableName!;
  const existing = await client.send(new ListTablesCommand({}));
  if (existing.TableNames?.includes(name)) return;
  await client.send(new CreateTableCommand(definition));
  await waitFor('table', async () => {
    const { Table } = await client.send(new DescribeTableCommand({ TableName: name }));
    return Table?.TableStatus === 'ACTIVE' ? true : undefined;
  });
  if (ttlAttribute) {
    await client.send(
      new UpdateTimeToLiveCommand({ TableName: name, TimeToLiveSpecification: { AttributeName: ttlAttribute, Enabled: true } }),
    );
  }
}
