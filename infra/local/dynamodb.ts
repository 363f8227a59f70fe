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
import { ownsListeningPort } from './port-owner';
import { freePort, isPortFree, waitFor } from './ports';

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

/** How many ports DynamoDB Local is tried on before the start gives up. */
const PORT_ATTEMPTS = 5;
/** The JVM's start is slow on a busy machine (several stacks starting at once on two cores). */
const START_TIMEOUT_MS = 180_000;

/**
 * DynamoDB Local on the preferred port, or on another when that one is taken. The java process
 * cannot be handed a socket, so a port is only ours once the listening socket belongs to our own
 * child: another stack's DynamoDB Local may be answering on it (java that lost the port keeps
 * running without listening), and using that one would mix two stacks' data.
 */
export async function startDynamoDb(dataDir: string, preferredPort: number): Promise<{ endpoint: string; pid: number }> {
  const java = findJava();
  const dir = emulatorDir();
  const dbPath = path.join(dataDir, 'dynamodb');
  fs.mkdirSync(dbPath, { recursive: true });
  let port = preferredPort !== 0 && (await isPortFree(preferredPort)) ? preferredPort : await freePort();
  for (let attempt = 1; ; attempt++) {
    const child = startChild(
      java,
      ['-Xmx1g', `-Djava.library.path=${path.join(dir, 'DynamoDBLocal_lib')}`, '-jar', path.join(dir, 'DynamoDBLocal.jar'),
        // No telemetry: the jar would otherwise try to report to AWS from a machine that may have no network.
        '-sharedDb', '-disableTelemetry', '-dbPath', dbPath, '-port', String(port)],
      { name: 'DynamoDB Local', cwd: dir },
    );
    const endpoint = `http://127.0.0.1:${port}`;
    const client = dynamoClient(endpoint);
    const outcome = await waitFor('DynamoDB Local', async () => {
      if (/Failed to bind|BindException/.test(child.output())) return 'taken';
      if (child.hasExited()) return 'exited';
      await client.send(new ListTablesCommand({}));
      // Answering is not enough: the answer may come from another process on the port.
      return ownsListeningPort(child.pid, port) === false ? undefined : 'ours';
    }, START_TIMEOUT_MS).catch(async (error: Error) => {
      await child.stop();
      throw error;
    });
    client.destroy();
    if (outcome === 'ours') {
      child.started();
      return { endpoint, pid: child.pid };
    }
    await child.stop();
    if (outcome === 'exited') throw new LocalStackError(`DynamoDB Local stopped while starting:\n${child.output()}`);
    if (attempt === PORT_ATTEMPTS) throw new LocalStackError(`DynamoDB Local found no free port after ${PORT_ATTEMPTS} tries (the last was ${port}).`);
    port = await freePort();
  }
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
