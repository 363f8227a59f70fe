import './polyfills';
import http from 'node:http';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { StateMachine, type RunOptions, type StateMachineDefinition } from 'aws-local-stepfunctions';
import { logger } from '../../functions/lib/observability/logger';
import { withFaults } from './faults';
import { bindPort, portOf, serveOn } from './ports';
import { withWorkContext } from './process-guard';
import { taskThreads } from './task-threads';

/**
 * A small Step Functions endpoint for the handlers' SFN client (StartExecution,
 * DescribeExecution), running the synthesized state machine with aws-local-stepfunctions and each
 * Task mapped to its in-process handler module.
 */
interface Execution {
  executionArn: string;
  stateMachineArn: string;
  name: string;
  status: 'RUNNING' | 'SUCCEEDED' | 'FAILED';
  startDate: number;
  stopDate?: number;
  input: string;
  output?: string;
  error?: string;
  cause?: string;
}

const functionsDir = path.resolve(import.meta.dirname, '../../functions');

type LambdaHandler = (input: unknown) => Promise<unknown>;
type TaskHandlers = NonNullable<NonNullable<RunOptions['overrides']>['taskResourceLocalHandlers']>;
type TaskHandler = TaskHandlers[string];
type JsonValue = Awaited<ReturnType<TaskHandler>>;

/** What a handler returns, as the JSON a task's output is (Step Functions serialises it too). */
const asJson = (value: unknown): JsonValue => (value === undefined ? null : JSON.parse(JSON.stringify(value)));

/**
 * Tasks that run several at once (a comparison's two files are read at the same time), each on a
 * thread of its own (task-threads.ts); the others run on the server's thread.
 */
const ON_THREADS = new Set(['pipeline/parse-file']);

function localTask(state: string, module: string, threads: ReturnType<typeof taskThreads>): TaskHandler {
  let loaded: Promise<LambdaHandler> | undefined;
  const run = async (input: unknown): Promise<JsonValue> => {
    loaded ??= ON_THREADS.has(module)
      ? Promise.resolve((event: unknown) => threads.run(module, event))
      : import(pathToFileURL(path.join(functionsDir, `${module}.ts`)).href).then((m) => m.handler);
    const handler = await loaded;
    // LambdaInvoke with Parameters { FunctionName, Payload } returns the Lambda response shape.
    if (input && typeof input === 'object' && 'FunctionName' in input && 'Payload' in input) {
      const event = (input as { Payload: unknown }).Payload;
      const payload = await withFaults(state, event, () => handler(event));
      return { StatusCode: 200, Payload: asJson(payload) };
    }
    return asJson(await withFaults(state, input, () => handler(input)));
  };
  return (input) => withWorkContext({ id: `task ${randomUUID()}`, what: `${state} (${module})` }, () => run(input));
}

export interface LocalMachine {
  arn: string;
  definition: StateMachineDefinition;
  /** Task state name → handler module under functions/. */
  taskHandlers: Record<string, string>;
}

export async function startStepFunctions(preferredPort: number, machines: LocalMachine[]): Promise<{ endpoint: string; stop: () => Promise<void> }> {
  const threads = taskThreads(functionsDir);
  const byArn = new Map(
    machines.map((m) => {
      const machine = new StateMachine(m.definition, { validationOptions: { checkArn: false, checkPaths: false } });
      const overrides: TaskHandlers = Object.fromEntries(Object.entries(m.taskHandlers).map(([state, module]) => [state, localTask(state, module, threads)]));
      const retryIntervalOverrides = Object.fromEntries(Object.keys(m.taskHandlers).map((state) => [state, 100]));
      return [m.arn, { machine, overrides, retryIntervalOverrides }] as const;
    }),
  );
  const executions = new Map<string, Execution>();

  function start(stateMachineArn: string, input: string, name?: string): Execution {
    const found = byArn.get(stateMachineArn);
    if (!found) throw new Error(`State machine does not exist: ${stateMachineArn}`);
    const id = name ?? randomUUID();
    const execution: Execution = {
      executionArn: `${stateMachineArn.replace(':stateMachine:', ':execution:')}:${id}`,
      stateMachineArn,
      name: id,
      status: 'RUNNING',
      startDate: Date.now() / 1000,
      input,
    };
    executions.set(execution.executionArn, execution);
    const run = found.machine.run(JSON.parse(input || '{}'), {
      overrides: { taskResourceLocalHandlers: found.overrides, retryIntervalOverrides: found.retryIntervalOverrides },
    });
    run.result.then(
      (output) => Object.assign(execution, { status: 'SUCCEEDED', output: JSON.stringify(output), stopDate: Date.now() / 1000 }),
      (error: Error & { cause?: unknown }) => {
        logger.warn('local state machine execution failed', { executionArn: execution.executionArn, error: error.message });
        Object.assign(execution, { status: 'FAILED', error: error.name, cause: error.message, stopDate: Date.now() / 1000 });
      },
    );
    return execution;
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const target = String(req.headers['x-amz-target'] ?? '').replace('AWSStepFunctions.', '');
      const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : {};
      const send = (status: number, payload: unknown) => {
        res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' });
        res.end(JSON.stringify(payload));
      };
      if (target === 'StartExecution') {
        if (!byArn.has(body.stateMachineArn)) return send(400, { __type: 'StateMachineDoesNotExist', message: `State Machine Does Not Exist: '${body.stateMachineArn}'` });
        const e = start(body.stateMachineArn, body.input ?? '{}', body.name);
        return send(200, { executionArn: e.executionArn, startDate: e.startDate });
      }
      if (target === 'DescribeExecution') {
        const e = executions.get(body.executionArn);
        if (!e) return send(400, { __type: 'ExecutionDoesNotExist', message: 'Execution does not exist' });
        return send(200, e);
      }
      return send(400, { __type: 'UnknownOperationException', message: `Not supported locally: ${target}` });
    });
  });
  const socket = await bindPort('Step Functions', preferredPort);
  const port = portOf(socket);
  await serveOn(server, socket);
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await threads.stop();
    },
  };
}
