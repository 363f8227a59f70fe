import { createRequire } from 'node:module';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type * as SesModule from 'aws-ses-v2-local';
import { bindPort, portOf } from './ports';
import { takeSendEmailFault } from './faults';
import { deliverSimulatorEvents, simulatorEvents } from './ses-feedback';

// A CommonJS module with its server factory on `exports.default`, as its types say. What a default
// import of it gives differs between Node's loader and bundlers; require gives the exports as typed.
const ses: typeof SesModule = createRequire(import.meta.url)('aws-ses-v2-local');
const sesServer = ses.default;

/**
 * aws-ses-v2-local keeps sent mail in memory; its page lists it and `GET /store` returns it. With
 * faults on (DVP_LOCAL_FAULTS=1), a `SendEmail` fault refuses the next e-mail as SES would.
 */
export async function startSes(preferredPort: number): Promise<{ endpoint: string; stop: () => Promise<void> }> {
  // It listens itself, on whatever it is given as the port: Node's `server.listen` takes the socket
  // we bound (ports.ts) in place of a number.
  const socket = await bindPort('SES (aws-ses-v2-local)', preferredPort);
  const port = portOf(socket);
  const server = await sesServer({ host: '127.0.0.1', port: socket as unknown as number });
  // A send a test asked to fail (infra/local/faults.ts) is refused before the stand-in sees it.
  const [app] = server.listeners('request') as Array<(req: IncomingMessage, res: ServerResponse) => void>;
  server.removeAllListeners('request');
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'POST' && req.url?.startsWith('/v2/email/outbound-emails') && takeSendEmailFault()) {
      req.resume();
      res.writeHead(400, { 'content-type': 'application/json', 'x-amzn-errortype': 'MessageRejected' });
      res.end(JSON.stringify({ message: 'Injected refusal of the e-mail' }));
      return;
    }
    if (req.method === 'POST' && req.url?.startsWith('/v2/email/outbound-emails')) answerAfterSimulatorEvents(req, res);
    app(req, res);
  });
  return {
    endpoint: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A send accepted for a mailbox-simulator address is answered only once its bounce or complaint
 * is recorded (./ses-feedback.ts); the stand-in has parsed the body onto the request by then.
 */
function answerAfterSimulatorEvents(req: IncomingMessage, res: ServerResponse) {
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.end = ((...args: unknown[]) => {
    const events = res.statusCode === 200 ? simulatorEvents((req as IncomingMessage & { body?: unknown }).body) : [];
    if (events.length === 0) return end(...args);
    deliverSimulatorEvents(events)
      .catch((error: unknown) => console.error('local SES: the simulator event could not be recorded', error))
      .finally(() => end(...args));
    return res;
  }) as ServerResponse['end'];
}
